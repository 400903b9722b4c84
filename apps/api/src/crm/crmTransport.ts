import http from 'node:http';
import https from 'node:https';
import { type Readable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The CRM client's transport: `node:http(s)` over one keep-alive agent per scheme, behind the
 * `fetch` signature the client (and its tests) already speak.
 *
 * Why not the platform `fetch`: on this machine it costs 0.3–1.4 ms per call more than
 * `http.request` on a kept-alive socket (WHATWG streams, a Request object, its own abort wiring;
 * api README, 'Performance'), most of what the api added to a proxied call (issue 16, point 5).
 * undici's `request` would do the same job but is not a dependency of this project.
 *
 * What it does, and no more (the CRM's JSON API needs no more):
 * - string or URL input, `method`, `headers` as a plain object, `body` as a string, `signal`;
 * - gzip, deflate and br answers are decompressed, as `fetch` does;
 * - a redirect is answered as it is (never followed): the v2 API does not redirect, and a 3xx
 *   reaches the client as an unexpected status (stricter than fetch, which would follow it with
 *   the bearer token on);
 * - an aborted signal ends the request and rejects with the signal's reason, as `fetch` does;
 * - the answer is read to its end before the promise resolves, and handed over as a Response
 *   whose text comes straight from those bytes (bufferedAnswer).
 */
export interface CrmTransport {
  fetch: typeof fetch;
  /** Ends the kept-alive sockets (the api's close). */
  close(): void;
}

export interface CrmTransportOptions {
  /** Sockets kept open per CRM host; more requests wait for one (default 32). */
  maxSockets?: number;
}

type Body = string | undefined;

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

/** The decoded body stream of an answer (what `fetch` hands its caller). */
function decoded(response: http.IncomingMessage): Readable {
  switch ((response.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

/**
 * A Response over an answer already read to its end. A platform Response made from the bytes
 * wraps them in a WHATWG stream that `text()` then reads back: 40–80 µs per CRM call on this
 * machine (issue 16, point 5), for bytes already in memory. Here the Response holds no stream:
 * `text()` and `json()` decode the buffer; `body` and the other readers make a Response of the
 * bytes only when asked. The body reads once, as fetch's does. (Its reading methods are set on
 * the instance: TypeScript's lib types declare them as properties, which a subclass may not
 * override with methods.)
 */
export function bufferedAnswer(bytes: Buffer | null, init: ResponseInit): Response {
  const answer = new Response(null, init);
  let used = false;
  const take = (): Buffer | null => {
    if (used) throw new TypeError('Body is unusable: Body has already been read');
    used = true;
    return bytes;
  };
  // A Buffer read off a socket sits on an ArrayBuffer (never a SharedArrayBuffer); the DOM
  // typings (this file is also compiled with them, by api-client's contract tests) ask for it.
  const asResponse = () => new Response(take() as Uint8Array<ArrayBuffer> | null, init);
  const text = async () => take()?.toString('utf8') ?? '';
  return Object.defineProperties(answer, {
    body: { get: () => (bytes === null ? null : asResponse().body) },
    bodyUsed: { get: () => used },
    text: { value: text },
    json: { value: async () => JSON.parse(await text()) as unknown },
    clone: {
      value: () => {
        if (used) throw new TypeError('Response.clone: Body has already been consumed.');
        return bufferedAnswer(bytes, init);
      },
    },
    // The other readers, rare here, read a Response of the bytes.
    arrayBuffer: { value: () => asResponse().arrayBuffer() },
    blob: { value: () => asResponse().blob() },
    formData: { value: () => asResponse().formData() },
    bytes: { value: async () => new Uint8Array(await asResponse().arrayBuffer()) },
  });
}

function toHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let index = 0; index + 1 < raw.length; index += 2)
    headers.append(raw[index] as string, raw[index + 1] as string);
  return headers;
}

export function createCrmTransport(options: CrmTransportOptions = {}): CrmTransport {
  const agentOptions = {
    keepAlive: true,
    maxSockets: options.maxSockets ?? 32,
    scheduling: 'lifo' as const,
  };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  const send: typeof fetch = (input, init) =>
    new Promise<Response>((resolve, reject) => {
      if (typeof input !== 'string' && !(input instanceof URL))
        throw new TypeError('crmTransport: só URLs (string ou URL).');
      const url = typeof input === 'string' ? new URL(input) : input;
      const secure = url.protocol === 'https:';
      if (!secure && url.protocol !== 'http:')
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
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));

      const request = (secure ? https : http).request(url, {
        method: init?.method ?? 'GET',
        headers,
        agent: secure ? agents.https : agents.http,
      });
      const onAbort = () => request.destroy(signal?.reason as Error);
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      request.once('error', (error) => {
        done();
        reject(signal?.aborted ? signal.reason : error);
      });
      request.once('response', (response) => {
        const chunks: Buffer[] = [];
        const stream = decoded(response);
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.once('error', (error) => {
          done();
          response.destroy();
          reject(signal?.aborted ? signal.reason : error);
        });
        stream.once('end', () => {
          done();
          const status = response.statusCode ?? 0;
          // A Response may carry no body for these statuses (Fetch standard, 'null body status').
          const nullBody = status === 204 || status === 205 || status === 304;
          resolve(
            bufferedAnswer(nullBody ? null : Buffer.concat(chunks), {
              status,
              statusText: response.statusMessage ?? '',
              headers: toHeaders(response.rawHeaders),
            }),
          );
        });
      });
      request.end(body);
    });

  return {
    fetch: send,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
