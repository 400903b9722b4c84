import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { TextInput } from './TextInput';

describe('TextInput', () => {
  it('labels the input and marks a required field with an asterisk', async () => {
    const { container } = renderWithTheme(<TextInput label="Título" required />);
    const input = screen.getByRole('textbox', { name: 'Título' });
    expect(screen.getByText('*')).toBeVisible();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    await expectNoAxeViolations(container);
  });

  it('has no asterisk when optional', () => {
    renderWithTheme(<TextInput label="Cargo" />);
    expect(screen.queryByText('*')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cargo' })).not.toHaveAttribute('aria-required');
  });

  it('wires the error and helper texts with aria-invalid and aria-describedby', async () => {
    const { container } = renderWithTheme(
      <TextInput
        label="Nome"
        id="contact-name"
        required
        error="Nome é obrigatório"
        helperText="Como aparece no CRM"
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Nome' });
    expect(input).toHaveAttribute('id', 'contact-name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'contact-name-error contact-name-helper');
    expect(input).toHaveAccessibleDescription('Nome é obrigatório Como aparece no CRM');
    expect(screen.getByText('Nome é obrigatório')).toHaveAttribute('id', 'contact-name-error');
    expect(screen.getByText('Como aparece no CRM')).toHaveAttribute('id', 'contact-name-helper');
    await expectNoAxeViolations(container);
  });

  it('describes with the helper text alone when there is no error', () => {
    renderWithTheme(<TextInput label="E-mail" helperText="Enviado como e-mail de trabalho" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Enviado como e-mail de trabalho');
  });

  it("keeps the caller's own aria-describedby after the field's error and helper", () => {
    renderWithTheme(
      <>
        <p id="tip">Só números</p>
        <TextInput
          label="CEP"
          id="cep"
          error="CEP inválido"
          helperText="8 dígitos"
          aria-describedby="tip"
        />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'CEP' });
    expect(input).toHaveAttribute('aria-describedby', 'cep-error cep-helper tip');
    expect(input).toHaveAccessibleDescription('CEP inválido 8 dígitos Só números');
  });

  it('forwards input props and events', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(
      <TextInput label="Telefone" placeholder="(11) 99999-9999" onChange={onChange} />,
    );
    const input = screen.getByPlaceholderText('(11) 99999-9999');
    await user.type(input, '11');
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(input).toHaveValue('11');
  });
});
