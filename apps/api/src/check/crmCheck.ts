import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { buildApp } from '@api/app';
import { WEBHOOK_RECEIVER_PATH } from '@api/changes/crmWebhooks';
import { resolveConfig } from '@api/config';
import { openDatabase } from '@api/db/database';
import { isRecord, parseJson, readJson } from '@api/http';
import { createRepositories } from '@api/db/repositories/createRepositories';
import { createSecretBox } from '@api/security/crypto';
import { crmPageOf } from '@api/crm/pageSizes';
import { PANEL_READS, type PanelRead, recordsOf, type SampleIds } from './panelReads';
import { type PanelCall, sendPanelWrites } from './panelWrites';
import { READ_SHAPES, readShapeOf } from './readShapes';
import { type RequestShape, type ShapeSender, WRITE_SHAPES, writeShapeOf } from './writeShapes';

// `npm run crm:check` (README 'Connecting to the real RD Station CRM'): this api, in process, on a
// throwaway store, signed in to a CRM account with the access token given, sends every read the
// panel sends and reports what the CRM answered to each CRM request it made. Read-only unless
// `writes` is set: then it also sends every write shape of writeShapes.ts, and reports each request
// shape it sent, reads (readShapes.ts) and writes, in one list and one figure.

export interface CrmCheckOptions {
  /** The CRM v2 base URL, e.g. https://api.rd.services/crm/v2. */
  baseUrl: string;
  accessToken: string;
  /** The CRM user to act as (its e-mail); default: the first active user. */
  userEmail?: string;
  /** Also send every write the product sends (writeShapes.ts), on records made for the check. */
  writes?: boolean;
  /**
   * The https address the check's webhooks name (RD needs one to create them); nothing is ever
   * delivered to the check. Default WEBHOOK_BASE_URL, a `.invalid` name (RFC 2606) that never
   * resolves, so what RD delivers while they exist reaches no one; the operator's API_PUBLIC_URL
   * when given (cli.ts).
   */
  webhookBaseUrl?: string;
  /**
   * What `--sign-in` got besides the access token: the api under check keeps the real refresh
   * token and the app's credentials, so a run that outlives the access token (a paced `--writes`)
   * refreshes against the CRM's token endpoint as the product does. Without it nothing is ever
   * refreshed: a 401 ends the run.
   */
  signIn?: CheckSignIn;
  /** The CRM's token endpoint (default tokenUrlOf(baseUrl)). */
  tokenUrl?: string;
  /** Each wait said as it starts (`CRM ocupado, aguardando N s`): the terminal prints it. */
  onWait?: (line: string) => void;
  /** CRM_PAGE_SIZE: the largest `page[size]` asked (default the api's, 100). */
  pageSize?: number;
  /** Outbound HTTP (tests). */
  fetch?: typeof fetch;
  /** The api's clock and how it waits (tests: a minute that passes at once). */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface CheckSignIn {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  refreshToken: string;
  /** When the access token expires (ms since the epoch). */
  expiresAt: number;
}

/** Where the check's webhooks point by default: a name that never resolves (RFC 2606 `.invalid`). */
export const WEBHOOK_BASE_URL = 'https://crm-check.invalid';

/**
 * RD's limit is 120 requests a minute per account (crm-v2 rate limit), and an account in use, or
 * the check run twice, may have spent it: the api under check waits a whole minute out, never
 * the 8 s a person in the panel waits.
 */
export const CHECK_RATE_LIMIT_WAIT_MS = 65_000;

export type RowStatus = 'ok' | 'falhou' | 'sem dados';

export interface CheckRow {
  what: string;
  /** The panel's call (method and path). */
  panel: string;
  /** Each CRM request it caused: `status path?query`. */
  crm: string[];
  status: RowStatus;
  detail: string;
}

export interface AssumptionRow {
  assumption: string;
  result: string;
}

export type ShapeStatus = 'ok' | 'falhou' | 'não enviada';

/** One request shape of the product (a read or a write), and what the CRM answered to it. */
export interface ShapeRow {
  shape: string;
  what: string;
  kind: RequestShape['kind'];
  /** Who sends it; null for a shape the api sent that is not on the list (a failure). */
  sender: ShapeSender | null;
  status: ShapeStatus;
  /** Each CRM request of this shape: `status METHOD path`, and the CRM's refusal when there is one. */
  crm: string[];
}

export interface CrmCheckReport {
  /**
   * What the person does next when the token was refused: at the start (nothing was checked) or
   * during the run (`stoppedAt` names where; nothing was sent to the CRM after it).
   */
  tokenProblem?: string;
  stoppedAt?: string;
  /** Each time the CRM answered 429 and the check waited (`CRM ocupado, aguardando N s`). */
  waits: string[];
  rows: CheckRow[];
  assumptions: AssumptionRow[];
  /** Every read (and write) the product needs was accepted with the shape it reads. */
  ok: boolean;
  /** With `writes`: every request shape of the product (and any the api sent beyond them). */
  shapes: ShapeRow[];
  /** With `writes`: why some writes were not sent (the account lacks what they need). */
  notSent: string[];
  /** What `writes` left in the account (RD's v2 documents no delete for them). */
  leftovers: string[];
  /** How long the check took. */
  elapsedMs: number;
}

interface Outbound {
  method: string;
  /** Its request shape (readShapes.ts, writeShapes.ts). */
  shape: string;
  /** Path and query after the base URL, decoded for reading. */
  target: string;
  status: number;
  /**
   * Lists: records on the page, page size asked, whether `links.next` was present, and the size
   * the CRM cut the page to without an error (a short page before `links.last`), else null.
   */
  page?: { count: number; size: number; next: boolean; clampedTo: number | null };
  /** Writes: the JSON body sent, and the CRM's answer when it refused (its first 300 characters). */
  body?: unknown;
  refusal?: string;
  /** A 429's Retry-After, in seconds: how long the api waited before sending it again. */
  retryAfter?: number;
}

const ISSUER = 'urn:crm-panel:crm-check';
const TENANT = 'crm-check';
const USER = 'crm-check';

const describeTarget = (url: URL, base: string): string => {
  const relative = url.href.startsWith(base) ? url.href.slice(base.length) : url.href;
  try {
    return decodeURIComponent(relative);
  } catch {
    return relative;
  }
};

async function pageOf(response: Response, url: URL): Promise<Outbound['page']> {
  if (!response.ok) return undefined;
  const size = Number(url.searchParams.get('page[size]'));
  if (!Number.isInteger(size) || size < 1) return undefined;
  const body = await readJson(response.clone());
  if (!isRecord(body) || !Array.isArray(body.data)) return undefined;
  const next = isRecord(body.links) ? body.links.next : undefined;
  const number = Number(url.searchParams.get('page[number]') ?? 1);
  const { clampedTo } = crmPageOf(body, number, size);
  return { count: body.data.length, size, next: typeof next === 'string', clampedTo };
}

/** A 429's wait in whole seconds (Retry-After in seconds or as a date; 1 when absent). */
function retryAfterOf(response: Response, now: number): number {
  const header = response.headers.get('retry-after')?.trim() ?? '';
  const seconds = /^\d+$/.test(header) ? Number(header) : (Date.parse(header) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : 1;
}

/** `CRM ocupado, aguardando 42 s`: how a 429 reads in the output, never as a failed shape. */
export const busyLine = (seconds: number): string => `CRM ocupado, aguardando ${seconds} s`;

/** `status METHOD path`, and the wait after a 429. */
const lineOf = (item: Outbound): string =>
  `${item.status} ${item.method} ${item.target}${item.retryAfter === undefined ? '' : ` (${busyLine(item.retryAfter)})`}`;

/** The outbound fetch of the api under check: every CRM request and its answer, recorded. */
function recordingFetch(
  base: string,
  send: typeof fetch,
  outbound: Outbound[],
  onBusy: (item: Outbound) => void,
  now: () => number,
): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await send(input, init);
    if (url.href.startsWith(base)) {
      const method = (init?.method ?? 'GET').toUpperCase();
      const write = method !== 'GET';
      const body = write && typeof init?.body === 'string' ? parseJson(init.body) : undefined;
      outbound.push({
        method,
        shape: write
          ? writeShapeOf(method, describeTarget(url, base), body)
          : readShapeOf(url, base),
        target: describeTarget(url, base),
        status: response.status,
        page: await pageOf(response, url),
        ...(body === undefined ? {} : { body }),
        ...(write && !response.ok && response.status !== 429
          ? { refusal: (await response.clone().text()).slice(0, 300) }
          : {}),
        ...(response.status === 429 ? { retryAfter: retryAfterOf(response, now()) } : {}),
      });
      const item = outbound.at(-1);
      if (item?.retryAfter !== undefined) onBusy(item);
    }
    return response;
  };
}

/** A signed-in panel of this api, as one admin of a throwaway tenant. */
async function panelSession(app: FastifyInstance, sign: () => Promise<string>) {
  const identity = { 'x-user-id': USER, 'x-system-key': TENANT };
  const started = await app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { ...identity, 'content-type': 'application/json' },
    payload: JSON.stringify({ assertion: await sign() }),
  });
  if (started.statusCode !== 200 && started.statusCode !== 201)
    throw new Error(`POST /api/session: ${started.statusCode} ${started.body}`);
  const session = parseJson(started.body);
  const token = isRecord(session) && typeof session.token === 'string' ? session.token : '';
  const call: PanelCall = async (method, url, body) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...identity,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, json: parseJson(response.body), text: response.body };
  };
  return call;
}

const messageOf = (json: unknown, status: number): string =>
  isRecord(json) && typeof json.message === 'string' ? `${status}: ${json.message}` : `${status}`;

async function checkRead(
  call: PanelCall,
  read: PanelRead,
  ids: SampleIds,
  outbound: Outbound[],
): Promise<CheckRow> {
  const url = read.url(ids);
  if (url === null)
    return {
      what: read.what,
      panel: '—',
      crm: [],
      status: 'sem dados',
      detail: 'a conta não tem o registro de exemplo que esta leitura precisa',
    };
  const from = outbound.length;
  const result = await call('GET', url);
  const crm = outbound.slice(from).map(lineOf);
  const row = { what: read.what, panel: `GET ${decodeURIComponent(url)}`, crm };
  if (result.status !== 200)
    return { ...row, status: 'falhou', detail: messageOf(result.json, result.status) };
  const records = recordsOf(read.shape, result.json);
  const first = records[0];
  if (read.shape === 'record' && !first)
    return { ...row, status: 'falhou', detail: 'resposta sem o registro em data' };
  if (!first) return { ...row, status: 'ok', detail: 'lista vazia' };
  const missing = read.fields.filter((field) => !(field in first));
  if (missing.length > 0)
    return { ...row, status: 'falhou', detail: `formato difere: faltam ${missing.join(', ')}` };
  read.learn?.([first, ...records.slice(1)], ids);
  return {
    ...row,
    status: 'ok',
    detail: read.shape === 'list' ? 'lista com registros' : 'registro',
  };
}

const accepted = (item: Outbound) => item.status >= 200 && item.status < 300;
const answered = (item: Outbound) => item.status !== 429;
const refusedAsAnswer = (item: Outbound) => item.status === 400 || item.status === 422;

/** What the CRM's answers say about the readings its docs leave open. */
function assumptionsOf(outbound: Outbound[]): AssumptionRow[] {
  const rows: AssumptionRow[] = [];
  const sizeOf = (item: Outbound) => Number(/page\[size\]=(\d+)/.exec(item.target)?.[1] ?? 0);
  const sized = outbound.filter((item) => item.method === 'GET' && sizeOf(item) > 1);
  if (sized.length > 0) {
    const refused = [
      ...new Set(sized.filter((item) => item.status === 400 || item.status === 422).map(sizeOf)),
    ].sort((a, b) => b - a);
    const clampedTo = (item: Outbound) => item.page?.clampedTo ?? null;
    const clamps = [
      ...new Set(
        sized
          .filter((item) => clampedTo(item) !== null)
          .map((item) => `reduzido a ${clampedTo(item)} (pedido ${sizeOf(item)})`),
      ),
    ];
    // What the api asks once the CRM cut a page: the largest size taken after the last cut.
    const lastClamp = sized.findLastIndex((item) => clampedTo(item) !== null);
    const takenAfter = sized
      .slice(lastClamp + 1)
      .filter(accepted)
      .map(sizeOf);
    const cutTo = lastClamp < 0 ? 0 : (clampedTo(sized[lastClamp] as Outbound) ?? 0);
    const taken = takenAfter.length > 0 ? Math.max(...takenAfter) : cutTo;
    const changes = [
      ...(refused.length === 0 ? [] : [`recusado: ${refused.join(', ')}`]),
      ...clamps,
    ];
    // Only an answer says what the CRM takes: a 429 or a 401 says nothing about page sizes.
    if (taken > 0 || changes.length > 0)
      rows.push({
        assumption: 'page[size] (a documentação dá o padrão, 20, e nenhum máximo)',
        result:
          changes.length === 0
            ? `aceito até ${taken}`
            : taken === 0
              ? `${changes.join('; ')}; nenhum tamanho aceito`
              : `${changes.join('; ')}; a api passou a pedir ${taken}`,
      });
  }
  for (const probe of outbound.filter(
    (item) =>
      /page\[size\]=1(?:&|$)/.test(item.target) &&
      item.target.includes(':~') &&
      (accepted(item) || refusedAsAnswer(item)),
  )) {
    const clause = /filter=([a-z_]+):~/.exec(probe.target)?.[1] ?? '?';
    const resource = probe.target.split('?')[0] ?? '';
    rows.push({
      assumption: `${resource}: '${clause}:~' (contém), que a documentação não cita`,
      result:
        probe.status === 200
          ? 'aceito: a busca por trecho funciona'
          : `recusado (${probe.status}): a api usa a forma exata`,
    });
  }
  const lastPages = outbound.filter((item) => item.page && item.page.count < item.page.size);
  if (lastPages.length > 0)
    rows.push({
      assumption: 'links.next na última página',
      result: lastPages.some((item) => item.page?.next)
        ? 'presente: o fim é a página curta ou vazia'
        : 'ausente',
    });
  return rows;
}

/**
 * A write: taken when the CRM accepted it and refused none of it. A read: taken when its last
 * request was (a page size stepped down, or page 2, is the same shape). A probe: answered, a
 * refusal included. A 429 is no answer to a shape: the api waits and sends it again.
 */
function shapeStatus(row: RequestShape, items: Outbound[]): ShapeStatus {
  if (items.length === 0) return 'não enviada';
  const answers = items.filter(answered);
  const last = answers.at(-1);
  const taken = row.probe
    ? answers.some((item) => accepted(item) || refusedAsAnswer(item))
    : row.kind === 'leitura'
      ? last !== undefined && accepted(last)
      : answers.length > 0 && answers.every(accepted);
  return taken ? 'ok' : 'falhou';
}

/** The product's request shapes, reads first: what `crm:check --writes` lists and counts. */
export const REQUEST_SHAPES: readonly RequestShape[] = [...READ_SHAPES, ...WRITE_SHAPES];

/** Each request shape of the product, and whatever else the api sent, from what went out. */
function shapeRows(outbound: Outbound[]): ShapeRow[] {
  const sent = new Map<string, Outbound[]>();
  for (const item of outbound) sent.set(item.shape, [...(sent.get(item.shape) ?? []), item]);
  const lines = (items: Outbound[]) =>
    items.map((item) => `${lineOf(item)}${item.refusal ? ` → ${item.refusal}` : ''}`);
  const rows: ShapeRow[] = REQUEST_SHAPES.map((row) => {
    const forms = [row.shape, ...(row.alternatives ?? [])];
    const items = forms.flatMap((form) => sent.get(form) ?? []);
    for (const form of forms) sent.delete(form);
    return {
      // The form that went out, where the api chose among several.
      shape: items[0]?.shape ?? row.shape,
      what: row.what,
      kind: row.kind,
      sender: row.sender,
      status: shapeStatus(row, items),
      crm: lines(items),
    };
  });
  for (const [shape, items] of sent)
    rows.push({
      shape,
      what: 'forma que não está na lista do produto (src/check/readShapes.ts, writeShapes.ts)',
      kind: items[0]?.method === 'GET' ? 'leitura' : 'escrita',
      sender: null,
      status: 'falhou',
      crm: lines(items),
    });
  return rows;
}

/** The CRM's token endpoint beside its API: https://api.rd.services/oauth2/token for RD's base. */
export const tokenUrlOf = (base: string): string => new URL('/oauth2/token', base).toString();

const SIGN_IN_AGAIN =
  'Gere um token novo com `npm run crm:check -- --sign-in` (README da api, "Check your account first") e rode de novo.';

/** A refused token, at the start or during the run: the same words and the same way out. */
const TOKEN_EXPIRED = `O CRM recusou o token de acesso (401): ele expirou (um token vale 2 horas) ou foi revogado. ${SIGN_IN_AGAIN}`;

/**
 * One direct call with the token before the api is involved: a refused token is said as such
 * (never as "CRM indisponível"), and so is an address that is not RD's API v2 (a 404 to
 * `GET /users`, which every account answers); nothing is refreshed.
 */
async function tokenRefusal(
  base: string,
  accessToken: string,
  send: typeof fetch,
): Promise<string | null> {
  let status: number;
  try {
    const response = await send(`${base}/users?page[number]=1&page[size]=1`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    status = response.status;
    await response.arrayBuffer();
  } catch (error) {
    return `O CRM em ${base} não respondeu (${error instanceof Error ? error.message : String(error)}). Confira CRM_BASE_URL e a rede.`;
  }
  if (status === 401) return TOKEN_EXPIRED;
  if (status === 403)
    return `O CRM recusou o token de acesso (403): o usuário dele não tem permissão para ler a conta. Use o login de um usuário com acesso à conta. ${SIGN_IN_AGAIN}`;
  if (status === 404)
    return `O endereço ${base}/users não existe (404): CRM_BASE_URL não aponta para a API v2 do RD Station CRM. O endereço do RD é https://api.rd.services/crm/v2 (sem barra no fim); confira CRM_BASE_URL e rode de novo.`;
  return null;
}

const emptyReport = (started: number): Omit<CrmCheckReport, 'rows' | 'ok'> => ({
  assumptions: [],
  shapes: [],
  notSent: [],
  leftovers: [],
  waits: [],
  elapsedMs: Date.now() - started,
});

export async function runCrmCheck(options: CrmCheckOptions): Promise<CrmCheckReport> {
  const started = Date.now();
  const base = options.baseUrl.replace(/\/+$/, '');
  const refused = await tokenRefusal(base, options.accessToken, options.fetch ?? fetch);
  if (refused)
    return {
      ...emptyReport(started),
      tokenProblem: refused,
      rows: [{ what: 'Token de acesso', panel: '—', crm: [], status: 'falhou', detail: refused }],
      ok: false,
    };
  const outbound: Outbound[] = [];
  const waits: string[] = [];
  const now = options.now ?? Date.now;
  // Said once per wait: requests under way together meet the same full minute.
  let waitingUntil = 0;
  const onBusy = (item: Outbound) => {
    const seconds = item.retryAfter ?? 1;
    const until = now() + seconds * 1000;
    if (until <= waitingUntil) return;
    waitingUntil = until;
    const line = `${busyLine(seconds)} (429 a ${item.method} ${item.target.split('?')[0]}: o limite de requisições por minuto da conta)`;
    waits.push(line);
    options.onWait?.(line);
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-check-'));
  const secretKey = randomBytes(32);
  const keys = await generateKeyPair('EdDSA', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'crm-check', alg: 'EdDSA' };
  const securityPassword = randomBytes(12).toString('hex');
  const publicUrl = (options.webhookBaseUrl ?? WEBHOOK_BASE_URL).replace(/\/+$/, '');
  const input = {
    dataDir,
    // The address the webhooks name (WEBHOOK_RECEIVER_PATH under it); never called by the check.
    publicUrl,
    secretKey,
    mode: 'development' as const,
    logger: false as const,
    // A refresh (only with --sign-in's refresh token) goes to the CRM being checked, nowhere else;
    // a full minute of RD's rate limit is waited out.
    crm: {
      baseUrl: base,
      tokenUrl: options.tokenUrl ?? tokenUrlOf(base),
      maxRateLimitWaitMs: CHECK_RATE_LIMIT_WAIT_MS,
    },
    ...(options.pageSize === undefined ? {} : { crmCalls: { pageSize: options.pageSize } }),
    fetch: recordingFetch(base, options.fetch ?? fetch, outbound, onBusy, now),
    ...(options.now ? { now: options.now } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    identity: {
      issuers: [{ issuer: ISSUER, jwks: { keys: [jwk] } }],
      tenants: [{ systemKey: TENANT, issuer: ISSUER }],
    },
  };
  const app = await buildApp(input);
  const database = openDatabase(resolveConfig(input).database);
  try {
    const sign = () => {
      const at = Math.floor(now() / 1000);
      return new SignJWT({ tenant: TENANT, role: 'admin', jti: randomBytes(12).toString('hex') })
        .setProtectedHeader({ alg: 'EdDSA', kid: 'crm-check', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience('crm-panel')
        .setSubject(USER)
        .setIssuedAt(at)
        .setExpirationTime(at + 300)
        .sign(keys.privateKey);
    };
    const session = await panelSession(app, sign);
    // A token the CRM refuses during the run (expired, revoked, or a refresh it refused) stops
    // the run where it happened: nothing more is sent, and the person is told as at the start.
    let stoppedAt: string | undefined;
    let doing = 'início';
    const call: PanelCall = async (method, url, body) => {
      if (stoppedAt !== undefined)
        return { status: 401, json: { message: TOKEN_EXPIRED }, text: TOKEN_EXPIRED };
      const from = outbound.length;
      const result = await session(method, url, body);
      if (result.status === 401 && outbound.slice(from).some((item) => item.status === 401))
        stoppedAt = `${doing} (${method} ${decodeURIComponent(url)})`;
      return result;
    };
    const setup = async (what: string, run: () => Promise<{ status: number; text: string }>) => {
      const result = await run();
      if (result.status >= 300) throw new Error(`${what}: ${result.status} ${result.text}`);
    };
    await setup('termos', () => call('POST', '/api/rdstation/terms/accept'));
    await setup('credenciais', () =>
      call('POST', '/api/rdstation/credentials', {
        clientId: options.signIn?.clientId ?? 'crm-check',
        clientSecret: options.signIn?.clientSecret ?? 'crm-check',
        redirectUri: options.signIn?.redirectUri ?? 'http://127.0.0.1/api/rdstation/auth/callback',
        securityPassword,
        defaultChatDomain: 'chat.crm-check.invalid',
      }),
    );
    // The sign-in's outcome, as the OAuth callback stores it, with the token given: without a
    // refresh token the api never refreshes (crm/tokenRefresher.ts), and a 401 ends the run.
    const repos = createRepositories(database, createSecretBox(secretKey), now);
    await repos.sessions.saveSignIn(
      { systemKey: TENANT, userId: `user:${USER}` },
      {
        accessToken: options.accessToken,
        refreshToken: options.signIn?.refreshToken ?? '',
        expiresAt: options.signIn?.expiresAt ?? now() + 3600_000,
      },
    );

    const rows: CheckRow[] = [];
    const usersFrom = outbound.length;
    doing = 'Usuários ativos';
    const users = await call('GET', '/api/rdstation/auth/crm-users');
    const usersCrm = outbound.slice(usersFrom).map(lineOf);
    const listed =
      (users.json as { data?: { users?: { id: string; email: string }[] } } | null)?.data?.users ??
      [];
    const wanted = options.userEmail?.trim().toLowerCase();
    const me = wanted ? listed.find((user) => user.email.toLowerCase() === wanted) : listed[0];
    rows.push({
      what: 'Usuários ativos (quem é você no CRM)',
      panel: 'GET /api/rdstation/auth/crm-users',
      crm: usersCrm,
      status: users.status === 200 && me ? 'ok' : 'falhou',
      detail:
        users.status !== 200
          ? messageOf(users.json, users.status)
          : me
            ? `${listed.length} usuário(s) ativo(s)`
            : `nenhum usuário ativo${wanted ? ` com o e-mail ${wanted}` : ''}`,
    });
    if (me) {
      doing = 'Perfil do usuário';
      const chosen = await call('POST', '/api/rdstation/auth/crm-user', { userId: me.id });
      const profile = await call('GET', '/api/rdstation/user/profile');
      const ok = chosen.status === 200 && profile.status === 200;
      rows.push({
        what: 'Perfil do usuário (GET /users/{id})',
        panel: 'GET /api/rdstation/user/profile',
        crm: [],
        status: ok ? 'ok' : 'falhou',
        detail: ok ? me.email : messageOf(profile.json, profile.status),
      });
    }
    const ids: SampleIds = {};
    for (const read of PANEL_READS) {
      if (stoppedAt !== undefined) break;
      doing = read.what;
      rows.push(await checkRead(call, read, ids, outbound));
    }
    const readsEnd = outbound.length;
    const leftovers: string[] = [];
    const notSent: string[] = [];
    let shapes: ShapeRow[] = [];
    if (options.writes && me && stoppedAt === undefined) {
      doing = 'escritas (--writes)';
      // A write the api itself refused never reaches the CRM: said with the api's answer.
      const writing: PanelCall = async (method, url, body) => {
        const from = outbound.length;
        const result = await call(method, url, body);
        if (
          stoppedAt === undefined &&
          method !== 'GET' &&
          result.status >= 300 &&
          outbound.length === from
        )
          notSent.push(
            `${method} ${url}: a api recusou (${messageOf(result.json, result.status)})`,
          );
        return result;
      };
      const written = await sendPanelWrites(writing, me.id);
      leftovers.push(...written.leftovers);
      notSent.push(...written.notSent);
      if (stoppedAt === undefined) {
        // Live updates: the api's own start-up upkeep registers the tenant's webhooks (a second
        // api process on the same store, as after a restart), and removing the integration
        // deletes them again, as an admin does in the credentials manager.
        await repos.webhookReceivers.tokenFor(TENANT);
        const restarted = await buildApp(input);
        await restarted.close();
        const removed = await call('DELETE', '/api/rdstation/credentials', { securityPassword });
        if (removed.status !== 200)
          notSent.push(`remoção da integração: ${messageOf(removed.json, removed.status)}`);
      }
      const writes = outbound.slice(readsEnd);
      shapes = shapeRows(outbound);
      const done = (method: string, path: RegExp) =>
        writes.filter((item) => item.method === method && path.test(item.target) && accepted(item))
          .length;
      const kept = done('POST', /^\/webhooks$/) - done('DELETE', /^\/webhooks\//);
      if (kept > 0)
        leftovers.push(`${kept} webhook(s) com a URL ${publicUrl}${WEBHOOK_RECEIVER_PATH}/…`);
    }
    if (stoppedAt !== undefined)
      return {
        ...emptyReport(started),
        tokenProblem: TOKEN_EXPIRED,
        stoppedAt,
        rows,
        leftovers,
        waits,
        ok: false,
      };
    return {
      rows,
      assumptions: assumptionsOf(outbound.slice(0, readsEnd)),
      ok:
        rows.every((row) => row.status !== 'falhou') && shapes.every((row) => row.status === 'ok'),
      shapes,
      notSent,
      leftovers,
      waits,
      elapsedMs: Date.now() - started,
    };
  } finally {
    await database.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `80 de 86 formas (55 escritas + 31 leituras)`: accepted shapes of the product's list. */
export function shapeCount(shapes: readonly ShapeRow[]): {
  accepted: number;
  total: number;
  writes: number;
  reads: number;
} {
  const listed = shapes.filter((row) => row.sender !== null);
  return {
    accepted: listed.filter((row) => row.status === 'ok').length,
    total: listed.length,
    writes: listed.filter((row) => row.kind === 'escrita').length,
    reads: listed.filter((row) => row.kind === 'leitura').length,
  };
}

/** How the figure counts, said under it. */
export const SHAPE_RULE =
  'Uma forma é o método e o caminho sem os ids, com os campos do corpo (escrita) ou os parâmetros e o filtro sem os valores (leitura).';

/** The report as the terminal shows it. */
export function formatReport(report: CrmCheckReport): string {
  if (report.tokenProblem && report.stoppedAt === undefined)
    return `${report.tokenProblem}\n\nNada foi verificado.`;
  if (report.tokenProblem) {
    const lines = [
      report.tokenProblem,
      '',
      `A verificação parou em: ${report.stoppedAt}. Nada mais foi enviado ao CRM.`,
    ];
    if (report.leftovers.length > 0) {
      lines.push('', 'Ficou na conta (apague no CRM):');
      for (const item of report.leftovers) lines.push(`- ${item}`);
    }
    return lines.join('\n');
  }
  const lines: string[] = [];
  if (report.waits.length > 0) {
    lines.push('O CRM pediu espera (a verificação esperou e seguiu):', '');
    for (const wait of report.waits) lines.push(`- ${wait}`);
    lines.push('');
  }
  lines.push('Leituras do painel contra o CRM:', '');
  for (const row of report.rows) {
    lines.push(`[${row.status}] ${row.what}: ${row.detail}`);
    if (row.panel !== '—') lines.push(`    painel → api: ${row.panel}`);
    for (const crm of row.crm) lines.push(`    api → CRM:   ${crm}`);
  }
  lines.push('', 'Pressupostos (o que a documentação deixa em aberto):', '');
  for (const row of report.assumptions) lines.push(`- ${row.assumption}: ${row.result}`);
  if (report.shapes.length > 0) {
    const { accepted, total, writes, reads } = shapeCount(report.shapes);
    lines.push(
      '',
      `Requisições ao CRM: ${accepted} de ${total} formas aceitas (${writes} escritas + ${reads} leituras)`,
      SHAPE_RULE,
    );
    for (const [kind, title] of [
      ['leitura', 'Leituras'],
      ['escrita', 'Escritas'],
    ] as const) {
      lines.push('', `${title}:`, '');
      for (const row of report.shapes.filter((item) => item.kind === kind)) {
        lines.push(`[${row.status}] ${row.shape}`);
        lines.push(`    ${row.what}${row.sender ? ` (${row.sender})` : ''}`);
        for (const crm of row.crm) lines.push(`    api → CRM:   ${crm}`);
      }
    }
  }
  if (report.notSent.length > 0) {
    lines.push('', 'Não enviado (e por quê):');
    for (const item of report.notSent) lines.push(`- ${item}`);
  }
  if (report.shapes.length > 0)
    lines.push(
      '',
      report.leftovers.length === 0
        ? 'Nada ficou na conta.'
        : 'Ficou na conta (a API v2 não documenta exclusão de contatos, negociações, notas e tarefas; apague no CRM):',
    );
  for (const item of report.leftovers) lines.push(`- ${item}`);
  const failed =
    report.rows.filter((row) => row.status === 'falhou').length +
    report.shapes.filter((row) => row.status !== 'ok').length;
  lines.push(
    '',
    failed === 0 ? 'Tudo certo.' : `${failed} verificação(ões) falharam.`,
    `Tempo: ${(report.elapsedMs / 1000).toFixed(1)} s`,
  );
  return lines.join('\n');
}
