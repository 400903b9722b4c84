import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

const QUESTION = 'Tem certeza que deseja marcar esta venda como ganha?';

function Harness(props: Partial<ConfirmDialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Marcar como ganha
      </button>
      <ConfirmDialog
        open={open}
        title="Marcar venda como ganha"
        message={QUESTION}
        confirmLabel="Confirmar"
        cancelLabel="Cancelar"
        {...props}
        onConfirm={async () => {
          await props.onConfirm?.();
          setOpen(false);
        }}
        onCancel={() => {
          props.onCancel?.();
          setOpen(false);
        }}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('renders nothing while closed', () => {
    renderWithTheme(
      <ConfirmDialog
        open={false}
        title="T"
        message="M"
        onConfirm={jest.fn()}
        onCancel={jest.fn()}
      />,
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('is a labelled alertdialog that takes focus and gives it back', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness />);
    const opener = screen.getByRole('button', { name: 'Marcar como ganha' });
    await user.click(opener);

    const dialog = screen.getByRole('alertdialog', { name: 'Marcar venda como ganha' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(QUESTION);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await expectNoAxeViolations(document.body);

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('cancels on Escape', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    const onConfirm = jest.fn();
    renderWithTheme(<Harness onCancel={onCancel} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Marcar como ganha' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('confirms, showing Processando... until the action settles', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onConfirm = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderWithTheme(<Harness tone="danger" onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Marcar como ganha' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Processando...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Marcar como ganha' }));
    const cancel = screen.getByRole('button', { name: 'Cancelar' });
    const confirm = screen.getByRole('button', { name: 'Confirmar' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });

  it('focuses the first field of extra content', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <Harness>
        <label>
          Motivo
          <select defaultValue="">
            <option value="">Selecione</option>
          </select>
        </label>
      </Harness>,
    );
    await user.click(screen.getByRole('button', { name: 'Marcar como ganha' }));
    expect(screen.getByRole('combobox', { name: 'Motivo' })).toHaveFocus();
  });

  it('offers a third way out between cancel and confirm, busy on its own button', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onSelect = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const onConfirm = jest.fn();
    renderWithTheme(
      <ConfirmDialog
        open
        title="Telefone já cadastrado no CRM"
        message="Já existe um contato com este telefone: Rafael Souza. Criar mesmo assim?"
        confirmLabel="Vincular Rafael Souza"
        alternative={{ label: 'Criar mesmo assim', onSelect }}
        onConfirm={onConfirm}
        onCancel={jest.fn()}
      />,
    );
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Cancelar', 'Criar mesmo assim', 'Vincular Rafael Souza']);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Criar mesmo assim' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Processando...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Vincular Rafael Souza' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Vincular Rafael Souza' }));
    expect(onConfirm).not.toHaveBeenCalled();

    finish();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Criar mesmo assim' })).toBeEnabled(),
    );
    await expectNoAxeViolations(document.body);
  });
});
