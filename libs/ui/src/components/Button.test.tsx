import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { Button } from './Button';

describe('Button', () => {
  it('renders every variant as an accessible button', async () => {
    const { container } = renderWithTheme(
      <>
        <Button variant="primary">Salvar</Button>
        <Button variant="secondary">Cancelar</Button>
        <Button variant="danger">Excluir</Button>
        <Button variant="ghost" icon="refresh">
          Atualizar
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeEnabled();
    await expectNoAxeViolations(container);
  });

  it("shows 'Processando...' while loading, is busy and ignores clicks", async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    const { container } = renderWithTheme(
      <Button loading onClick={onClick}>
        Salvar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Processando...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Salvar')).not.toBeInTheDocument();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('runs an async action once on a double click and stays busy until it settles', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onClick = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderWithTheme(<Button onClick={onClick}>Criar Tarefa</Button>);

    await user.dblClick(screen.getByRole('button', { name: 'Criar Tarefa' }));

    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Processando...' })).toBeDisabled();

    finish();
    expect(await screen.findByRole('button', { name: 'Criar Tarefa' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Criar Tarefa' }));
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('ends the busy state when the action fails', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn(() => Promise.reject(new Error('falhou')));
    renderWithTheme(<Button onClick={onClick}>Salvar</Button>);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('button', { name: 'Salvar' })).toBeEnabled();
  });

  it('is not clickable when disabled', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithTheme(
      <Button disabled onClick={onClick}>
        Começar
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Começar' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('submits a form when given type="submit"', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithTheme(
      <form onSubmit={onSubmit}>
        <Button type="submit">Enviar</Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
