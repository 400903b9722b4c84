import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { DropdownMenu } from './DropdownMenu';

const ITEMS = [
  { id: 'all', label: 'Todas as negociações' },
  { id: 'contact', label: 'Negociações com esse contato' },
];

function Harness({ onSelect }: { onSelect: (id: string) => void }) {
  const [selected, setSelected] = useState('all');
  return (
    <>
      <p>Fora</p>
      <DropdownMenu
        items={ITEMS}
        selectedId={selected}
        onSelect={(id) => {
          setSelected(id);
          onSelect(id);
        }}
      />
    </>
  );
}

describe('DropdownMenu', () => {
  it('shows the selected item on its button and opens a menu of radio items', async () => {
    const user = userEvent.setup();
    const { container } = renderWithTheme(<Harness onSelect={jest.fn()} />);
    const button = screen.getByRole('button', { name: 'Todas as negociações' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await expectNoAxeViolations(container);

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Todas as negociações' });
    expect(menu).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'Todas as negociações' })).toBeChecked();
    expect(screen.getByRole('menuitemradio', { name: 'Todas as negociações' })).toHaveFocus();
    expect(
      screen.getByRole('menuitemradio', { name: 'Negociações com esse contato' }),
    ).not.toBeChecked();
    await expectNoAxeViolations(container);
  });

  it('selects with the mouse and closes', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderWithTheme(<Harness onSelect={onSelect} />);
    await user.click(screen.getByRole('button', { name: 'Todas as negociações' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Negociações com esse contato' }));
    expect(onSelect).toHaveBeenCalledWith('contact');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Negociações com esse contato' })).toHaveFocus();
  });

  it('is keyboard operable and closes on Escape and outside clicks', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderWithTheme(<Harness onSelect={onSelect} />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Todas as negociações' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(
      screen.getByRole('menuitemradio', { name: 'Negociações com esse contato' }),
    ).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Todas as negociações' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(
      screen.getByRole('menuitemradio', { name: 'Negociações com esse contato' }),
    ).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Todas as negociações' })).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith('contact');

    await user.click(screen.getByRole('button', { name: 'Negociações com esse contato' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('Fora'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
