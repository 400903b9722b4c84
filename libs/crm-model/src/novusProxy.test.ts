import {
  DEFAULT_NOVUS_MAPPING,
  novusMissing,
  novusProxyAdvice,
  novusProxyErrorKind,
  type NovusDiagnosticsReport,
} from './novus';

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

const REPORT: NovusDiagnosticsReport = {
  hostOrigin: 'https://acme.novuscrm.com.br',
  origins: { parameter: 'https://acme.novuscrm.com.br', referrer: null, ancestor: null },
  urlTenant: 'tenant-acme',
  userInfo: { at: '2026-11-29T12:00:00.000Z', reply: { id: 'user-ana' } },
  lastEvent: { at: '2026-11-29T12:00:01.000Z', name: 'aoFecharAtendimento', payload: {} },
  understood: {
    userId: 'user-ana',
    systemKey: 'tenant-acme',
    attendanceId: null,
    channelId: null,
    contactId: null,
    phone: null,
  },
  unexpected: [],
};

it("names the last failed apiRequest read under 'O que falta', with what to do", () => {
  expect(novusMissing(REPORT, DEFAULT_NOVUS_MAPPING)).toEqual([]);
  expect(novusMissing({ ...REPORT, apiRequestFailure: null }, DEFAULT_NOVUS_MAPPING)).toEqual([]);
  const failure = {
    at: '2026-11-29T12:00:02.000Z',
    host: 'publica',
    endpoint: 'v1/atendimentos/at-1/mensagens',
    error: 'Endpoint not allowed',
  };
  expect(novusMissing({ ...REPORT, apiRequestFailure: failure }, DEFAULT_NOVUS_MAPPING)).toEqual([
    'A leitura das mensagens do chat pelo apiRequest falhou (host publica, endpoint v1/atendimentos/at-1/mensagens): Endpoint not allowed. Peça ao suporte do Novus CRM para liberar este endpoint (GET) para plugins na conta.',
  ]);
  expect(novusProxyAdvice('Secret not found: chaveApiPublica')).toBe(
    'Cadastre essa variável nas variáveis globais da conta do Novus.',
  );
});
