import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';

/** A header as helmet sets it: its name as written (helmet's casing) and its value. */
type Header = readonly [name: string, value: string];

/**
 * The headers set on a response so far, each as written (its casing) with its value. Node has
 * had getRawHeaderNames since 15.13; this @types/node does not declare it.
 */
export function headersSet(res: ServerResponse): Header[] {
  const named = res as ServerResponse & { getRawHeaderNames(): string[] };
  return named.getRawHeaderNames().map((name) => [name, String(res.getHeader(name))]);
}

type RouteHelmet = NonNullable<RouteOptions['helmet']>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The security headers of this route (its own helmet options), filled in once at onReady. */
    securityHeaders?: Header[];
  }
}

/**
 * The headers @fastify/helmet sets for each configuration (the global one, then each route's
 * own options merged over it the way the plugin merges them), worked out once: a throwaway
 * Fastify with the plugin answers one request per configuration with what it set.
 */
async function helmetHeaders(
  globalOptions: FastifyHelmetOptions,
  routeOptions: (RouteHelmet | undefined)[],
): Promise<Header[][]> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, globalOptions);
    routeOptions.forEach((options, index) => {
      probe.get(`/${index}`, options === undefined ? {} : { helmet: options }, (_request, reply) =>
        reply.send(headersSet(reply.raw)),
      );
    });
    return await Promise.all(
      routeOptions.map(async (_options, index) => {
        const response = await probe.inject({ method: 'GET', url: `/${index}` });
        return response.json<Header[]>();
      }),
    );
  } finally {
    await probe.close();
  }
}

/**
 * Helmet's security headers without its per-request cost: @fastify/helmet builds helmet's whole
 * middleware (every option parsed, the CSP string assembled) in two onRequest hooks of every
 * request. Here each configuration's headers are computed once, when the app is ready, and an
 * onRequest hook (in the place the plugin's hooks had) sets them, byte for byte the same, on the
 * response. Routes keep the plugin's `helmet` option: their own options over the global ones, or
 * `false` for none. CSP nonces (`enableCSPNonces`) change per request and are not supported.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  globalOptions: FastifyHelmetOptions,
): void {
  if (globalOptions.enableCSPNonces || globalOptions.global === false)
    throw new Error('enableCSPNonces and global: false are not supported');
  const global: Header[] = [];
  const perRoute: { options: RouteHelmet; headers: Header[] }[] = [];

  app.addHook('onRoute', (route) => {
    const options = route.helmet;
    if (options === undefined) return;
    if (options !== false && options.enableCSPNonces)
      throw new Error(`${route.url}: enableCSPNonces is not supported`);
    const headers: Header[] = [];
    if (options !== false) perRoute.push({ options, headers });
    route.config = { ...route.config, securityHeaders: headers };
  });

  app.addHook('onReady', async () => {
    const [globalHeaders = [], ...routeHeaders] = await helmetHeaders(globalOptions, [
      undefined,
      ...perRoute.map((route) => route.options),
    ]);
    global.push(...globalHeaders);
    perRoute.forEach((route, index) => route.headers.push(...(routeHeaders[index] ?? [])));
  });

  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.routeOptions.config.securityHeaders ?? global;
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
