import { consentOverHttp, type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { WEBHOOK_RECEIVER_PATH } from '@api/changes/crmWebhooks';
import { crmCheckCli } from '@api/check/cli';
import {
  type CrmCheckReport,
  formatReport,
  runCrmCheck,
  WEBHOOK_BASE_URL,
} from '@api/check/crmCheck';
import { signInForCheck } from '@api/check/signIn';
import { ACCOUNT1 } from './support/harness';
import { freePort } from './support/postgres';

// `npm run crm:check` on an account as a customer has it: in use (RD's 120 requests a minute per
// account already spent, or the check run twice in a row), and with an access token that expires
// or is revoked while the check runs. The sandbox and the api under check share one clock that a
// wait moves forward at once, so a minute of RD's rate limit passes without a minute of test.

const ANA = ACCOUNT1.users.ana.email;

/** One clock for the sandbox and the api; a wait moves it on by the time waited. */
function sharedClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    sleep: async (ms: number) => {
      offset += ms;
    },
    jump: (ms: number) => {
      offset += ms;
    },
  };
}

/** Every CRM request the check sent: method, path and query, and the body of a write. */
function wire(after?: (url: string, count: number) => void) {
  const sent: { method: string; url: string; body: string }[] = [];
  const send: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push({
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? init.body : '',
    });
    const response = await fetch(input, init);
    after?.(url, sent.length);
    return response;
  };
  return { sent, send };
}

const failedShapes = (report: CrmCheckReport) =>
  report.shapes.filter((row) => row.status !== 'ok').map((row) => `${row.status} ${row.shape}`);

describe('crm:check on an account in use: RD’s 120 requests a minute', () => {
  let sandbox: RunningSandbox;
  const clock = sharedClock();
  beforeAll(async () => {
    // RD's own limit, per account (the sandbox's strict default).
    sandbox = await startSandbox({ port: 0, now: clock.now });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('runs twice back to back and passes both times; the second says it waits for the CRM', async () => {
    expect(sandbox.getKnobs()).toMatchObject({
      rateLimitPerMinute: 120,
      rateLimitScope: 'account',
    });
    const token = sandbox.issueTokens(ACCOUNT1.clientId, ANA).access_token;
    const run = (send: typeof fetch, onWait?: (line: string) => void) =>
      runCrmCheck({
        baseUrl: `${sandbox.url}/crm/v2`,
        accessToken: token,
        userEmail: ANA,
        writes: true,
        fetch: send,
        now: clock.now,
        sleep: clock.sleep,
        ...(onWait ? { onWait } : {}),
      });
    const first = wire();
    const one = await run(first.send);
    expect(failedShapes(one)).toEqual([]);
    expect(one.ok).toBe(true);

    const second = wire();
    const said: string[] = [];
    const two = await run(second.send, (line) => said.push(line));
    // The account's minute was spent by the first run: the CRM answered 429 with Retry-After.
    const refused = sandbox.getStats();
    expect(refused.rateLimited).toBeGreaterThan(0);
    expect(two.rows.filter((row) => row.status !== 'ok')).toEqual([]);
    expect(failedShapes(two)).toEqual([]);
    expect(two.ok).toBe(true);
    expect(said.length).toBeGreaterThan(0);
    expect(said[0]).toMatch(
      /^CRM ocupado, aguardando \d+ s \(429 a GET \/\S+: o limite de requisições por minuto da conta\)$/,
    );
    const text = formatReport(two);
    expect(text).toContain(
      `O CRM pediu espera (a verificação esperou e seguiu):\n\n- ${said[0] ?? ''}`,
    );
    // A 429 is a wait on its row, never a failed shape, and says nothing about page sizes.
    expect(text).toMatch(/ {4}api → CRM: {3}429 GET \/\S+ \(CRM ocupado, aguardando \d+ s\)\n/);
    expect(text).not.toContain('[falhou]');
    expect(text).not.toContain('aceito até 0');
    expect(text).toContain(
      '- page[size] (a documentação dá o padrão, 20, e nenhum máximo): aceito até 100',
    );
    expect(text).toMatch(/Tudo certo\.\nTempo: /);

    // Its webhooks name an address that never resolves, never a host someone else owns.
    const webhooks = second.sent.filter(
      (call) => call.method === 'POST' && call.url.endsWith('/crm/v2/webhooks'),
    );
    expect(webhooks.length).toBeGreaterThan(0);
    const receiver = `${WEBHOOK_BASE_URL}${WEBHOOK_RECEIVER_PATH}/`;
    for (const call of webhooks) {
      const { url } = (JSON.parse(call.body) as { data: { url: string } }).data;
      expect(url.slice(0, receiver.length)).toBe(receiver);
    }
    // Two whole --writes checks, some 300 requests on a shared machine.
  }, 90_000);

  it('no list answered at all: the page-size row is left out, not "aceito até 0"', async () => {
    sandbox.reset();
    // Every read of the panel meets a 429 the api gives up on (no minute is waited here).
    sandbox.forceStatus(429, 10_000);
    const report = await runCrmCheck({
      baseUrl: `${sandbox.url}/crm/v2`,
      accessToken: sandbox.issueTokens(ACCOUNT1.clientId, ANA).access_token,
      now: clock.now,
      sleep: clock.sleep,
    });
    sandbox.reset();
    expect(report.ok).toBe(false);
    expect(report.assumptions.map((row) => row.assumption)).not.toContain(
      'page[size] (a documentação dá o padrão, 20, e nenhum máximo)',
    );
    expect(formatReport(report)).not.toContain('aceito até 0');
  });
});

describe('crm:check with a token that expires or is revoked during the run', () => {
  let sandbox: RunningSandbox;
  const clock = sharedClock();
  beforeAll(async () => {
    // A short token lifetime: the run outlives it when the clock jumps past it.
    sandbox = await startSandbox({
      port: 0,
      now: clock.now,
      accessTokenTtlSeconds: 600,
      // The loopback sign-in's callback is http, which RD's https rule leaves to this knob.
      knobs: { loopbackHttpCallbacks: true },
    });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  afterEach(() => {
    sandbox.reset();
    sandbox.resetStats();
  });

  /** The check's CRM requests; the token has expired after the 8th. */
  const expiringAfter = (count: number) =>
    wire((url, sent) => {
      if (url.includes('/crm/v2/') && sent === count) clock.jump(601_000);
    });

  it('without --sign-in: a 401 stops the run with the start’s words, exit 1, and nothing is refreshed', async () => {
    const token = sandbox.issueTokens(ACCOUNT1.clientId, ANA).access_token;
    const calls = expiringAfter(8);
    const printed: string[] = [];
    const code = await crmCheckCli(
      ['--writes'],
      { CRM_BASE_URL: `${sandbox.url}/crm/v2`, CRM_ACCESS_TOKEN: token, CRM_CHECK_EMAIL: ANA },
      { log: (line) => printed.push(line), error: (line) => printed.push(line) },
      calls.send,
    );
    expect(code).toBe(1);
    const text = printed.join('\n');
    expect(text).toMatch(
      /^O CRM recusou o token de acesso \(401\): ele expirou \(um token vale 2 horas\) ou foi revogado\. Gere um token novo com `npm run crm:check -- --sign-in` \(README da api, "Check your account first"\) e rode de novo\.\n\nA verificação parou em: .+ \(GET \/api\/rdstation\/.+\)\. Nada mais foi enviado ao CRM\.$/,
    );
    expect(text).not.toContain('Você não está conectado');
    expect(text).not.toContain('[falhou]');
    // No refresh with an empty refresh token or made-up credentials went anywhere.
    expect(calls.sent.filter((call) => call.url.includes('/oauth2/token'))).toEqual([]);
    expect(sandbox.getStats().byPath['POST /oauth2/token']).toBeUndefined();
    // The request the CRM refused was the last one sent.
    const crm = calls.sent.filter((call) => call.url.includes('/crm/v2/'));
    expect(crm).toHaveLength(9);
  });

  it('with --sign-in: the real refresh token and app credentials renew it at the configured CRM, and the run passes', async () => {
    const port = await freePort();
    sandbox.registerRedirectUri(`http://127.0.0.1:${port}/callback`, ACCOUNT1.clientId);
    const signedIn = await signInForCheck({
      clientId: ACCOUNT1.clientId,
      clientSecret: ACCOUNT1.clientSecret,
      authorizeUrl: `${sandbox.url}/oauth/authorize`,
      tokenUrl: `${sandbox.url}/oauth2/token`,
      port,
      announce: async (url) => {
        await fetch(await consentOverHttp(url, ANA));
      },
    });
    expect(signedIn.refreshToken).not.toBe('');
    const calls = expiringAfter(8);
    const report = await runCrmCheck({
      baseUrl: `${sandbox.url}/crm/v2`,
      accessToken: signedIn.accessToken,
      userEmail: ANA,
      writes: true,
      fetch: calls.send,
      signIn: {
        clientId: ACCOUNT1.clientId,
        clientSecret: ACCOUNT1.clientSecret,
        redirectUri: signedIn.redirectUri,
        refreshToken: signedIn.refreshToken,
        expiresAt: signedIn.expiresAt,
      },
    });
    expect(report.tokenProblem).toBeUndefined();
    expect(failedShapes(report)).toEqual([]);
    expect(report.ok).toBe(true);
    const refreshes = calls.sent.filter((call) => call.url === `${sandbox.url}/oauth2/token`);
    expect(refreshes).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(refreshes[0]?.body))).toEqual({
      grant_type: 'refresh_token',
      client_id: ACCOUNT1.clientId,
      client_secret: ACCOUNT1.clientSecret,
      refresh_token: signedIn.refreshToken,
    });
  });
});

describe('crm:check: what a person gets wrong at the start', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const cli = async (args: string[], env: NodeJS.ProcessEnv) => {
    const printed: string[] = [];
    const io = {
      log: (line: string) => printed.push(line),
      error: (line: string) => printed.push(line),
    };
    const code = await crmCheckCli(args, env, io);
    return { code, text: printed.join('\n') };
  };

  it('a CRM_BASE_URL whose path is not RD’s API v2 (404) stops with what to fix, not 11 failed rows', async () => {
    const wrong = `${sandbox.url}/crm/v3`;
    const { code, text } = await cli([], {
      CRM_BASE_URL: wrong,
      CRM_ACCESS_TOKEN: sandbox.issueTokens(ACCOUNT1.clientId, ANA).access_token,
    });
    expect(code).toBe(1);
    expect(text).toBe(
      `O endereço ${wrong}/users não existe (404): CRM_BASE_URL não aponta para a API v2 do RD Station CRM. O endereço do RD é https://api.rd.services/crm/v2 (sem barra no fim); confira CRM_BASE_URL e rode de novo.\n\nNada foi verificado.`,
    );
  });

  it('a CRM_CHECK_REDIRECT_PORT that is not a port is a usage error (exit 2)', async () => {
    const { code, text } = await cli(['--sign-in'], {
      CRM_CLIENT_ID: ACCOUNT1.clientId,
      CRM_CLIENT_SECRET: ACCOUNT1.clientSecret,
      CRM_CHECK_REDIRECT_PORT: 'abc',
    });
    expect(code).toBe(2);
    expect(text).toBe('CRM_CHECK_REDIRECT_PORT deve ser um número de porta (de 0 a 65535).');
    expect(text).not.toContain('NaN');
  });

  it('--help names every variable, CRM_TOKEN_URL and CRM_REDIRECT_URI included', async () => {
    const { code, text } = await cli(['--help'], {});
    expect(code).toBe(0);
    for (const name of [
      'CRM_ACCESS_TOKEN',
      'CRM_CLIENT_ID',
      'CRM_CHECK_REDIRECT_PORT',
      'CRM_REDIRECT_URI',
      'CRM_AUTHORIZE_URL',
      'CRM_TOKEN_URL',
      'CRM_BASE_URL',
      'CRM_CHECK_EMAIL',
      'CRM_PAGE_SIZE',
      'CRM_CHECK_WEBHOOK_URL',
      'API_PUBLIC_URL',
    ])
      expect(text).toContain(`\n  ${name}`);
    expect(text).toContain('--sign-in=colar');
    expect(text).toContain(WEBHOOK_BASE_URL);
    expect(text).not.toContain('example.com');
  });
});
