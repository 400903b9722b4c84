import http from 'node:http';
import { type ApiErrorItem } from '@crm-sandbox/http/errors';
import {
  startSandbox,
  WELL_KNOWN,
  type RunningSandbox,
  type SandboxOptions,
} from '@crm-sandbox/index';
import { type Links } from '@crm-sandbox/routes/listing';
import {
  type ContactRecord,
  type DealProductRecord,
  type DealRecord,
  type NoteRecord,
  type TaskRecord,
} from '@crm-sandbox/store/records';

export interface HttpResult<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** Success and failure bodies share one type so tests can read either after checking the status. */
export interface Envelope<T> {
  data: T;
  links: Links;
  errors: ApiErrorItem[];
}

export type DealJson = DealRecord;
export type ContactJson = ContactRecord;
export type TaskJson = TaskRecord;
export type NoteJson = Omit<NoteRecord, 'deal_id'>;
export type DealProductJson = Omit<DealProductRecord, 'deal_id'>;
export type Row = Record<string, unknown>;

export interface RequestInit {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function send<T = Envelope<Row>>(
  url: string,
  init: RequestInit = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
  });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  const body = (isJson && text !== '' ? JSON.parse(text) : text) as T;
  return { status: response.status, headers: response.headers, body };
}

/** A CRM v2 client bound to one access token. */
export function crmClient(sandbox: RunningSandbox, token: string) {
  const url = (path: string) => `${sandbox.url}/crm/v2${path}`;
  return {
    get: <T = Row>(path: string) => send<Envelope<T>>(url(path), { token }),
    post: <T = Row>(path: string, data: unknown) =>
      send<Envelope<T>>(url(path), { method: 'POST', token, body: { data } }),
    put: <T = Row>(path: string, data: unknown) =>
      send<Envelope<T>>(url(path), { method: 'PUT', token, body: { data } }),
    patch: <T = Row>(path: string, data: unknown) =>
      send<Envelope<T>>(url(path), { method: 'PATCH', token, body: { data } }),
    delete: (path: string) => send<Envelope<Row> | string>(url(path), { method: 'DELETE', token }),
    raw: <T = Envelope<Row>>(path: string, init: RequestInit) =>
      send<T>(url(path), { token, ...init }),
  };
}

export type CrmClient = ReturnType<typeof crmClient>;

export async function startWithClient(options: SandboxOptions = {}) {
  const sandbox = await startSandbox({ rateLimitPerMinute: 0, ...options });
  const tokens = sandbox.issueTokens(
    WELL_KNOWN.account1.clientId,
    WELL_KNOWN.account1.users.ana.email,
  );
  return { sandbox, tokens, crm: crmClient(sandbox, tokens.access_token) };
}

export const q = (filter: string): string => `filter=${encodeURIComponent(filter)}`;

export { WELL_KNOWN };

export interface ReceivedCall {
  method: string;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

/**
 * A webhook endpoint on 127.0.0.1: records every call and answers what `answer` says (a status,
 * optionally after a delay). Stop it with close().
 */
export async function startReceiver() {
  const calls: ReceivedCall[] = [];
  let answer: (call: ReceivedCall) => { status: number; delayMs?: number } = () => ({
    status: 200,
  });
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      const call: ReceivedCall = {
        method: request.method ?? '',
        contentType: request.headers['content-type'],
        body: JSON.parse(text) as Record<string, unknown>,
      };
      calls.push(call);
      const { status, delayMs = 0 } = answer(call);
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.writeHead(status).end();
      }, delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    calls,
    answer(next: typeof answer) {
      answer = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
