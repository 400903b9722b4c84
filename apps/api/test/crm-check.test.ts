import { consentOverHttp, type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { crmCheckCli } from '@api/check/cli';
import { formatReport, runCrmCheck } from '@api/check/crmCheck';
import { CheckSignInError, signInByPaste, signInForCheck } from '@api/check/signIn';
import { ACCOUNT1 } from './support/harness';
import { freePort } from './support/postgres';

// `npm run crm:check` against the strict sandbox (its default): every read the product sends is
// accepted with the shape the panel reads; flipping the sandbox against the product makes it fail.

let sandbox: RunningSandbox;
beforeAll(async () => {
  // The loopback sign-in's callback is http, which RD's https rule leaves to a sandbox knob.
  sandbox = await startSandbox({ port: 0, knobs: { loopbackHttpCallbacks: true } });
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(() => {
  sandbox.reset();
});

/** The check's sign-in against the sandbox's OAuth, the consent given by `announce`. */
const sandboxSignIn = (
  port: number,
  announce: (url: string) => Promise<void>,
  clientSecret: string = ACCOUNT1.clientSecret,
) =>
  signInForCheck({
    clientId: ACCOUNT1.clientId,
    clientSecret,
    authorizeUrl: `${sandbox.url}/oauth/authorize`,
    tokenUrl: `${sandbox.url}/oauth2/token`,
    port,
    announce,
  });

const tokenOf = (email: string) => sandbox.issueTokens(ACCOUNT1.clientId, email).access_token;

describe('npm run crm:check', () => {
  it('sends every panel read in documented syntax and reports each assumption', async () => {
    const report = await runCrmCheck({
      baseUrl: `${sandbox.url}/crm/v2`,
      accessToken: tokenOf(ACCOUNT1.users.ana.email),
      userEmail: ACCOUNT1.users.ana.email,
    });
    const failed = report.rows.filter((row) => row.status !== 'ok');
    expect(failed).toEqual([]);
    const crm = report.rows.flatMap((row) => row.crm);
    // The contact filter goes as a scan of documented fields, never as contact_ids.
    expect(crm.some((line) => line.includes('contact_ids'))).toBe(false);
    expect(crm.every((line) => !/page\[size\]=(?:[2-9]\d\d|1\d[1-9]|10[1-9])/.test(line))).toBe(
      true,
    );
    expect(report.assumptions).toEqual(
      expect.arrayContaining([
        {
          assumption: 'page[size] (a documentação dá o padrão, 20, e nenhum máximo)',
          result: 'aceito até 100',
        },
        {
          assumption: "/organizations: 'name:~' (contém), que a documentação não cita",
          result: 'recusado (400): a api usa a forma exata',
        },
        {
          assumption: 'links.next na última página',
          result: 'presente: o fim é a página curta ou vazia',
        },
      ]),
    );
    // Only the probes (one row each, `page[size]=1`) are assumptions; documented `~` is not.
    expect(report.assumptions.filter((row) => row.assumption.includes(':~'))).toHaveLength(3);
    expect(report.ok).toBe(true);
    expect(formatReport(report)).toContain('Tudo certo.');
  });

  it('reports the lenient reading where the CRM takes it', async () => {
    sandbox.setKnobs({ nameContainsOn: ['organizations'], omitEndLinks: true });
    const report = await runCrmCheck({
      baseUrl: `${sandbox.url}/crm/v2`,
      accessToken: tokenOf(ACCOUNT1.users.ana.email),
    });
    expect(report.assumptions).toEqual(
      expect.arrayContaining([
        {
          assumption: "/organizations: 'name:~' (contém), que a documentação não cita",
          result: 'aceito: a busca por trecho funciona',
        },
        { assumption: 'links.next na última página', result: 'ausente' },
      ]),
    );
  });

  it.each([
    [50, [100]],
    [25, [100, 50]],
    [20, [100, 50, 25]],
  ])(
    'a CRM whose pages are capped at %i: each refused size is asked once, every read passes',
    async (cap, refused) => {
      sandbox.setKnobs({ maxPageSize: cap });
      const report = await runCrmCheck({
        baseUrl: `${sandbox.url}/crm/v2`,
        accessToken: tokenOf(ACCOUNT1.users.ana.email),
      });
      expect(report.rows.filter((row) => row.status === 'falhou')).toEqual([]);
      expect(report.ok).toBe(true);
      // The first list (the active users, at sign-in) meets each refusal once, then reads on
      // at once; every later list asks the kept size.
      const [users, ...rest] = report.rows;
      expect(users?.crm).toEqual([
        ...refused.map(
          (size) => `400 GET /users?filter=is:active&page[number]=1&page[size]=${size}`,
        ),
        `200 GET /users?filter=is:active&page[number]=1&page[size]=${cap}`,
      ]);
      const later = rest.flatMap((row) => row.crm);
      // (The filter probes, one row each, are refused on their operator, not their size.)
      const refusedSizes = later.filter(
        (line) => line.startsWith('400 ') && !line.endsWith('page[size]=1'),
      );
      expect(refusedSizes).toEqual([]);
      const pipelines = report.rows.find((row) => row.what === 'Funis de vendas');
      expect(pipelines?.crm).toEqual([`200 GET /pipelines?page[number]=1&page[size]=${cap}`]);
      expect(report.assumptions).toContainEqual({
        assumption: 'page[size] (a documentação dá o padrão, 20, e nenhum máximo)',
        result: `recusado: ${refused.join(', ')}; a api passou a pedir ${cap}`,
      });
    },
  );

  it.each([50, 25, 20])(
    'a CRM that cuts pages to %i without an error: every read passes, the row says "reduzido a"',
    async (cap) => {
      sandbox.setKnobs({ maxPageSize: cap, pageSizeOverCap: 'clamp' });
      const report = await runCrmCheck({
        baseUrl: `${sandbox.url}/crm/v2`,
        accessToken: tokenOf(ACCOUNT1.users.ana.email),
      });
      expect(report.rows.filter((row) => row.status === 'falhou')).toEqual([]);
      expect(report.ok).toBe(true);
      const crm = report.rows.flatMap((row) => row.crm);
      // Nothing is refused: the first list longer than the cap shows the cut, once.
      expect(
        crm.filter((line) => line.startsWith('400 ') && !line.endsWith('page[size]=1')),
      ).toEqual([]);
      // Lists shorter than the cap are whole at 100; the first longer one is cut, its page 1
      // asked again at the cap, and from then on no list asks more than the cap.
      const sizes = crm.map((line) => Number(/page\[size\]=(\d+)/.exec(line)?.[1] ?? 0));
      const cut = crm.findIndex(
        (line, i) => sizes[i] === 100 && crm[i + 1] === line.replace('size]=100', `size]=${cap}`),
      );
      expect(cut).toBeGreaterThan(0);
      expect(sizes.slice(cut + 1).filter((size) => size > cap)).toEqual([]);
      expect(report.assumptions).toContainEqual({
        assumption: 'page[size] (a documentação dá o padrão, 20, e nenhum máximo)',
        result: `reduzido a ${cap} (pedido 100); a api passou a pedir ${cap}`,
      });
    },
  );

  it('honours CRM_PAGE_SIZE', async () => {
    const report = await runCrmCheck({
      baseUrl: `${sandbox.url}/crm/v2`,
      accessToken: tokenOf(ACCOUNT1.users.ana.email),
      pageSize: 30,
    });
    const pipelines = report.rows.find((row) => row.what === 'Funis de vendas');
    expect(pipelines?.crm).toEqual(['200 GET /pipelines?page[number]=1&page[size]=30']);
    expect(report.ok).toBe(true);
  });

  it('fails, naming the read, when the CRM refuses even its own default page size', async () => {
    sandbox.setKnobs({ maxPageSize: 10 });
    const report = await runCrmCheck({
      baseUrl: `${sandbox.url}/crm/v2`,
      accessToken: tokenOf(ACCOUNT1.users.ana.email),
    });
    expect(report.ok).toBe(false);
    const pipelines = report.rows.find((row) => row.what === 'Funis de vendas');
    expect(pipelines?.status).toBe('falhou');
    expect(formatReport(report)).toMatch(/\d+ verificação\(ões\) falharam\./);
  });

  it('a refused token says exactly that, refreshes nothing and checks nothing', async () => {
    const sent: string[] = [];
    const report = await runCrmCheck({
      baseUrl: `${sandbox.url}/crm/v2`,
      accessToken: 'token-expirado',
      fetch: async (input, init) => {
        sent.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
    });
    expect(report.ok).toBe(false);
    const text = formatReport(report);
    expect(text).toBe(
      'O CRM recusou o token de acesso (401): ele expirou (um token vale 2 horas) ou foi revogado. Gere um token novo com `npm run crm:check -- --sign-in` (README da api, "Check your account first") e rode de novo.\n\nNada foi verificado.',
    );
    expect(text).not.toContain('indisponível');
    expect(text).not.toContain('page[size]');
    expect(sent).toEqual([`${sandbox.url}/crm/v2/users?page[number]=1&page[size]=1`]);
  });

  it('--sign-in: RD’s sign-in through a loopback callback, then the check with its token', async () => {
    const port = await freePort();
    sandbox.registerRedirectUri(`http://127.0.0.1:${port}/callback`, ACCOUNT1.clientId);
    const shown: string[] = [];
    // The person opens the page, chooses the account and consents; RD sends the browser back.
    const { accessToken, redirectUri } = await sandboxSignIn(port, async (url) => {
      shown.push(url);
      const callback = await consentOverHttp(url, ACCOUNT1.users.ana.email);
      const page = await fetch(callback);
      expect(await page.text()).toContain('Pode fechar esta janela e voltar ao terminal.');
    });
    expect(redirectUri).toBe(`http://127.0.0.1:${port}/callback`);
    const authorize = new URL(shown[0] ?? '');
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      response_type: 'code',
      client_id: ACCOUNT1.clientId,
      redirect_uri: redirectUri,
      state: expect.stringMatching(/^[\w-]{32}$/),
    });
    const report = await runCrmCheck({ baseUrl: `${sandbox.url}/crm/v2`, accessToken });
    expect(report.ok).toBe(true);
  });

  it('--sign-in: a code another page sends to the loopback callback under another state is refused', async () => {
    const port = await freePort();
    sandbox.registerRedirectUri(`http://127.0.0.1:${port}/callback`, ACCOUNT1.clientId);
    const exchanged: string[] = [];
    const planted = signInForCheck({
      clientId: ACCOUNT1.clientId,
      clientSecret: ACCOUNT1.clientSecret,
      authorizeUrl: `${sandbox.url}/oauth/authorize`,
      tokenUrl: `${sandbox.url}/oauth2/token`,
      port,
      fetch: async (input, init) => {
        exchanged.push(String(input));
        return fetch(input, init);
      },
      announce: async (url) => {
        // Another page's consent (the attacker's own), sent to this callback with its own state.
        const theirs = new URL(url);
        theirs.searchParams.set('state', 'estado-de-outra-pagina');
        const callback = new URL(
          await consentOverHttp(theirs.toString(), ACCOUNT1.users.ana.email),
        );
        callback.searchParams.set('state', 'estado-de-outra-pagina');
        const page = await fetch(callback);
        expect(page.status).toBe(400);
        expect(await page.text()).toContain('Este retorno não é do login que o crm:check abriu.');
      },
    });
    await expect(planted).rejects.toThrow(
      'O retorno do login não é do login que o crm:check abriu (state diferente). Rode de novo e abra só o endereço mostrado no terminal.',
    );
    expect(exchanged).toEqual([]);
  });

  it('--sign-in: a consent refused or a callback not registered ends with what to do', async () => {
    const port = await freePort();
    sandbox.registerRedirectUri(`http://127.0.0.1:${port}/callback`, ACCOUNT1.clientId);
    const denied = sandboxSignIn(port, async (url) => {
      await fetch(await consentOverHttp(url, ACCOUNT1.users.ana.email, 'deny'));
    });
    await expect(denied).rejects.toBeInstanceOf(CheckSignInError);
    await expect(denied).rejects.toThrow(/^O RD Station CRM não autorizou o acesso/);
    const wrongSecret = sandboxSignIn(
      port,
      async (url) => {
        await fetch(await consentOverHttp(url, ACCOUNT1.users.ana.email));
      },
      'segredo-errado',
    );
    await expect(wrongSecret).rejects.toThrow(
      `O RD Station CRM recusou a troca do código por um token (${sandbox.url}/oauth2/token). Confira CRM_CLIENT_ID, CRM_CLIENT_SECRET e se http://127.0.0.1:${port}/callback está cadastrada no aplicativo exatamente assim (o código vale 5 minutos e uma só troca).`,
    );
  });

  /** The panel's own https callback, as registered in the app (nothing listens on it here). */
  const PANEL_CALLBACK = 'https://localhost:8443/api/rdstation/auth/callback';

  it('--sign-in=colar: the panel’s https callback, the address pasted back from the browser, then the check', async () => {
    sandbox.registerRedirectUri(PANEL_CALLBACK, ACCOUNT1.clientId);
    const printed: string[] = [];
    const prompts: string[] = [];
    const code = await crmCheckCli(
      ['--sign-in=colar'],
      {
        CRM_CLIENT_ID: ACCOUNT1.clientId,
        CRM_CLIENT_SECRET: ACCOUNT1.clientSecret,
        CRM_REDIRECT_URI: PANEL_CALLBACK,
        CRM_AUTHORIZE_URL: `${sandbox.url}/oauth/authorize`,
        CRM_BASE_URL: `${sandbox.url}/crm/v2`,
      },
      {
        log: (line) => printed.push(line),
        error: (line) => printed.push(line),
        // The person opens the URL the terminal shows, consents, and pastes the address bar.
        readLine: async (prompt) => {
          prompts.push(prompt);
          const url = /\n {2}(\S+)\n/.exec(printed.join('\n'))?.[1] ?? '';
          return (await consentOverHttp(url, ACCOUNT1.users.ana.email)).toString();
        },
      },
    );
    const text = printed.join('\n');
    expect(text).toMatch(
      /^1\. Abra este endereço no navegador, escolha a conta e autorize:\n\n {2}http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?response_type=code&client_id=[^&]+&redirect_uri=https%3A%2F%2Flocalhost%3A8443%2Fapi%2Frdstation%2Fauth%2Fcallback&state=[\w-]{32}\n\n2\. O RD leva o navegador a https:\/\/localhost:8443\/api\/rdstation\/auth\/callback\?code=… \(a página pode dizer que o login não foi iniciado ali: é esperado\)\.\n3\. Copie o endereço inteiro da barra de endereços \(ou só o valor de code\) e cole aqui\. O código vale 5 minutos\.\n/,
    );
    expect(prompts).toEqual(['Endereço da página de retorno (ou o código): ']);
    expect(text).toContain('Tudo certo.');
    expect(code).toBe(0);
  });

  it('--sign-in=colar: a bare code works; an address of another sign-in or without a code is refused before any exchange', async () => {
    sandbox.registerRedirectUri(PANEL_CALLBACK, ACCOUNT1.clientId);
    sandbox.setKnobs({ echoState: true });
    const exchanged: string[] = [];
    const paste = (edit: (callback: URL) => string) =>
      signInByPaste({
        clientId: ACCOUNT1.clientId,
        clientSecret: ACCOUNT1.clientSecret,
        authorizeUrl: `${sandbox.url}/oauth/authorize`,
        tokenUrl: `${sandbox.url}/oauth2/token`,
        redirectUri: PANEL_CALLBACK,
        fetch: async (input, init) => {
          exchanged.push(String(input));
          return fetch(input, init);
        },
        announce: async (url) => {
          pasted = edit(await consentOverHttp(url, ACCOUNT1.users.ana.email));
        },
        readLine: async () => pasted,
      });
    let pasted = '';
    const bare = await paste((callback) => `  ${callback.searchParams.get('code') ?? ''}  `);
    expect(bare.redirectUri).toBe(PANEL_CALLBACK);
    expect(bare.refreshToken).not.toBe('');
    expect(exchanged).toEqual([`${sandbox.url}/oauth2/token`]);
    exchanged.length = 0;
    await expect(
      paste((callback) => {
        callback.searchParams.set('state', 'estado-de-outra-pagina');
        return callback.toString();
      }),
    ).rejects.toThrow(
      'O endereço colado não é do login que o crm:check abriu (state diferente). Rode de novo e abra só o endereço mostrado no terminal.',
    );
    await expect(
      paste((callback) => {
        callback.searchParams.delete('code');
        callback.searchParams.set('error', 'access_denied');
        return callback.toString();
      }),
    ).rejects.toThrow(
      'O endereço colado não traz o código de autorização (o RD Station CRM respondeu access_denied). Rode de novo e confirme a autorização na página do RD.',
    );
    await expect(paste(() => 'isto não é um código')).rejects.toThrow(
      'Isto não parece um código de autorização. Cole o endereço inteiro da página de retorno, como aparece na barra de endereços.',
    );
    expect(exchanged).toEqual([]);
  });

  it('--sign-in=colar without the https callback is a usage error (exit 2)', async () => {
    const printed: string[] = [];
    const code = await crmCheckCli(
      ['--sign-in=colar'],
      {
        CRM_CLIENT_ID: ACCOUNT1.clientId,
        CRM_CLIENT_SECRET: ACCOUNT1.clientSecret,
        CRM_REDIRECT_URI: 'http://127.0.0.1:4599/callback',
      },
      { log: (line) => printed.push(line), error: (line) => printed.push(line) },
    );
    expect(code).toBe(2);
    expect(printed[0]).toBe(
      '--sign-in=colar precisa de CRM_REDIRECT_URI: a URL de callback https cadastrada no aplicativo.\n',
    );
  });
});
