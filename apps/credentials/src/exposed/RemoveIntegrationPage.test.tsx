import { screen, waitFor } from '@testing-library/react';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { reloadPage } from '@credentials/features/shared/reloadPage';
import { advance, fakeSpecTimers, renderPage } from '@credentials/test-utils';
import { RemoveIntegrationPage } from './RemoveIntegrationPage';

jest.mock('@credentials/features/shared/reloadPage');

const server = setupTestServer();
const reload = jest.mocked(reloadPage);

function renderRemoval(adapter = createFakeHostAdapter()) {
  return renderPage(<RemoveIntegrationPage />, { route: '/remove-integration-modal', adapter });
}

afterEach(() => {
  jest.useRealTimers();
  reload.mockReset();
});

describe('RemoveIntegrationPage (/remove-integration-modal)', () => {
  it("requires the security password: 'Senha de segurança é obrigatória', confirm disabled", async () => {
    const { user } = renderRemoval();
    expect(screen.getByRole('heading', { name: 'Desativar Integração' })).toBeInTheDocument();
    const password = await screen.findByLabelText(/^Senha de segurança/);
    const confirm = screen.getByRole('button', { name: 'Confirmar desativação' });
    expect(confirm).toBeDisabled();
    expect(screen.queryByText('Senha de segurança é obrigatória')).not.toBeInTheDocument();
    // Leaving the empty field is not an error yet (it would move 'Cancelar' under the pointer)…
    await user.click(password);
    await user.tab();
    expect(screen.queryByText('Senha de segurança é obrigatória')).not.toBeInTheDocument();
    // …erasing what was typed is.
    await user.type(password, 'x');
    await user.clear(password);
    expect(screen.getByText('Senha de segurança é obrigatória')).toBeInTheDocument();
    expect(confirm).toBeDisabled();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests).toHaveLength(0);
  });

  it('removes, closes with removed and the count, says so and reloads after 2 s', async () => {
    fakeSpecTimers();
    const adapter = createFakeHostAdapter();
    const { user } = renderRemoval(adapter);
    await advance(100);
    await user.type(screen.getByLabelText(/^Senha de segurança/), 'senha-segura');
    await user.click(screen.getByRole('button', { name: 'Confirmar desativação' }));
    await advance(50);
    expect(server.lastRequest()).toMatchObject({
      method: 'DELETE',
      path: '/api/rdstation/credentials',
      body: { securityPassword: 'senha-segura' },
    });
    expect(adapter.closedForms).toEqual([{ success: true, removed: true, usersAffected: 3 }]);
    expect(
      screen.getByText('Integração removida com sucesso! 3 usuário(s) afetado(s).'),
    ).toBeInTheDocument();
    await advance(1_950);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("a wrong password gives 'Senha de segurança incorreta' and nothing closes", async () => {
    const adapter = createFakeHostAdapter();
    const { user } = renderRemoval(adapter);
    await user.type(await screen.findByLabelText(/^Senha de segurança/), 'outra');
    await user.click(screen.getByRole('button', { name: 'Confirmar desativação' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Senha de segurança incorreta');
    expect(adapter.closedForms).toEqual([]);
  });

  it("'Cancelar' closes with success false", async () => {
    const adapter = createFakeHostAdapter();
    const { user } = renderRemoval(adapter);
    await screen.findByLabelText(/^Senha de segurança/);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(adapter.closedForms).toEqual([{ success: false }]));
  });
});
