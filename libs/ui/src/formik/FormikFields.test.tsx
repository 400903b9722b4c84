import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { object, string, boolean } from 'yup';
import { Button } from '@ui/components/Button';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { FormikCheckbox } from './FormikCheckbox';
import { FormikSelect } from './FormikSelect';
import { FormikTextArea } from './FormikTextArea';
import { FormikTextField } from './FormikTextField';

const schema = object({
  name: string().trim().required('O título é obrigatório'),
  description: string()
    .trim()
    .min(3, 'A descrição é obrigatória e deve ter no mínimo 3 caracteres'),
  type: string().required('O tipo é obrigatório'),
  accepted: boolean().oneOf([true], 'Você precisa aceitar ambos os termos para continuar'),
});

function TaskForm({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  return (
    <Formik
      initialValues={{ name: '', description: '', type: '', accepted: false }}
      validationSchema={schema}
      onSubmit={onSubmit}
    >
      <Form noValidate>
        <FormikTextField name="name" label="Título" required />
        <FormikTextArea name="description" label="Descrição" required />
        <FormikSelect
          name="type"
          label="Tipo"
          required
          placeholder="Selecione"
          options={[
            { value: 'call', label: 'Ligação' },
            { value: 'email', label: 'E-mail' },
          ]}
        />
        <FormikCheckbox name="accepted" label="Estou de acordo com os termos de uso do produto" />
        <Button type="submit">Criar Tarefa</Button>
      </Form>
    </Formik>
  );
}

describe('Formik fields', () => {
  it('show no errors before the field is touched', async () => {
    const user = userEvent.setup();
    const { container } = renderWithTheme(<TaskForm onSubmit={jest.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'a');
    expect(screen.queryByText('O título é obrigatório')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Título' })).not.toHaveAttribute('aria-invalid');
    await expectNoAxeViolations(container);
  });

  it("show a field's error once it was touched", async () => {
    const user = userEvent.setup();
    renderWithTheme(<TaskForm onSubmit={jest.fn()} />);
    await user.click(screen.getByRole('textbox', { name: 'Título' }));
    await user.tab();
    expect(await screen.findByText('O título é obrigatório')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Título' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('O tipo é obrigatório')).not.toBeInTheDocument();
  });

  it('show every error after a submit and submit valid values', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const { container } = renderWithTheme(<TaskForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Criar Tarefa' }));
    expect(await screen.findByText('O título é obrigatório')).toBeVisible();
    expect(screen.getByText('O tipo é obrigatório')).toBeVisible();
    expect(screen.getByText('Você precisa aceitar ambos os termos para continuar')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);

    await user.type(screen.getByRole('textbox', { name: 'Título' }), 'Ligar para cliente');
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'Confirmar proposta');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'call');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Criar Tarefa' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Ligar para cliente',
      description: 'Confirmar proposta',
      type: 'call',
      accepted: true,
    });
  });
});
