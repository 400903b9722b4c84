import { type Rating as RatingValue } from '@crm-panel/crm-model';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { Rating } from './Rating';

function Editable({ initial, onChange }: { initial: number; onChange: (v: RatingValue) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Rating
      value={value}
      readOnly={false}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Rating', () => {
  it("is read-only by default and named like '3 de 5 estrelas'", async () => {
    const onChange = jest.fn();
    const { container } = renderWithTheme(<Rating value={3} onChange={onChange} />);
    expect(screen.getByRole('img', { name: '3 de 5 estrelas' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('rounds and clamps what it displays', () => {
    const { rerender } = renderWithTheme(<Rating value={0} />);
    expect(screen.getByRole('img', { name: '0 de 5 estrelas' })).toBeInTheDocument();
    rerender(<Rating value={3.6} />);
    expect(screen.getByRole('img', { name: '4 de 5 estrelas' })).toBeInTheDocument();
    rerender(<Rating value={9} />);
    expect(screen.getByRole('img', { name: '5 de 5 estrelas' })).toBeInTheDocument();
  });

  it('is a radio group of five stars when editable', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { container } = renderWithTheme(<Editable initial={2} onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Avaliação' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 de 5 estrelas',
      '2 de 5 estrelas',
      '3 de 5 estrelas',
      '4 de 5 estrelas',
      '5 de 5 estrelas',
    ]);
    expect(screen.getByRole('radio', { name: '2 de 5 estrelas' })).toBeChecked();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('radio', { name: '4 de 5 estrelas' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(screen.getByRole('radio', { name: '4 de 5 estrelas' })).toBeChecked();
  });

  it('moves with the arrow keys, Home and End, staying within 1 to 5', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(<Editable initial={3} onChange={onChange} />);

    await user.tab();
    expect(screen.getByRole('radio', { name: '3 de 5 estrelas' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(4);
    expect(screen.getByRole('radio', { name: '4 de 5 estrelas' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '4 de 5 estrelas' })).toBeChecked();

    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(onChange).toHaveBeenLastCalledWith(5);
    expect(onChange).toHaveBeenCalledTimes(2);

    await user.keyboard('{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith(4);
    await user.keyboard('{Home}');
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenCalledTimes(4);
    expect(screen.getByRole('radio', { name: '1 de 5 estrelas' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(onChange).toHaveBeenLastCalledWith(5);
  });

  it('gives the first star the tab stop when nothing is rated', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(<Editable initial={0} onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 de 5 estrelas' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.keyboard(' ');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
