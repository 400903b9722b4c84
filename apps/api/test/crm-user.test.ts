// Who signed in, from RD's documented endpoints only. RD's token answer
// names no user and RD has no userinfo or /users/me: the api reads GET /users (filter is:active,
// no sort) and GET /users/{id}, and either an e-mail RD or the host verified decides, or the
// attendant says who they are.
import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { type TenantConfig } from '@api/config';
import { type BrowserSession, openBrowser } from './support/browserSession';
import {
  ACCOUNT1,
  ACCOUNT2,
  type Harness,
  type Identity,
  acceptTerms,
  call,
  configure,
  credentialsFor,
  consent,
  isConfirmPage,
  login,
  openSignInWindow,
  pageAttribute,
  postConfirmation,
  returnToCallback,
  startHarness,
  testTenants,
} from './support/harness';

const REQUIRED = {
  message: 'Escolha quem você é no RD Station CRM para continuar.',
  code: 'crm_user_required',
};
const AUTHOR_MISMATCH = {
  message: 'O painel só registra notas e tarefas em nome do seu próprio usuário do RD Station CRM.',
  code: 'author_mismatch',
};
const USERS = ACCOUNT1.users;
const ACTIVE_BY_NAME = [USERS.ana, USERS.bruno, USERS.camila, USERS.diego, USERS.fernanda].map(
  ({ id, name, email }) => ({ id, name, email }),
);

/** The test tenants, with the CRM account's name the operator sets for the signed ones. */
const tenants = (systemKey: string): TenantConfig | null => {
  const tenant = testTenants(systemKey);
  return tenant?.issuer ? { ...tenant, crmOrganizationName: 'Acme Soluções Ltda' } : tenant;
};

interface WireCall {
  method: string;
  url: URL;
  body: string;
}

/** Answers some CRM /users calls instead of the sandbox (null: the sandbox answers). */
type UsersOverride = (url: URL) => Response | null;

let sandbox: RunningSandbox;
let h: Harness;
const wire: WireCall[] = [];
let usersOverride: UsersOverride | null = null;
let seq = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  h = await startHarness({
    sharedSandbox: sandbox,
    api: {
      identity: { tenants },
      fetch: async (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        wire.push({
          method: init?.method ?? 'GET',
          url,
          body: typeof init?.body === 'string' ? init.body : '',
        });
        const overridden = url.pathname.startsWith('/crm/v2/users') ? usersOverride?.(url) : null;
        return overridden ?? fetch(input, init);
      },
    },
  });
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});
afterEach(() => {
  usersOverride = null;
});

/** A signed tenant (ana admin, bruno attendant) and an unsigned one (carla), new per test. */
function people() {
  seq += 1;
  return {
    ana: { systemKey: `tenant-cu-${process.pid}-${seq}`, userId: 'ana' } as Identity,
    bruno: {
      systemKey: `tenant-cu-${process.pid}-${seq}`,
      userId: 'bruno',
      role: 'attendant',
    } as Identity,
    carla: { systemKey: `open-cu-${process.pid}-${seq}`, userId: 'carla' } as Identity,
  };
}

const crmCalls = (path: string, method = 'GET') =>
  wire.filter((c) => c.method === method && c.url.pathname === `/crm/v2${path}`);
const usersQueries = () => crmCalls('/users').map((c) => Object.fromEntries(c.url.searchParams));

const users = (list: { id: string; name: string; email: string }[]) =>
  list.map(({ id, name, email }) => ({
    id,
    name,
    email,
    phone: '',
    created_at: '2024-01-01T00:00:00.000Z',
    updated_at: '2024-01-01T00:00:00.000Z',
  }));
const page = (data: unknown[], next?: number) =>
  Response.json({
    data,
    links: next ? { next: `https://crm.example/crm/v2/users?page[number]=${next}` } : {},
  });

/** A configured signed tenant and one of its browsers, signed in to the CRM, with `claims`. */
async function signedInBrowser(
  identity: Identity,
  claims: Record<string, unknown>,
  consentAs: string = USERS.ana.email,
): Promise<BrowserSession> {
  await configure(h.api, identity);
  const browser = await openBrowser(h.api, identity, claims);
  await browser.send('POST', '/api/rdstation/terms/accept', {});
  expect((await browser.signIn(consentAs)).status).toBe(200);
  return browser;
}

describe('a host-signed e-mail (assertion claim `email`)', () => {
  it('that belongs to exactly one active user decides in the sign-in window: no confirmation, profile from GET /users/{id}', async () => {
    const { ana } = people();
    // The consent is given as Bruno: RD does not tell, so it changes nothing.
    const browser = await signedInBrowser(
      ana,
      { email: ' Ana.Ferreira@AcmeSolucoes.com.br ' },
      USERS.bruno.email,
    );
    // The sign-in read the active users, exactly as RD documents it: is:active, page[size] ≤ 100.
    const listed = wire.filter((c) => c.url.pathname === '/crm/v2/users').at(-1);
    expect(Object.fromEntries(listed?.url.searchParams ?? [])).toEqual({
      filter: 'is:active',
      'page[number]': '1',
      'page[size]': '100',
    });
    const before = wire.length;
    expect((await browser.send('GET', '/api/rdstation/auth/status')).json).toEqual({
      authenticated: true,
      userId: 'ana',
      method: 'oauth',
      crmUserRequired: false,
      crmUserSource: 'host-signed-email',
    });
    expect(wire.slice(before)).toEqual([]);
    const profile = await browser.send('GET', '/api/rdstation/user/profile');
    expect(profile).toMatchObject({
      status: 200,
      json: {
        data: {
          id: USERS.ana.id,
          name: USERS.ana.name,
          email: USERS.ana.email,
          organization: { name: 'Acme Soluções Ltda' },
        },
      },
    });
    expect(crmCalls(`/users/${USERS.ana.id}`)).toHaveLength(1);
    // Cached briefly: a second read asks the CRM nothing; 'refresh=true' does.
    await browser.send('GET', '/api/rdstation/user/profile');
    expect(crmCalls(`/users/${USERS.ana.id}`)).toHaveLength(1);
    await browser.send('GET', '/api/rdstation/user/profile?refresh=true');
    expect(crmCalls(`/users/${USERS.ana.id}`)).toHaveLength(2);
    // Another browser of the same verified user finds the choice already made.
    const again = await openBrowser(h.api, ana);
    expect((await again.send('GET', '/api/rdstation/auth/status')).json).toMatchObject({
      crmUserRequired: false,
      crmUserSource: 'host-signed-email',
    });
  });

  it('that belongs to no active user (an inactive one) refuses the sign-in in pt-BR, binding nothing', async () => {
    const { ana } = people();
    await configure(h.api, ana);
    const browser = await openBrowser(h.api, ana, { email: USERS.gustavo.email });
    await browser.send('POST', '/api/rdstation/terms/accept', {});
    const refused = await browser.signIn(USERS.ana.email);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(
      `O seu e-mail no sistema de atendimento (${USERS.gustavo.email}) não é o de nenhum usuário ativo desta conta do RD Station CRM. Feche esta janela e entre com o seu próprio usuário do RD Station CRM.`,
    );
    expect((await browser.send('GET', '/api/rdstation/auth/status')).json).toMatchObject({
      authenticated: false,
    });
  });

  it('shared by two active users is confirmed among those two only; another user is refused', async () => {
    const { ana } = people();
    usersOverride = (url) =>
      url.pathname === '/crm/v2/users'
        ? page(
            users([
              USERS.ana,
              { id: 'homonimo-1', name: 'Ana (conta antiga)', email: USERS.ana.email },
              USERS.bruno,
            ]),
          )
        : null;
    await configure(h.api, ana);
    const browser = await openBrowser(h.api, ana, { email: USERS.ana.email });
    await browser.send('POST', '/api/rdstation/terms/accept', {});
    const start = await browser.send('GET', '/api/rdstation/auth/start');
    const window = await openSignInWindow(h.api, String(start.json.authUrl));
    const confirmation = await returnToCallback(
      h.api,
      window,
      await consent(window.consentUrl, USERS.ana.email),
    );
    expect(isConfirmPage(confirmation)).toBe(true);
    expect(confirmation.text).toContain('Ana (conta antiga)');
    expect(confirmation.text).not.toContain(USERS.bruno.email);
    usersOverride = null;
    // A forged form naming a user of another e-mail is refused, and nothing is bound.
    const confirm = pageAttribute(confirmation.text, /name="confirm" value="([^"]*)"/);
    const forged = await postConfirmation(h.api, window.cookie, confirm, USERS.bruno.id);
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain(
      `Este usuário do RD Station CRM não tem o seu e-mail do sistema de atendimento (${USERS.ana.email}). Escolha o seu próprio usuário.`,
    );
    expect((await browser.send('GET', '/api/rdstation/auth/status')).json).toMatchObject({
      authenticated: false,
    });
    // Picking the user whose e-mail the host signed is not a mere claim.
    const confirmed = await postConfirmation(h.api, window.cookie, confirm, USERS.ana.id);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Autenticação realizada com sucesso!');
    expect((await browser.send('GET', '/api/rdstation/auth/status')).json).toMatchObject({
      crmUserRequired: false,
      crmUserSource: 'host-signed-email',
    });
  });

  it('decides on a CRM that refuses page[size]=100: the users are read again at the next size, once', async () => {
    const { ana } = people();
    sandbox.setKnobs({ maxPageSize: 50 });
    try {
      const before = usersQueries().length;
      await signedInBrowser(ana, { email: USERS.ana.email });
      const listed = usersQueries()
        .slice(before)
        .filter((query) => query['page[number]'] === '1' && query['page[size]'] !== '1')
        .map((query) => query['page[size]']);
      expect(listed.slice(-2)).toEqual(['100', '50']);
    } finally {
      sandbox.setKnobs({ maxPageSize: 100 });
    }
  });

  it('must be an e-mail: any other `email` claim refuses the assertion', async () => {
    const { ana } = people();
    for (const email of [42, 'sem-arroba', 'dois@@x', `${'a'.repeat(250)}@x.com`]) {
      await expect(openBrowser(h.api, ana, { email })).rejects.toThrow(/session: 401/);
    }
  });
});

describe('an API v1 token (RD checks it: token/check names its e-mail)', () => {
  it("decides the CRM user when the person also signs in with OAuth, and gives the organization's name", async () => {
    const { carla } = people();
    const browser = await openBrowser(h.api, carla);
    await browser.send('POST', '/api/rdstation/terms/accept', {});
    await browser.send('POST', '/api/rdstation/credentials', credentialsFor());
    expect((await browser.signIn(USERS.ana.email)).status).toBe(200);
    // Signed out, then a v1 token (its account is bound now): RD's check names its e-mail, and
    // the next OAuth sign-in is that e-mail's user without asking.
    await browser.send('POST', '/api/rdstation/auth/revoke', {});
    const v1 = await browser.send('POST', '/api/rdstation/auth/v1-token', {
      apiV1Token: USERS.fernanda.v1Token,
    });
    expect(v1.json).toMatchObject({ authenticated: true, method: 'api-v1' });
    const page = await browser.signIn(USERS.ana.email, { confirm: false });
    expect(isConfirmPage(page)).toBe(false);
    expect(page.status).toBe(200);
    expect((await browser.send('GET', '/api/rdstation/auth/status')).json).toEqual({
      authenticated: true,
      userId: 'carla',
      method: 'oauth',
      crmUserRequired: false,
      crmUserSource: 'v1-token',
    });
    expect((await browser.send('GET', '/api/rdstation/user/profile')).json).toEqual({
      data: {
        id: USERS.fernanda.id,
        name: USERS.fernanda.name,
        email: USERS.fernanda.email,
        organization: { name: ACCOUNT1.name },
      },
    });
  });
});

describe('GET /api/rdstation/auth/crm-users reads every page of GET /users', () => {
  const size = 100;
  const many = (from: number, count: number) =>
    users(
      Array.from({ length: count }, (_, index) => ({
        id: `u-${String(from + index).padStart(4, '0')}`,
        name: `Usuário ${String(from + index).padStart(4, '0')}`,
        email: `u${from + index}@acme.example`,
      })),
    );
  const numberOf = (url: URL) => Number(url.searchParams.get('page[number]'));

  async function listAs(): Promise<{ ids: string[]; queries: Record<string, string>[] }> {
    const { ana } = people();
    await configure(h.api, ana);
    await signedInToChoose(ana);
    const before = crmCalls('/users').length;
    // The sign-in left the list it read in the cache: the picker's reload reads it again.
    const list = await call(h.api, 'GET', '/api/rdstation/auth/crm-users?refresh=true', {
      as: ana,
    });
    expect(list.status).toBe(200);
    const listed = (list.json.data as { users: { id: string }[] }).users;
    return { ids: listed.map((u) => u.id), queries: usersQueries().slice(before) };
  }

  it('follows links.next and stops on a short page, even when the CRM still sends next', async () => {
    usersOverride = (url) => {
      const n = numberOf(url);
      return page(n < 3 ? many((n - 1) * size, size) : many(200, 7), n + 1);
    };
    const { ids, queries } = await listAs();
    expect(ids).toHaveLength(207);
    expect(queries).toEqual(
      [1, 2, 3].map((n) => ({
        filter: 'is:active',
        'page[number]': String(n),
        'page[size]': '100',
      })),
    );
  });

  it('stops on an empty page, on a full page without next, and on a next that goes back', async () => {
    usersOverride = (url) => (numberOf(url) === 1 ? page(many(0, size), 2) : page([], 3));
    expect((await listAs()).queries).toHaveLength(2);
    usersOverride = () => page(many(0, size));
    expect((await listAs()).queries).toHaveLength(1);
    // A `next` that goes back is not followed by its number: page 2 repeats page 1, which ends it.
    usersOverride = () => page(many(0, size), 1);
    expect((await listAs()).queries).toHaveLength(2);
  });

  it('answers what it read when a CRM never ends its list (bound: 2 000 users), and logs it', async () => {
    usersOverride = (url) => page(many((numberOf(url) - 1) * size, size), numberOf(url) + 1);
    const { ids, queries } = await listAs();
    expect(queries).toHaveLength(20);
    expect(ids).toHaveLength(2000);
    expect(
      h.logs.some((line) =>
        line.includes('lista do CRM não terminou dentro do limite de registros'),
      ),
    ).toBe(true);
  });
});

describe('refusals of the picker routes', () => {
  it('list and choice need a signed-in CRM session, the terms and the credentials', async () => {
    const { ana, bruno, carla } = people();
    const routes = [
      ['GET', '/api/rdstation/auth/crm-users', undefined],
      ['POST', '/api/rdstation/auth/crm-user', { userId: USERS.ana.id }],
    ] as const;
    for (const [method, url, body] of routes) {
      // No terms yet.
      expect(await call(h.api, method, url, { as: bruno, body })).toMatchObject({
        status: 403,
        json: { code: 'terms_required' },
      });
    }
    await acceptTerms(h.api, bruno);
    for (const [method, url, body] of routes) {
      expect(await call(h.api, method, url, { as: bruno, body })).toMatchObject({
        status: 428,
        json: { code: 'credentials_required' },
      });
    }
    await configure(h.api, ana);
    for (const [method, url, body] of routes) {
      expect(await call(h.api, method, url, { as: bruno, body })).toMatchObject({
        status: 401,
        json: { message: 'Você não está conectado ao RD Station CRM. Faça login para continuar.' },
      });
    }
    // A browser of a host that signs nothing, before its CRM sign-in.
    const pending = await openBrowser(h.api, carla);
    await pending.send('POST', '/api/rdstation/terms/accept', {});
    for (const [method, url, body] of routes) {
      expect(await pending.send(method, url, body)).toMatchObject({
        status: 401,
        json: { code: 'session_pending' },
      });
    }
    // A v1 token alone reaches no v2 call: nothing to list or choose.
    await call(h.api, 'POST', '/api/rdstation/auth/v1-token', {
      as: bruno,
      body: { apiV1Token: USERS.bruno.v1Token },
    });
    expect(await call(h.api, 'GET', routes[0][1], { as: bruno })).toMatchObject({
      status: 401,
      json: { message: expect.stringContaining('token da API v1') },
    });
  });

  it('the choice: an unknown user (GET /users/{id} 404) is a pt-BR 400; a bad body a 400; a second choice a 409', async () => {
    const { ana } = people();
    await configure(h.api, ana);
    await signedInToChoose(ana);
    const unknown = await call(h.api, 'POST', '/api/rdstation/auth/crm-user', {
      as: ana,
      body: { userId: 'nao-existe' },
    });
    expect(unknown).toMatchObject({
      status: 400,
      json: { message: 'Este usuário não existe no RD Station CRM. Escolha um usuário da lista.' },
    });
    expect(crmCalls('/users/nao-existe')).toHaveLength(1);
    for (const body of [{}, { userId: '' }, { userId: '../users' }, { userId: 7 }]) {
      expect(
        (await call(h.api, 'POST', '/api/rdstation/auth/crm-user', { as: ana, body })).status,
      ).toBe(400);
    }
    expect(
      (
        await call(h.api, 'POST', '/api/rdstation/auth/crm-user', {
          as: ana,
          body: { userId: USERS.ana.id },
        })
      ).status,
    ).toBe(200);
    const again = await call(h.api, 'POST', '/api/rdstation/auth/crm-user', {
      as: ana,
      body: { userId: USERS.bruno.id },
    });
    expect(again).toMatchObject({
      status: 409,
      json: {
        message:
          'Você já foi identificado no RD Station CRM nesta conexão. Para trocar de usuário, saia e entre novamente.',
        code: 'crm_user_chosen',
      },
    });
    // The list still answers, with the chosen user as the suggestion.
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/crm-users', { as: ana })).json,
    ).toMatchObject({
      data: { suggestedId: USERS.ana.id },
    });
  });

  it('a CRM that fails while the sign-in reads its users: a pt-BR 502 page, nothing bound; the next sign-in decides', async () => {
    const { ana } = people();
    await configure(h.api, ana);
    const browser = await openBrowser(h.api, ana, { email: USERS.ana.email });
    await browser.send('POST', '/api/rdstation/terms/accept', {});
    usersOverride = (url) =>
      url.pathname === '/crm/v2/users' && url.searchParams.get('page[size]') !== '5'
        ? new Response('{"errors":[]}', { status: 503 })
        : null;
    const failed = await browser.signIn(USERS.ana.email);
    expect(failed.status).toBe(502);
    expect(failed.text).toContain(
      'Não foi possível concluir a autenticação com o RD Station CRM. Feche esta janela e tente novamente.',
    );
    expect((await browser.send('GET', '/api/rdstation/auth/status')).json).toMatchObject({
      authenticated: false,
    });
    usersOverride = null;
    expect((await browser.signIn(USERS.ana.email)).status).toBe(200);
    expect((await browser.send('GET', '/api/rdstation/auth/status')).json).toMatchObject({
      crmUserRequired: false,
      crmUserSource: 'host-signed-email',
    });
  });
});

describe('the choice lives with the sign-in', () => {
  it('logout (revoke) ends it: the next sign-in asks again', async () => {
    const { ana } = people();
    await configure(h.api, ana);
    await login(h, ana);
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: ana })).json,
    ).toMatchObject({
      crmUserSource: 'attendant-claim',
    });
    await call(h.api, 'POST', '/api/rdstation/auth/revoke', { as: ana });
    // The next sign-in asks again, in its window, before anything is bound.
    const asked = await login(h, ana, USERS.ana.email, { confirm: false });
    expect(isConfirmPage(asked)).toBe(true);
    // Every active user, by name, named as RD names them (name and e-mail); no inactive one.
    const listed = [...asked.text.matchAll(/<small>([^<]*)<\/small>/g)].map((m) => m[1]);
    expect(listed).toEqual(ACTIVE_BY_NAME.map((user) => user.email));
    expect(asked.text).not.toContain(USERS.gustavo.email);
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: ana })).json,
    ).toMatchObject({
      authenticated: false,
    });
  });

  it('a chosen user RD no longer knows is forgotten: the profile answers 409 and the picker returns', async () => {
    const { ana } = people();
    await configure(h.api, ana);
    await login(h, ana);
    usersOverride = (url) =>
      url.pathname === `/crm/v2/users/${USERS.ana.id}`
        ? Response.json({ errors: [{ status: '404' }] }, { status: 404 })
        : null;
    expect(
      await call(h.api, 'GET', '/api/rdstation/user/profile?refresh=true', { as: ana }),
    ).toMatchObject({ status: 409, json: REQUIRED });
    usersOverride = null;
    expect(
      (await call(h.api, 'GET', '/api/rdstation/auth/status', { as: ana })).json,
    ).toMatchObject({
      crmUserRequired: true,
    });
  });
});

/**
 * A sign-in whose CRM user is still to be chosen in the panel's picker: the sign-in window
 * confirmed one, and RD stopped knowing it (the same state as a sign-in made before the window
 * asked).
 */
async function signedInToChoose(person: Identity): Promise<void> {
  const kept = usersOverride;
  usersOverride = null;
  await login(h, person, USERS.ana.email);
  usersOverride = (url) =>
    url.pathname === `/crm/v2/users/${USERS.ana.id}`
      ? Response.json({ errors: [{ status: '404' }] }, { status: 404 })
      : null;
  const profile = await call(h.api, 'GET', '/api/rdstation/user/profile?refresh=true', {
    as: person,
  });
  usersOverride = kept;
  if (profile.status !== 409) throw new Error(`CRM user not forgotten: ${profile.status}`);
}

describe('authorship: the api writes notes and tasks as the session’s CRM user', () => {
  const dealId = ACCOUNT1.deals.implantacao.id;
  const sentBody = (path: string, method: string) =>
    JSON.parse(crmCalls(path, method).at(-1)?.body ?? 'null') as { data: Record<string, unknown> };

  it('without a chosen user, a note or a task is refused with 409 before reaching the CRM', async () => {
    const { ana } = people();
    await configure(h.api, ana);
    await signedInToChoose(ana);
    const crmWrites = () =>
      wire.filter((c) => c.method !== 'GET' && c.url.pathname.startsWith('/crm/v2')).length;
    const before = crmWrites();
    const note = await call(h.api, 'POST', `/api/rdstation/deals/${dealId}/notes`, {
      as: ana,
      body: { description: 'Ligação feita' },
    });
    expect(note).toMatchObject({ status: 409, json: REQUIRED });
    const task = await call(h.api, 'POST', '/api/rdstation/tasks', {
      as: ana,
      body: {
        name: 'Retornar',
        type: 'call',
        deal_id: dealId,
        due_date: '2030-01-10T12:00:00Z',
        owner_ids: [USERS.ana.id],
      },
    });
    expect(task).toMatchObject({ status: 409, json: REQUIRED });
    expect(crmWrites()).toBe(before);
  });

  it('a note: user_id is the chosen user (absent or the same), another user is a 403', async () => {
    // Ana's host user said she is Bruno in the CRM (a claim): notes are Bruno's.
    const { ana: bruno } = people();
    await configure(h.api, bruno);
    await login(h, bruno, USERS.bruno.email);
    const path = `/deals/${dealId}/notes`;
    const created = await call(h.api, 'POST', `/api/rdstation${path}`, {
      as: bruno,
      body: { description: '<p>Cliente pediu proposta</p>' },
    });
    expect(created).toMatchObject({
      status: 201,
      json: { data: { data: { user_id: USERS.bruno.id } } },
    });
    expect(sentBody(path, 'POST')).toEqual({
      data: { description: '<p>Cliente pediu proposta</p>', user_id: USERS.bruno.id },
    });
    const same = await call(h.api, 'POST', `/api/rdstation${path}`, {
      as: bruno,
      body: { description: 'Outra', user_id: USERS.bruno.id },
    });
    expect(same.status).toBe(201);
    const posts = crmCalls(path, 'POST').length;
    const forged = await call(h.api, 'POST', `/api/rdstation${path}`, {
      as: bruno,
      body: { description: 'Em nome da Ana', user_id: USERS.ana.id },
    });
    expect(forged).toMatchObject({ status: 403, json: AUTHOR_MISMATCH });
    expect(crmCalls(path, 'POST')).toHaveLength(posts);
  });

  it('a task: created_by_id is never sent (RD stamps it), completion sends completed_by_id', async () => {
    const { ana } = people();
    await configure(h.api, ana);
    await login(h, ana, USERS.camila.email);
    const me = USERS.camila.id;
    const task = {
      name: 'Enviar contrato',
      type: 'email',
      deal_id: dealId,
      due_date: '2030-01-10T12:00:00Z',
      owner_ids: [me],
    };
    const forged = await call(h.api, 'POST', '/api/rdstation/tasks', {
      as: ana,
      body: { ...task, created_by_id: USERS.ana.id },
    });
    expect(forged).toMatchObject({ status: 403, json: AUTHOR_MISMATCH });
    const created = await call(h.api, 'POST', '/api/rdstation/tasks', {
      as: ana,
      body: { ...task, created_by_id: me },
    });
    expect(created.status).toBe(201);
    expect(sentBody('/tasks', 'POST')).toEqual({ data: task });
    const id = String((created.json.data as { data: { id: string } }).data.id);

    const edited = await call(h.api, 'PUT', `/api/rdstation/tasks/${id}`, {
      as: ana,
      body: { name: 'Enviar contrato assinado', completed_by_id: me },
    });
    expect(edited.status).toBe(200);
    expect(sentBody(`/tasks/${id}`, 'PUT')).toEqual({ data: { name: 'Enviar contrato assinado' } });
    const puts = crmCalls(`/tasks/${id}`, 'PUT').length;
    expect(
      await call(h.api, 'PUT', `/api/rdstation/tasks/${id}`, {
        as: ana,
        body: { status: 'completed', completed_by_id: USERS.bruno.id },
      }),
    ).toMatchObject({ status: 403, json: AUTHOR_MISMATCH });
    expect(crmCalls(`/tasks/${id}`, 'PUT')).toHaveLength(puts);
    const completed = await call(h.api, 'PUT', `/api/rdstation/tasks/${id}`, {
      as: ana,
      body: { status: 'completed' },
    });
    expect(completed).toMatchObject({
      status: 200,
      json: { data: { data: { status: 'completed', completed_by_id: me } } },
    });
    expect(sentBody(`/tasks/${id}`, 'PUT')).toEqual({
      data: { status: 'completed', completed_by_id: me },
    });
  });
});

describe('the organization in the profile', () => {
  it('is none when neither a v1 token nor the tenant names it (the header shows only the name)', async () => {
    const { carla } = people();
    const browser = await openBrowser(h.api, carla);
    await browser.send('POST', '/api/rdstation/terms/accept', {});
    await browser.send('POST', '/api/rdstation/credentials', credentialsFor('account2'));
    expect((await browser.signIn(ACCOUNT2.users.otavio.email)).status).toBe(200);
    expect((await browser.send('GET', '/api/rdstation/user/profile')).json).toEqual({
      data: {
        id: ACCOUNT2.users.otavio.id,
        name: ACCOUNT2.users.otavio.name,
        email: ACCOUNT2.users.otavio.email,
        organization: null,
      },
    });
  });
});
