import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { Button } from '@ui/components/Button';
import { FormikFormLayout } from '@ui/formik/FormikFormLayout';
import { FormikSingleSelect } from '@ui/formik/FormikSingleSelect';
import { FormikTextField } from '@ui/formik/FormikTextField';
import { renderWithTheme } from '@ui/test-utils';
import { FormActions, FormLayout } from './FormLayout';
import { ModalPage } from './ModalPage';

function NoteForm({ onClose }: { onClose: () => void }) {
  return (
    <ModalPage title="Adicionar Nota" onClose={onClose}>
      <Formik initialValues={{ text: '', kind: '' }} onSubmit={() => undefined}>
        <FormikFormLayout aria-label="Adicionar Nota">
          <FormikTextField name="text" label="Conteúdo da nota" />
          <FormikSingleSelect
            name="kind"
            label="Tipo"
            options={[
              { value: 'a', label: 'Ligação' },
              { value: 'b', label: 'Reunião' },
            ]}
          />
          <FormActions>
            <Button variant="secondary" onClick={onClose}>
              Cancelar
            </Button>
          </FormActions>
        </FormikFormLayout>
      </Formik>
    </ModalPage>
  );
}

describe('ModalPage and Escape', () => {
  it('closes an untouched form at once, from anywhere inside it', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithTheme(<NoteForm onClose={onClose} />);
    await user.click(screen.getByRole('textbox', { name: 'Conteúdo da nota' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks first when something was typed: "Continuar editando" keeps it, "Descartar" closes', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithTheme(<NoteForm onClose={onClose} />);
    const text = screen.getByRole('textbox', { name: 'Conteúdo da nota' });
    await user.type(text, 'Cliente pediu proposta');
    await user.keyboard('{Escape}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Descartar alterações?' });
    expect(dialog).toHaveTextContent('O que você preencheu neste formulário será perdido.');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Continuar editando' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(text).toHaveValue('Cliente pediu proposta');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(text);
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves Escape to an open list: it closes the list, not the form', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithTheme(<NoteForm onClose={onClose} />);
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks too for a plain form once something was typed in it', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderWithTheme(
      <ModalPage title="Desativar Integração" onClose={onClose}>
        <FormLayout aria-label="Desativar Integração">
          <label>
            Senha de segurança
            <input type="password" />
          </label>
        </FormLayout>
      </ModalPage>,
    );
    await user.type(screen.getByLabelText('Senha de segurança'), 'abc');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does nothing on Escape without onClose (a page, not a modal)', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <ModalPage title="Gerenciar Integração">
        <p>Conteúdo</p>
      </ModalPage>,
    );
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Gerenciar Integração' })).toBeVisible();
  });
});
