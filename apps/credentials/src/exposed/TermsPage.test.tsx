import { screen, waitFor, within } from '@testing-library/react';
import { identityFixture, mockErrorHandler, setupTestServer } from '@crm-panel/api-client/testing';
import { renderPage } from '@credentials/test-utils';
import { TermsPage } from './TermsPage';

const server = setupTestServer();

const TERMS = 'Estou de acordo com os termos de uso do produto';
const CONSENT = 'Os dados salvos no CRM tiveram consentimento do contato';
const MUST_ACCEPT = 'Você precisa aceitar ambos os termos para continuar';

function renderTerms() {
  return renderPage(<TermsPage />, { route: '/terms-acceptance' });
}

async function tickBoth(user: ReturnType<typeof renderTerms>['user']) {
  await user.click(screen.getByRole('checkbox', { name: TERMS }));
  await user.click(screen.getByRole('checkbox', { name: CONSENT }));
}

describe('TermsPage (/terms-acceptance)', () => {
  it("greets, links the terms and keeps 'Começar' disabled until both boxes are ticked", async () => {
    const { user } = renderTerms();
    expect(screen.getByRole('heading', { name: 'Olá' })).toBeInTheDocument();
    expect(screen.getByText(/leia e aceite os termos de uso/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'termos de uso' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByText(/LGPD/)).toBeInTheDocument();

    const start = screen.getByRole('button', { name: 'Começar' });
    expect(start).toBeDisabled();
    expect(screen.getByText(MUST_ACCEPT)).toBeInTheDocument();
    expect(start).toHaveAccessibleDescription(MUST_ACCEPT);

    await user.click(screen.getByRole('checkbox', { name: TERMS }));
    expect(start).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: CONSENT }));
    expect(start).toBeEnabled();
    expect(screen.queryByText(MUST_ACCEPT)).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: TERMS }));
    expect(start).toBeDisabled();
    expect(screen.getByText(MUST_ACCEPT)).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('accepts and goes to the login prompt when the credentials are configured', async () => {
    server.db.state.integration.termsAccepted = false;
    const { user, location, queryClient } = renderTerms();
    await tickBoth(user);
    await user.click(screen.getByRole('button', { name: 'Começar' }));

    await waitFor(() => expect(location()).toBe('/rdstation-login-prompt'));
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/rdstation/terms/accept',
      'GET /api/rdstation/credentials/status',
    ]);
    expect(server.requests[0]?.body).toEqual({});
    expect(server.requests[0]?.headers['x-user-id']).toBe(identityFixture.userId);
    expect(server.db.state.integration.termsAccepted).toBe(true);
    expect(queryClient.getQueryData(['crm-panel', 'terms', 'status'])).toEqual({ accepted: true });
  });

  it('goes to /credentials-setup when the tenant has no credentials', async () => {
    server.db.state.integration.credentialsConfigured = false;
    const { user, location } = renderTerms();
    await tickBoth(user);
    await user.click(screen.getByRole('button', { name: 'Começar' }));
    await waitFor(() => expect(location()).toBe('/credentials-setup'));
  });

  it('counts a failed credentials check as not configured', async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/credentials/status',
        status: 500,
      }),
    );
    const { user, location } = renderTerms();
    await tickBoth(user);
    await user.click(screen.getByRole('button', { name: 'Começar' }));
    await waitFor(() => expect(location()).toBe('/credentials-setup'));
  });

  it("shows the server's message when accepting fails, keeping the boxes ticked", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'post',
        path: '/api/rdstation/terms/accept',
        status: 503,
        message: 'Serviço de termos indisponível',
      }),
    );
    const { user, location } = renderTerms();
    await tickBoth(user);
    await user.click(screen.getByRole('button', { name: 'Começar' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Serviço de termos indisponível')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: TERMS })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: CONSENT })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Começar' })).toBeEnabled();
    expect(location()).toBe('/terms-acceptance');
  });

  it("falls back to 'Erro ao aceitar termos. Tente novamente.' without a server message", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'post',
        path: '/api/rdstation/terms/accept',
        status: 500,
      }),
    );
    const { user } = renderTerms();
    await tickBoth(user);
    await user.click(screen.getByRole('button', { name: 'Começar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao aceitar termos. Tente novamente.',
    );
  });
});
