import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations, renderWithTheme } from '@ui/test-utils';
import { Alert } from './Alert';

describe('Alert', () => {
  it('uses role="alert" for errors', async () => {
    const { container } = renderWithTheme(
      <Alert tone="error">Erro ao atualizar negociação. Tente novamente.</Alert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Erro ao atualizar negociação. Tente novamente.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it.each(['success', 'warning', 'info'] as const)('uses role="status" for %s', async (tone) => {
    const { container } = renderWithTheme(<Alert tone={tone}>Nota criada com sucesso!</Alert>);
    expect(screen.getByRole('status')).toHaveTextContent('Nota criada com sucesso!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it("offers a 'Fechar' button only with onClose", async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { rerender } = renderWithTheme(<Alert tone="success">Feito</Alert>);
    expect(screen.queryByRole('button', { name: 'Fechar' })).not.toBeInTheDocument();
    rerender(
      <Alert tone="success" title="Tudo certo" onClose={onClose}>
        Feito
      </Alert>,
    );
    expect(screen.getByText('Tudo certo')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
