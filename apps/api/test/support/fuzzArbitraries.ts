import fc from 'fast-check';
import { type FuzzMethod, type FuzzRoute, fillPath } from './fuzzRoutes';

/** What the fuzzer sends: one inject call. */
export interface FuzzRequest {
  method: FuzzMethod;
  url: string;
  headers: Record<string, string | string[]>;
  payload?: string;
}

/** Who calls, and the panel session token that caller earned. */
export interface FuzzCaller {
  systemKey: string;
  userId: string;
  token: string;
}

export interface FuzzIdentities {
  /** Signed in to the CRM, terms accepted, tenant configured. */
  signedIn: FuzzCaller;
  /** Same tenant, no CRM session. */
  noSession: FuzzCaller;
  /** A tenant without credentials. */
  unconfigured: FuzzCaller;
}

/** Only what an HTTP header can carry on the wire (latin-1, no CR/LF). */
const headerText = (maxLength: number) =>
  fc
    .array(
      fc.oneof(
        fc.integer({ min: 0x20, max: 0x7e }),
        fc.integer({ min: 0xa0, max: 0xff }),
        fc.constant(0x09),
      ),
      { maxLength },
    )
    .map((codes) => String.fromCharCode(...codes));

type Headers = Record<string, string | string[]>;

const identityArb = (ids: FuzzIdentities): fc.Arbitrary<Headers> => {
  const as = (who: FuzzCaller) => ({
    'x-user-id': who.userId,
    'x-system-key': who.systemKey,
    authorization: `Bearer ${who.token}`,
  });
  return fc.oneof(
    { weight: 10, arbitrary: fc.constant(as(ids.signedIn)) },
    // A session of one user with another's id, no session, a session that is not one.
    {
      weight: 1,
      arbitrary: fc.constant({ ...as(ids.signedIn), 'x-user-id': ids.noSession.userId }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        'x-user-id': ids.signedIn.userId,
        'x-system-key': ids.signedIn.systemKey,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        'x-user-id': fc.constant(ids.signedIn.userId),
        'x-system-key': fc.constant(ids.signedIn.systemKey),
        authorization: fc.oneof(
          headerText(300),
          fc.constantFrom('Bearer ', `Bearer ${'a'.repeat(43)}`, `Basic ${ids.signedIn.token}`),
        ),
      }),
    },
    { weight: 2, arbitrary: fc.constant(as(ids.noSession)) },
    { weight: 2, arbitrary: fc.constant(as(ids.unconfigured)) },
    { weight: 1, arbitrary: fc.constant<Headers>({}) },
    { weight: 1, arbitrary: fc.constant({ 'x-user-id': ids.signedIn.userId }) },
    { weight: 1, arbitrary: fc.constant({ 'x-system-key': ids.signedIn.systemKey }) },
    {
      weight: 2,
      arbitrary: fc.record({
        'x-user-id': fc.oneof(headerText(300), fc.constantFrom('', ' ', '\t', 'a'.repeat(201))),
        'x-system-key': fc.oneof(
          headerText(300),
          fc.constantFrom('', '  ', ids.signedIn.systemKey, 'x'.repeat(5000)),
        ),
      }),
    },
    {
      // Repeated headers: Node joins most of them, but an array reaches Fastify through inject.
      weight: 1,
      arbitrary: fc.constant<Headers>({
        'x-user-id': [ids.signedIn.userId, 'intruso'],
        'x-system-key': [ids.signedIn.systemKey, 'outro-tenant'],
      }),
    },
  );
};

const oddHeadersArb: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'x-cache-bypass': fc.constantFrom('1', '0', 'true', 'false', 'TRUE', 'sim', '', '1, 1'),
    accept: fc.constantFrom('text/html', 'application/xml', '*/*', ';;', 'application/json'),
    origin: fc.constantFrom('http://localhost:4200', 'https://evil.example', 'null', '%'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x;q=abc'),
    'x-forwarded-for': headerText(40),
    'x-http-method-override': fc.constantFrom('DELETE', 'PATCH'),
  },
  { requiredKeys: [] },
);

const PARAM_ODDITIES = [
  '..',
  '.',
  '%2F',
  'a%2Fb',
  '%2e%2e',
  '%00',
  '%20',
  '%25',
  '%0A',
  '-',
  '_',
  '0',
  '-1',
  '1e400',
  '99999999999999999999999',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  encodeURIComponent('ação'),
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent('"; DROP TABLE sessions; --'),
  encodeURIComponent('😀'),
  'a'.repeat(100),
];

/**
 * A path segment: the sample, a random string (percent-encoded, so the URL stays well-formed and
 * at most the router's 100 characters) or a known oddity. Malformed or longer segments are the
 * subject of their own test.
 */
const paramArb = (sample: string | undefined): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(sample ?? 'x') },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.string({ unit: 'grapheme', maxLength: 30 }),
          fc.string({ unit: 'binary', maxLength: 20 }),
        )
        .map(encodeURIComponent)
        .filter((s) => s.length > 0 && s.length <= 100),
    },
    { weight: 2, arbitrary: fc.constantFrom(...PARAM_ODDITIES) },
  );

const QUERY_VALUES = [
  '1e400',
  '-1',
  '0',
  '-0',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '99999999999999999999999',
  '9007199254740993',
  '%201',
  '1%20',
  '%2B1',
  '01',
  'true',
  'false',
  'null',
  '[]',
  '{}',
  '',
  'asc',
  'desc',
  'ASC',
  // Broken percent sequences, as a careless client sends them.
  '%',
  '%zz',
  '%E0%A4%A',
  '%%',
  '%00',
  '%C0%AF',
  '%FF%FE',
  '%u0041',
  // RDQL that does not parse.
  encodeURIComponent('name:'),
  encodeURIComponent('('),
  encodeURIComponent('name:"'),
  encodeURIComponent('@:x'),
  encodeURIComponent('or or and'),
  encodeURIComponent('deal_id:('),
  encodeURIComponent('\\'),
  encodeURIComponent('"'.repeat(9)),
  encodeURIComponent('name:~' + 'a'.repeat(990)),
  'a'.repeat(3000),
];

const queryKeyArb = (route: FuzzRoute): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        ...route.queryNames,
        'limit',
        'page',
        'order',
        'direction',
        'filter',
        'refresh',
        'channelId',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'limit[]',
        'limit[0]',
        'page[size]',
        'sort[name]',
        '__proto__',
        'constructor',
        '',
        '%',
        '%zz',
        encodeURIComponent('çã'),
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }).map(encodeURIComponent) },
  );

const queryValueArb = (sampleValues: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...sampleValues, '1', '200', '201', '10001') },
    { weight: 3, arbitrary: fc.constantFrom(...QUERY_VALUES) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
    },
  );

/** A raw query string (without '?'), or none. */
const queryArb = (route: FuzzRoute): fc.Arbitrary<string> => {
  const sample = Object.entries(route.sample.query ?? {}).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
  );
  const pair = fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(queryKeyArb(route), queryValueArb(Object.values(route.sample.query ?? {})))
        .map(([key, value]) => `${key}=${value}`),
    },
    { weight: 1, arbitrary: queryKeyArb(route) },
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(sample.join('&')) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.subarray(sample), fc.array(pair, { minLength: 1, maxLength: 5 }))
        .chain(([kept, extra]) =>
          fc.shuffledSubarray([...kept, ...extra], { minLength: kept.length + extra.length }),
        )
        .chain((pairs) => fc.constantFrom('&', ';').map((sep) => pairs.join(sep))),
    },
  );
};

const WEIRD_VALUES: unknown[] = [
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\u202e',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'a'.repeat(6000),
  '9'.repeat(400),
  '2024-13-45',
  null,
  true,
  false,
  [],
  {},
  [null],
  { data: {} },
  JSON.parse('{"__proto__":{"admin":true}}') as unknown,
];

const weirdValueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_VALUES) },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The sample with one thing changed: a value replaced, a key dropped or a key added, at any depth. */
function mutationArb(value: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(value) && value.length > 0 && depth < 3) {
    return fc.oneof(
      weirdValueArb,
      fc
        .nat(value.length - 1)
        .chain((index) =>
          mutationArb(value[index], depth + 1).map((item) =>
            value.map((old, i) => (i === index ? item : old)),
          ),
        ),
      fc.constant([...value, ...value, ...value]),
    );
  }
  if (!isRecord(value) || depth >= 3) return weirdValueArb;
  const keys = Object.keys(value);
  const options: fc.Arbitrary<unknown>[] = [
    fc
      .tuple(
        fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'data', 'id')),
        weirdValueArb,
      )
      .map(([key, extra]) => ({ ...value, [key]: extra })),
  ];
  if (keys.length > 0) {
    options.push(
      fc
        .constantFrom(...keys)
        .chain((key) =>
          mutationArb(value[key], depth + 1).map((next) => ({ ...value, [key]: next })),
        ),
      fc.constantFrom(...keys).map((key) => {
        const rest = { ...value };
        delete rest[key];
        return rest;
      }),
    );
  }
  return fc.oneof(...options);
}

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=utf-16le',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/json, text/html',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/octet-stream',
  'application/xml',
  '',
  ';',
  '*/*',
];

/** `[content-type or none, payload]`. */
const bodyArb = (route: FuzzRoute): fc.Arbitrary<[string | null, string] | null> => {
  const json = (arb: fc.Arbitrary<unknown>) =>
    arb.map((value): [string | null, string] => ['application/json', JSON.stringify(value) ?? '']);
  const sample = route.sample.body ?? {};
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: json(fc.constant(sample)) },
    { weight: 6, arbitrary: json(mutationArb(sample)) },
    { weight: 3, arbitrary: json(fc.jsonValue({ maxDepth: 4 })) },
    {
      // Not JSON at all, or JSON cut short.
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.string({ unit: 'grapheme', maxLength: 80 }),
          fc
            .constant(JSON.stringify(sample))
            .chain((text) => fc.nat(Math.max(0, text.length - 1)).map((cut) => text.slice(0, cut))),
          fc.constantFrom(
            '\ufeff{}',
            '{"a":1,}',
            "{'a':1}",
            'NaN',
            '{"__proto__":{"x":1}}',
            '{"constructor":{"prototype":{"x":1}}}',
            '[]'.repeat(3),
            '['.repeat(20000) + ']'.repeat(20000),
            '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
            '1'.repeat(5000),
            '"' + '\\u0000'.repeat(100) + '"',
          ),
        )
        .map((text): [string | null, string] => ['application/json', text]),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.constantFrom(...CONTENT_TYPES), headerText(40)),
          fc.constantFrom(JSON.stringify(sample), 'a=1&b=2', '<x/>', ''),
        )
        .map(([type, payload]): [string | null, string] => [type, payload]),
    },
    {
      weight: 1,
      arbitrary: fc
        .constant(JSON.stringify(sample))
        .map((payload): [string | null, string] => [null, payload]),
    },
  );
};

/** Random, broken and near-valid requests for one route. */
export function requestArb(route: FuzzRoute, ids: FuzzIdentities): fc.Arbitrary<FuzzRequest> {
  const names = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const params = fc.tuple(
    ...names.map((name) => paramArb(route.sample.params?.[name]).map((v) => [name, v] as const)),
  );
  return fc
    .record({
      params,
      query: queryArb(route),
      identity: route.identified ? identityArb(ids) : fc.oneof(fc.constant({}), identityArb(ids)),
      odd: fc.option(oddHeadersArb, { freq: 3 }),
      body: bodyArb(route),
    })
    .map(({ params: values, query, identity, odd, body }) => {
      const headers: Record<string, string | string[]> = { ...identity, ...(odd ?? {}) };
      if (body && body[0] !== null) headers['content-type'] = body[0];
      const path = fillPath(route.path, Object.fromEntries(values));
      return {
        method: route.method,
        url: query === '' ? path : `${path}?${query}`,
        headers,
        ...(body ? { payload: body[1] } : {}),
      };
    });
}
