import {
  DEFAULT_NOVUS_MAPPING,
  novusMissing,
  novusOriginMismatch,
  novusProxyAdvice,
  novusProxyErrorKind,
  type NovusDiagnosticsReport,
} from './novus';

// 'O que falta' for the identity and the origins: what the panel could not reach, in pt-BR.

const PAGE = 'https://acme.novus.example';

function report(overrides: Partial<NovusDiagnosticsReport> = {}): NovusDiagnosticsReport {
  return {
    hostOrigin: PAGE,
    origins: { parameter: PAGE, referrer: PAGE, ancestor: PAGE },
    urlTenant: 'tenant-acme',
    userInfo: { at: '2026-12-05T10:00:00.000Z', reply: { id: 'u-1' } },
    lastEvent: {
      at: '2026-12-05T10:00:01.000Z',
      name: 'aoFecharAtendimento',
      payload: null,
    },
    understood: {
      userId: 'u-1',
      systemKey: 'tenant-acme',
      attendanceId: null,
      channelId: null,
      contactId: null,
      phone: null,
    },
    unexpected: [],
    ...overrides,
  };
}

const missing = (overrides: Partial<NovusDiagnosticsReport>) =>
  novusMissing(report(overrides), DEFAULT_NOVUS_MAPPING);

describe('novusMissing: identity and origins', () => {
  it('nothing is missing when the page, the host and the user agree', () => {
    expect(missing({})).toEqual([]);
  });

  it('names the origin seen when it is not allowed, and asks nothing of a host it never spoke to', () => {
    expect(
      missing({
        hostOrigin: null,
        origins: { parameter: null, referrer: PAGE, ancestor: PAGE },
        userInfo: null,
        lastEvent: null,
        understood: { ...report().understood, userId: null },
      }),
    ).toEqual([
      `A origem da página do Novus (${PAGE}) não está entre as origens permitidas do painel (hostOrigins): o painel não fala com ela.`,
    ]);
  });

  it('says so without an origin when the panel saw none', () => {
    expect(
      missing({
        hostOrigin: null,
        origins: { parameter: null, referrer: null, ancestor: null },
        userInfo: null,
        lastEvent: null,
      }),
    ).toEqual([
      'A origem da página do Novus não está entre as origens permitidas do painel (hostOrigins): o painel não fala com ela.',
    ]);
  });

  it('names both origins when the page that frames the panel is not the one it talks to', () => {
    const other = 'https://outra.novus.example';
    expect(
      missing({
        hostOrigin: other,
        origins: { parameter: other, referrer: PAGE, ancestor: PAGE },
        userInfo: null,
        lastEvent: null,
      }),
    ).toEqual([
      `A página que abriu o painel está em ${PAGE}, mas o painel fala com ${other} (parâmetro hostOrigin da URL do plugin): o navegador descarta as mensagens para outra origem.`,
      'O getInfoUser ainda não respondeu.',
      'Nenhum evento de atendimento recebido ainda (abra um atendimento no Novus).',
    ]);
  });

  it("compares with the referrer's origin when the browser names no parent", () => {
    const other = 'https://outra.novus.example';
    const seen = {
      hostOrigin: other,
      origins: { parameter: other, referrer: PAGE, ancestor: null },
    };
    expect(novusOriginMismatch(seen)).toEqual({ hostOrigin: other, parent: PAGE });
    expect(
      novusOriginMismatch({
        hostOrigin: PAGE,
        origins: { parameter: null, referrer: null, ancestor: null },
      }),
    ).toBeNull();
  });

  it("says the host refused getInfoUser, with its words, instead of 'not answered yet'", () => {
    expect(
      missing({
        userInfo: null,
        userInfoError: { at: '2026-12-05T10:00:00.000Z', error: 'Usuário sem permissão' },
      }),
    ).toEqual(['O Novus recusou o getInfoUser: Usuário sem permissão']);
  });

  it('counts the Novus messages the panel did not recognise', () => {
    const one = { at: '2026-12-05T10:00:02.000Z', command: 'callback', callbackId: 'x-1' };
    expect(missing({ unrecognized: [one] })).toEqual([
      'Uma mensagem não reconhecida do Novus foi ignorada (veja abaixo).',
    ]);
    expect(missing({ unrecognized: [one, one, one] })).toEqual([
      '3 mensagens não reconhecidas do Novus foram ignoradas (veja abaixo).',
    ]);
  });
});

describe("novusMissing: the chat messages read through Novus's proxy", () => {
  // The proxy's errors as the public example lists them (plugin.js `explicarErro`, README
  // 'Mensagens de erro e o que fazer'), by who can solve them.
  it.each([
    ['Host not allowed', 'host'],
    ['Endpoint not allowed', 'endpoint'],
    ['Method not allowed', 'endpoint'],
    ['Secret not found: cplus.chaveapi', 'secret'],
    ['Unauthorized', 'session'],
    ['proxy 401', 'refused'],
    ['proxy 404', 'refused'],
    ['proxy 502', 'transient'],
    ['O sistema de atendimento não respondeu a tempo.', 'transient'],
  ])("reads the proxy's '%s' as %s", (error, kind) => {
    expect(novusProxyErrorKind(error)).toBe(kind);
  });

  it("names the last failed apiRequest read under 'O que falta', with what to do", () => {
    expect(missing({})).toEqual([]);
    expect(missing({ apiRequestFailure: null })).toEqual([]);
    const failure = {
      at: '2026-11-29T12:00:02.000Z',
      host: 'publica',
      endpoint: 'v1/atendimentos/at-1/mensagens',
      error: 'Endpoint not allowed',
    };
    expect(missing({ apiRequestFailure: failure })).toEqual([
      'A leitura das mensagens do chat pelo apiRequest falhou (host publica, endpoint v1/atendimentos/at-1/mensagens): Endpoint not allowed. Peça ao suporte do Novus CRM para liberar este endpoint (GET) para plugins na conta.',
    ]);
    expect(novusProxyAdvice('Secret not found: chaveApiPublica')).toBe(
      'Cadastre essa variável nas variáveis globais da conta do Novus.',
    );
  });
});
