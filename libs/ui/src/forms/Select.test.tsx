import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { Select } from './Select';

describe('Select', () => {
  it('renders a labelled native select with a placeholder option', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { container } = renderWithTheme(
      <Select
        label="Tipo"
        required
        placeholder="Selecione"
        error="O tipo é obrigatório"
        defaultValue=""
        onChange={onChange}
        options={[
          { value: 'call', label: 'Ligação' },
          { value: 'email', label: 'E-mail' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Tipo' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('O tipo é obrigatório');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Selecione',
      'Ligação',
      'E-mail',
    ]);
    await user.selectOptions(select, 'email');
    expect(select).toHaveValue('email');
    expect(onChange).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });
});
