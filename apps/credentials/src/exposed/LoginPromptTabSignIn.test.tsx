import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MOCK_TAB_REDEEM_CODE, setupTestServer } from '@crm-panel/api-client/testing';
import { navigateTop } from '@credentials/features/auth/navigateTop';
import { TAB_SIGN_IN_STORAGE_KEY } from '@credentials/features/auth/hooks/useTabSignIn';
import { advance, advanceUntil, fakeSpecTimers, renderPage } from '@credentials/test-utils';
import { LoginPromptPage } from './LoginPromptPage';

// The panel in a frame that may not open windows (a sandbox without allow-popups, a blocker):
// the sign-in happens in a tab of its own, and the panel redeems it by itself.

jest.mock('@credentials/features/auth/navigateTop', () => ({ navigateTop: jest.fn(() => true) }));

const server = setupTestServer();
const top = jest.mocked(navigateTop);
const AUTH_URL = 'about:blank#oauth-mock';
const GONE = 'Este login não foi encontrado ou expirou. Inicie o login novamente pelo painel.';

let open: jest.SpyInstance;

beforeEach(() => {
  open = jest.spyOn(window, 'open').mockImplementation(() => null);
  server.db.state.integration.authenticated = false;
  sessionStorage.clear();
});

afterEach(() => {
  open.mockRestore();
  top.mockClear();
  jest.useRealTimers();
});

const calls = () => server.requests.map((r) => `${r.method} ${r.path}`);

async function blockedPrompt() {
  const rendered = renderPage(<LoginPromptPage />, { route: '/rdstation-login-prompt' });
  await rendered.user.click(screen.getByRole('button', { name: 'Entrar com RD Station CRM' }));
  const region = await screen.findByRole('region', { name: 'Entre pelo navegador' });
  await within(region).findByRole('textbox', {
    name: 'Link de login (abra numa nova aba deste mesmo navegador)',
  });
  return { ...rendered, region };
}

describe('LoginPromptPage when the frame may not open windows', () => {
  it('offers the sign-in in a tab, waits, and enters the panel once the tab is done', async () => {
    fakeSpecTimers();
    const { region, location } = await blockedPrompt();
    expect(screen.getByText(/Permita pop-ups para este site/)).toBeInTheDocument();
    expect(
      within(region).getByText(
        'O sistema de atendimento não deixa o painel abrir janelas. Faça o login do RD Station CRM numa aba deste navegador: o painel continua sozinho quando você terminar.',
      ),
    ).toBeVisible();
    expect(within(region).getByRole('textbox')).toHaveValue(AUTH_URL);
    expect(within(region).getByText('Aguardando o login no RD Station CRM…')).toBeVisible();
    const start = server.requests.find((r) => r.path === '/api/rdstation/auth/tab/start');
    expect(start).toMatchObject({ method: 'POST', body: { returnTo: null } });
    // The code stays with the panel: in its storage for a round trip, never in the link.
    expect(AUTH_URL).not.toContain(MOCK_TAB_REDEEM_CODE);
    expect(JSON.parse(sessionStorage.getItem(TAB_SIGN_IN_STORAGE_KEY) ?? '{}')).toMatchObject({
      redeem: MOCK_TAB_REDEEM_CODE,
    });

    await advance(2_000);
    const redeems = () =>
      server.requests.filter((r) => r.path === '/api/rdstation/auth/tab/redeem');
    expect(redeems()).toHaveLength(1);
    expect(redeems()[0]).toMatchObject({ method: 'POST', body: { redeem: MOCK_TAB_REDEEM_CODE } });
    expect(location()).toBe('/rdstation-login-prompt');

    // The attendant finishes in the tab; the next try finds it done.
    server.db.state.integration.authenticated = true;
    await advanceUntil(() => location() === '/', 3_000);
    expect(redeems()).toHaveLength(2);
    expect(sessionStorage.getItem(TAB_SIGN_IN_STORAGE_KEY)).toBeNull();
    expect(calls()).not.toContain('GET /api/rdstation/auth/start');
  });

  it('asks again at once when the panel gets the focus back', async () => {
    fakeSpecTimers();
    await blockedPrompt();
    window.dispatchEvent(new Event('focus'));
    await advance(50);
    expect(calls().filter((call) => call === 'POST /api/rdstation/auth/tab/redeem')).toHaveLength(
      1,
    );
  });

  it.each([
    ['a code that is gone', 404, GONE],
    // The tab showed its own error page; the panel says it too instead of waiting on.
    [
      'a sign-in the tab refused',
      409,
      'A autorização foi negada no RD Station CRM. Tente novamente.',
    ],
  ])('%s says so at once, with a new link on retry', async (_case, status, message) => {
    fakeSpecTimers();
    server.use(
      http.post(
        `${server.baseURL}/api/rdstation/auth/tab/redeem`,
        () => HttpResponse.json({ message }, { status }),
        { once: true },
      ),
    );
    const { user } = await blockedPrompt();
    await advance(2_000);
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByText('Aguardando o login no RD Station CRM…')).toBeNull();
    expect(sessionStorage.getItem(TAB_SIGN_IN_STORAGE_KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('textbox', {
      name: 'Link de login (abra numa nova aba deste mesmo navegador)',
    });
    expect(calls().filter((call) => call === 'POST /api/rdstation/auth/tab/start')).toHaveLength(2);
  });

  it('a link that cannot be made shows the error with a retry', async () => {
    server.use(
      http.post(
        `${server.baseURL}/api/rdstation/auth/tab/start`,
        () => HttpResponse.json({ message: 'Falhou agora.' }, { status: 503 }),
        { once: true },
      ),
    );
    const { user } = renderPage(<LoginPromptPage />, { route: '/rdstation-login-prompt' });
    await user.click(screen.getByRole('button', { name: 'Entrar com RD Station CRM' }));
    await screen.findByText('Falhou agora.');
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('textbox', {
      name: 'Link de login (abra numa nova aba deste mesmo navegador)',
    });
  });

  it("'Abrir o login nesta aba' sends the whole page to the link; when the frame may not, the link to copy is the way", async () => {
    fakeSpecTimers();
    const { user, region } = await blockedPrompt();
    await user.click(within(region).getByRole('button', { name: 'Abrir o login nesta aba' }));
    expect(top).toHaveBeenCalledWith(AUTH_URL);
    await advance(1_500);
    expect(
      within(region).getByText(
        'O sistema de atendimento também não deixa o painel sair desta tela. Copie o link e abra-o numa nova aba deste mesmo navegador.',
      ),
    ).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Abrir o login nesta aba' })).toBeNull();
  });

  it("'Copiar link' copies the link and says where to paste it", async () => {
    const { user, region } = await blockedPrompt();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(region).getByRole('button', { name: 'Copiar link' }));
    expect(writeText).toHaveBeenCalledWith(AUTH_URL);
    expect(
      await within(region).findByText('Link copiado. Cole-o numa nova aba deste mesmo navegador.'),
    ).toBeVisible();
  });

  it('back from a top navigation, the panel picks up the sign-in it started without a click', async () => {
    sessionStorage.setItem(
      TAB_SIGN_IN_STORAGE_KEY,
      JSON.stringify({
        authUrl: AUTH_URL,
        redeem: MOCK_TAB_REDEEM_CODE,
        expiresAt: Date.now() + 60_000,
      }),
    );
    server.db.state.integration.authenticated = true;
    fakeSpecTimers();
    const { location } = renderPage(<LoginPromptPage />, { route: '/rdstation-login-prompt' });
    await advanceUntil(() => location() === '/', 3_000);
    expect(open).not.toHaveBeenCalled();
    expect(calls()).toEqual(['POST /api/rdstation/auth/tab/redeem']);
  });
});
