import zlib from 'node:zlib';
import { Agent, type Dispatcher } from 'undici';
import { OutboundError, readJson, startDeadline, type TimedJson } from '@api/http';

/**
 * The CRM client's transport: undici's dispatcher (one pool of kept-alive sockets per CRM
 * origin), behind the `fetch` signature the client (and its tests) already speak.
 *
 * Why not the platform `fetch`: on this machine it costs 0.3–1.4 ms per call more than a bare
 * request on a kept-alive socket (WHATWG streams, a Request object, its own abort wiring; api
 * README, 'Performance'), most of what the api added to a proxied call.
 * Why undici's `dispatch` rather than `node:http`'s `request` (what this transport was first):
 * a proxied call's p50 0.07–0.14 ms lower in the bench's paired line, the api before and after in
 * the same rounds, three runs (http.Agent's socket bookkeeping and ClientRequest's stream
 * machinery are gone; undici parses the answer with llhttp and hands its bytes over).
 * `dispatch` rather than undici's `request`: the latter wraps every answer in a stream, which
 * this transport would only read back into one buffer.
 *
 * What it does, and no more (the CRM's JSON API needs no more):
 * - string or URL input, `method`, `headers` as a plain object, `body` as a string, `signal`;
 * - gzip, deflate and br answers are decompressed, as `fetch` does;
 * - a redirect is answered as it is (never followed): the v2 API does not redirect, and a 3xx
 *   reaches the client as an unexpected status (stricter than fetch, which would follow it with
 *   the bearer token on);
 * - an aborted signal ends the request and rejects with the signal's reason, as `fetch` does;
 * - `timedJson` puts a deadline of its own on a call, and reads its JSON;
 * - the answer is read to its end before the promise resolves, and handed over as a Response
 *   whose text comes straight from those bytes (bufferedAnswer).
 */
export interface CrmTransport {
  fetch: typeof fetch;
  /**
   * http.ts's timedJson over this transport, its deadline a timer of its own: no AbortSignal
   * (an EventTarget, its listener added and removed) per call, ~30 µs of each.
   */
  timedJson: TimedJson;
  /** Ends the kept-alive sockets (the api's close). */
  close(): void;
}

export interface CrmTransportOptions {
  /** Sockets kept open per CRM origin; more requests wait for one (default 32). */
  maxSockets?: number;
}

type Body = string | undefined;

/** A call's deadline; `passed` once it ended the call. */
interface Deadline {
  timeoutMs: number;
  passed: boolean;
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const given = init?.headers;
  if (given === undefined) return {};
  if (given instanceof Headers || Array.isArray(given))
    return Object.fromEntries(new Headers(given).entries());
  return { ...(given as Record<string, string>) };
}

function bodyOf(init: RequestInit | undefined): Body {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') throw new TypeError('crmTransport: só corpos de texto (JSON).');
  return body;
}

/** The bytes of an answer as its `content-encoding` says they were sent, decoded (as fetch does). */
function decode(
  encoding: string,
  bytes: Buffer,
  done: (error: Error | null, decoded: Buffer) => void,
) {
  switch (encoding.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      zlib.gunzip(bytes, done);
      return;
    case 'deflate':
      zlib.inflate(bytes, done);
      return;
    case 'br':
      zlib.brotliDecompress(bytes, done);
      return;
    default:
      done(null, bytes);
  }
}

const BYTES = Symbol('bytes');
const USED = Symbol('used');
const RAW_HEADERS = Symbol('rawHeaders');
const HEADERS = Symbol('headers');

/** What an answer is made of besides its bytes: its status line and headers as read. */
export interface AnswerParts {
  status: number;
  statusText?: string;
  /** Name, value, name, value…, as read off the wire (undici's raw headers, as text). */
  rawHeaders?: readonly string[];
}

/**
 * A Response over an answer already read to its end. A platform Response made from the bytes
 * wraps them in a WHATWG stream that `text()` then reads back: 40–80 µs per CRM call on this
 * machine, for bytes already in memory. Here the Response holds no stream:
 * `text()` and `json()` decode the buffer; `body` and the other readers make a Response of the
 * bytes only when asked. The body reads once, as fetch's does.
 *
 * Its headers become a Headers only when read (the client reads them on a 429 alone), and its
 * readers sit on the prototype: a Headers filled header by header and nine functions defined on
 * every answer cost ~25 µs per CRM call. It is not a platform Response underneath either: making
 * one (its inner state, header list and the checks of its init) cost ~10 µs more per call for
 * fields this class keeps itself. What it answers is what a platform Response
 * of the same answer does (crmTransport.test.ts); it is not `instanceof Response`, which nothing
 * here asks.
 */
class BufferedAnswer implements Response {
  readonly status: number;
  readonly statusText: string;
  readonly type: Response['type'] = 'default';
  readonly url: string = '';
  readonly redirected: boolean = false;
  [BYTES]: Buffer | null;
  [USED] = false;
  [RAW_HEADERS]: readonly string[];
  [HEADERS]: Headers | null = null;

  constructor(bytes: Buffer | null, parts: AnswerParts) {
    this.status = parts.status;
    this.statusText = parts.statusText ?? '';
    this[BYTES] = bytes;
    this[RAW_HEADERS] = parts.rawHeaders ?? [];
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get headers(): Headers {
    let headers = this[HEADERS];
    if (headers === null) {
      headers = new Headers();
      const raw = this[RAW_HEADERS];
      for (let index = 0; index + 1 < raw.length; index += 2)
        headers.append(raw[index] as string, raw[index + 1] as string);
      this[HEADERS] = headers;
    }
    return headers;
  }

  get body(): Response['body'] {
    return this[BYTES] === null ? null : this.asResponse().body;
  }

  get bodyUsed(): boolean {
    return this[USED];
  }

  async text(): Promise<string> {
    return this.take()?.toString('utf8') ?? '';
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  clone(): Response {
    if (this[USED]) throw new TypeError('Response.clone: Body has already been consumed.');
    return new BufferedAnswer(this[BYTES], {
      status: this.status,
      statusText: this.statusText,
      rawHeaders: this[RAW_HEADERS],
    });
  }

  // The other readers, rare here, read a Response of the bytes.
  arrayBuffer(): ReturnType<Response['arrayBuffer']> {
    return this.asResponse().arrayBuffer();
  }

  blob(): ReturnType<Response['blob']> {
    return this.asResponse().blob();
  }

  formData(): ReturnType<Response['formData']> {
    return this.asResponse().formData();
  }

  // Not in every typing of Response (node's lacks it; the DOM's has it).
  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.asResponse().arrayBuffer());
  }

  private take(): Buffer | null {
    if (this[USED]) throw new TypeError('Body is unusable: Body has already been read');
    this[USED] = true;
    return this[BYTES];
  }

  /** A platform Response of the bytes (the rare readers), with the answer's status and headers. */
  private asResponse(): Response {
    const headers = this.headers;
    // A Buffer read off a socket sits on an ArrayBuffer (never a SharedArrayBuffer); the DOM
    // typings (this file is also compiled with them, by api-client's contract tests) ask for it.
    const bytes = this.take() as Uint8Array<ArrayBuffer> | null;
    return new Response(bytes, { status: this.status, statusText: this.statusText, headers });
  }
}

/** The answer of `bytes` (null: no body), as the client reads it: a Response. */
export function bufferedAnswer(bytes: Buffer | null, parts: AnswerParts): Response {
  return new BufferedAnswer(bytes, parts);
}

/** The value of header `name` (lower case) in undici's raw headers (name, value, …), or ''. */
function rawHeader(raw: readonly string[], name: string): string {
  for (let index = 0; index + 1 < raw.length; index += 2)
    if ((raw[index] as string).toLowerCase() === name) return raw[index + 1] as string;
  return '';
}

export function createCrmTransport(options: CrmTransportOptions = {}): CrmTransport {
  // One pool of kept-alive sockets per CRM origin (http or https alike).
  const agent = new Agent({ connections: options.maxSockets ?? 32 });

  /**
   * One call. What ends it early: the caller's signal (rejecting with its reason, as fetch does),
   * or `deadline` (rejecting with a TimeoutError, and `deadline.passed` set).
   */
  const exchange = (
    input: Parameters<typeof fetch>[0],
    init: RequestInit | undefined,
    deadline?: Deadline,
  ) =>
    new Promise<Response>((resolve, reject) => {
      if (typeof input !== 'string' && !(input instanceof URL))
        throw new TypeError('crmTransport: só URLs (string ou URL).');
      const url = typeof input === 'string' ? new URL(input) : input;
      if (url.protocol !== 'https:' && url.protocol !== 'http:')
        throw new TypeError(`crmTransport: protocolo não suportado (${url.protocol}).`);
      const signal = init?.signal ?? undefined;
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const body = bodyOf(init);
      const headers = headersOf(init);
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'accept-encoding'))
        headers['accept-encoding'] = 'gzip, deflate, br';

      let settled = false;
      // undici's abort of this request, once it is on a socket; a stop before then aborts it there.
      let abortRequest: ((reason: Error) => void) | null = null;
      let stoppedWith: { reason: unknown } | null = null;
      let timer: NodeJS.Timeout | undefined;
      const finish = () => {
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        clearTimeout(timer);
      };
      const stop = (reason: unknown) => {
        if (settled) return;
        stoppedWith = { reason };
        finish();
        abortRequest?.(reason as Error);
        reject(reason);
      };
      const fail = (error: unknown) => {
        if (settled) return;
        finish();
        reject(error);
      };
      const onAbort = () => stop(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (deadline) {
        timer = startDeadline(deadline.timeoutMs, (reason) => {
          deadline.passed = true;
          stop(reason);
        });
      }

      let status = 0;
      let statusText = '';
      let rawHeaders: string[] = [];
      const chunks: Buffer[] = [];
      agent.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: (init?.method ?? 'GET') as Dispatcher.HttpMethod,
          headers,
          body,
        },
        {
          onConnect(abort) {
            abortRequest = abort;
            if (stoppedWith) abort(stoppedWith.reason as Error);
          },
          onHeaders(statusCode, raw, _resume, message) {
            status = statusCode;
            statusText = message;
            rawHeaders = raw.map((bytes) => bytes.toString('latin1'));
            return true;
          },
          onData(chunk) {
            chunks.push(chunk);
            return true;
          },
          onComplete() {
            if (settled) return;
            const answer = (bytes: Buffer | null) => {
              if (settled) return;
              finish();
              resolve(bufferedAnswer(bytes, { status, statusText, rawHeaders }));
            };
            // A Response may carry no body for these statuses (Fetch standard, 'null body status').
            if (status === 204 || status === 205 || status === 304) answer(null);
            else
              decode(
                rawHeader(rawHeaders, 'content-encoding'),
                Buffer.concat(chunks),
                (error, bytes) => (error ? fail(error) : answer(bytes)),
              );
          },
          onError: fail,
        },
      );
    });

  return {
    fetch: (input, init) => exchange(input, init),
    async timedJson(url, init, timeoutMs) {
      const deadline: Deadline = { timeoutMs, passed: false };
      try {
        const response = await exchange(url, init, deadline);
        return { response, body: await readJson(response) };
      } catch (error) {
        throw new OutboundError(deadline.passed, error);
      }
    },
    close() {
      void agent.destroy();
    },
  };
}
