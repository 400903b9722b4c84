import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockErrorHandler, setupTestServer } from '@crm-panel/api-client/testing';
import { type NovusDiagnosticsReport } from '@crm-panel/crm-model';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { renderShell } from '@shell/test-utils';
import { Guard, type GuardRequirement } from './Guard';

const server = setupTestServer();

function renderGuarded(requires: GuardRequirement[]) {
  return renderShell(
    <Guard requires={requires}>
      <p>Conteúdo protegido</p>
    </Guard>,
    { adapter: createFakeHostAdapter(), route: '/' },
  );
}

const location = () => screen.getByTestId('location').textContent;

/** The terms' status fails for another reason than who is asking (a 500). */
function failTermsStatus(): void {
  server.use(
    mockErrorHandler({
      baseURL: server.baseURL,
      method: 'get',
      path: '/api/rdstation/terms/status',
      status: 500,
    }),
  );
}

/** The api refuses who the panel says it is (as to a host assertion of someone else); its words. */
function refuseIdentity(): string {
  const message =
    'A identidade enviada pela plataforma de atendimento é inválida ou expirou. Recarregue o painel.';
  server.use(
    http.get(`${server.baseURL}/api/rdstation/terms/status`, () =>
      HttpResponse.json({ message, code: 'assertion_invalid' }, { status: 401 }),
    ),
  );
  return message;
}

it('renders the page when terms, credentials and session all pass, asking the server', async () => {
  renderGuarded(['terms', 'credentials', 'auth']);
  expect(await screen.findByText('Conteúdo protegido')).toBeInTheDocument();
  const paths = server.requests.map((r) => `${r.method} ${r.path}`);
  expect(paths).toEqual(
    expect.arrayContaining([
      'GET /api/rdstation/terms/status',
      'GET /api/rdstation/credentials/status',
      'GET /api/rdstation/auth/status',
    ]),
  );
});

it("shows 'Verificando termos...' while it checks", async () => {
  renderGuarded(['terms']);
  expect(screen.getByText('Verificando termos...')).toBeInTheDocument();
  expect(await screen.findByText('Conteúdo protegido')).toBeInTheDocument();
});

it('sends a person who has not accepted the terms to /terms-acceptance', async () => {
  server.db.state.integration.termsAccepted = false;
  renderGuarded(['terms', 'credentials', 'auth']);
  expect(await screen.findByText('/terms-acceptance')).toBeInTheDocument();
  expect(screen.queryByText('Conteúdo protegido')).not.toBeInTheDocument();
});

it('sends a tenant without credentials to /credentials-setup', async () => {
  server.db.state.integration.credentialsConfigured = false;
  renderGuarded(['terms', 'credentials', 'auth']);
  await screen.findByText('/credentials-setup');
  expect(location()).toBe('/credentials-setup');
});

it('sends a configured but signed-out person to /rdstation-login-prompt', async () => {
  server.db.state.integration.authenticated = false;
  renderGuarded(['terms', 'credentials', 'auth']);
  await screen.findByText('/rdstation-login-prompt');
});

it('counts a failed check as not accepted', async () => {
  failTermsStatus();
  renderGuarded(['terms']);
  await screen.findByText('/terms-acceptance');
});

it('keeps the page mounted while it asks again, and judges the new answer', async () => {
  const { queryClient } = renderGuarded(['terms', 'credentials', 'auth']);
  const page = await screen.findByText('Conteúdo protegido');
  const asked = () => server.requests.filter((r) => r.path === '/api/rdstation/terms/status');
  expect(asked()).toHaveLength(1);

  // A live resync re-reads everything: the same page stays, never the spinner in its place.
  await act(() => queryClient.invalidateQueries());
  expect(asked()).toHaveLength(2);
  expect(screen.getByText('Conteúdo protegido')).toBe(page);
  expect(screen.queryByText('Verificando termos...')).not.toBeInTheDocument();

  // What the server now says still counts.
  server.db.state.integration.termsAccepted = false;
  await act(() => queryClient.invalidateQueries());
  expect(await screen.findByText('/terms-acceptance')).toBeInTheDocument();
  expect(screen.queryByText('Conteúdo protegido')).not.toBeInTheDocument();
});

it('checks only what the route needs', async () => {
  server.db.state.integration.authenticated = false;
  renderGuarded(['terms', 'credentials']);
  expect(await screen.findByText('Conteúdo protegido')).toBeInTheDocument();
  expect(server.requests.some((r) => r.path === '/api/rdstation/auth/status')).toBe(false);
});

describe('the CRM user step', () => {
  it('sends a signed-in person whose CRM user is still unknown to /rdstation-crm-user', async () => {
    server.db.state.integration.crmUserChosen = false;
    renderGuarded(['terms', 'credentials', 'auth', 'crmUser']);
    await screen.findByText('/rdstation-crm-user');
    expect(screen.queryByText('Conteúdo protegido')).not.toBeInTheDocument();
    // One auth/status answers both steps.
    expect(server.requests.filter((r) => r.path === '/api/rdstation/auth/status')).toHaveLength(1);
  });

  it('lets a route that needs only the sign-in in (the picker itself)', async () => {
    server.db.state.integration.crmUserChosen = false;
    renderGuarded(['terms', 'credentials', 'auth']);
    expect(await screen.findByText('Conteúdo protegido')).toBeInTheDocument();
  });

  it('sends a signed-out person to the login prompt first', async () => {
    server.db.state.integration.authenticated = false;
    server.db.state.integration.crmUserChosen = false;
    renderGuarded(['terms', 'credentials', 'auth', 'crmUser']);
    await screen.findByText('/rdstation-login-prompt');
  });

  it('passes once the CRM user is known', async () => {
    renderGuarded(['terms', 'credentials', 'auth', 'crmUser']);
    expect(await screen.findByText('Conteúdo protegido')).toBeInTheDocument();
  });
});

describe('when the panel does not know who is using it', () => {
  it('says the host gave no identity, and what to do, instead of any terms or check', async () => {
    renderShell(
      <Guard requires={['terms', 'credentials', 'auth']}>
        <p>Conteúdo protegido</p>
      </Guard>,
      { adapter: createFakeHostAdapter({ userInfo: null }), route: '/' },
    );
    expect(
      await screen.findByText(
        'O painel não recebeu da plataforma de atendimento quem é você. Abra o painel pela plataforma de atendimento ou recarregue a página.',
        {},
        { timeout: 8000 },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Não foi possível identificar você' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Recarregar painel' })).toBeVisible();
    expect(location()).toBe('/');
  }, 10_000);

  it('a Novus frame that cannot reach its host says why at once, asking the api nothing', () => {
    const page = 'https://acme.novus.example';
    const other = 'https://outra.novus.example';
    // The origins are what the panel knows at once; the rest of its report does not matter here.
    const report: Pick<NovusDiagnosticsReport, 'hostOrigin' | 'origins'> = {
      hostOrigin: other,
      origins: { parameter: other, referrer: page, ancestor: page },
    };
    // Still waiting for a user that cannot come (every message to `other` is dropped).
    const adapter = Object.assign(createFakeHostAdapter({ userInfo: null }), {
      kind: 'novus' as const,
      diagnostics: () => report,
    });
    renderShell(
      <Guard requires={['terms', 'credentials', 'auth']}>
        <p>Conteúdo protegido</p>
      </Guard>,
      { adapter, route: '/' },
    );
    expect(
      screen.getByText(
        `A página do Novus que abriu o painel está em ${page}, mas o painel fala com ${other} (parâmetro hostOrigin da URL do plugin): o navegador descarta as mensagens para outra origem. Corrija o parâmetro hostOrigin no cadastro do plugin no Novus para ${page} (essa origem também precisa estar em hostOrigins, no runtime-config.json do painel).`,
      ),
    ).toBeVisible();
    expect(screen.queryByText('Verificando termos...')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it("shows the api's refusal of the identity first and alone, never the terms page", async () => {
    const message = refuseIdentity();
    renderGuarded(['terms', 'credentials', 'auth']);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recarregar painel' })).toBeVisible();
    expect(location()).toBe('/');
    expect(screen.queryByText('/terms-acceptance')).not.toBeInTheDocument();
  });

  it("says the api's refusal on a page guarded by the identity alone (the terms page)", async () => {
    const message = refuseIdentity();
    renderGuarded(['identity']);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Não foi possível identificar você' }),
    ).toBeVisible();
    expect(screen.queryByText('Conteúdo protegido')).not.toBeInTheDocument();
  });

  it('lets such a page show for an accepted identity, terms accepted or not, or any other failure', async () => {
    server.db.state.integration.termsAccepted = false;
    const { unmount } = renderGuarded(['identity']);
    expect(screen.getByText('Verificando termos...')).toBeInTheDocument();
    expect(await screen.findByText('Conteúdo protegido')).toBeInTheDocument();
    expect(location()).toBe('/');
    unmount();
    failTermsStatus();
    renderGuarded(['identity']);
    expect(await screen.findByText('Conteúdo protegido')).toBeInTheDocument();
    expect(location()).toBe('/');
  });
});
