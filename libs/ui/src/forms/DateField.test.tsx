import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { DateField, isDateFieldDay } from './DateField';

function Held({ initial = '', seen }: { initial?: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="De"
        value={value}
        onChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue('2027-01-05')}>
        Trocar
      </button>
      <button type="button" onClick={() => setValue('')}>
        Limpar
      </button>
    </>
  );
}

describe('DateField', () => {
  it('shows dd/mm/aaaa, puts the slashes in, and gives the day as yyyy-mm-dd once it is one', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    const { container } = renderWithTheme(<Held seen={seen} />);
    const input = screen.getByRole('textbox', { name: 'De' });
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, '2011202');
    expect(input).toHaveValue('20/11/202');
    expect(seen.at(-1)).toBe('20/11/202');
    await user.type(input, '6');
    expect(input).toHaveValue('20/11/2026');
    expect(seen.at(-1)).toBe('2026-11-20');
    // Letters never get in; a ninth digit neither.
    await user.type(input, 'x9');
    expect(input).toHaveValue('20/11/2026');
    await expectNoAxeViolations(container);
  });

  it('keeps an impossible day as typed, which is not a day', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    renderWithTheme(<Held seen={seen} />);
    await user.type(screen.getByRole('textbox', { name: 'De' }), '31022026');
    expect(screen.getByRole('textbox', { name: 'De' })).toHaveValue('31/02/2026');
    expect(seen.at(-1)).toBe('31/02/2026');
    expect(isDateFieldDay('31/02/2026')).toBe(false);
    expect(isDateFieldDay('2026-11-20')).toBe(true);
  });

  it('shows a value set from outside, and an empty one', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Held initial="2026-11-20" seen={[]} />);
    const input = screen.getByRole('textbox', { name: 'De' });
    expect(input).toHaveValue('20/11/2026');
    await user.click(screen.getByRole('button', { name: 'Trocar' }));
    expect(input).toHaveValue('05/01/2027');
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(input).toHaveValue('');
  });
});
