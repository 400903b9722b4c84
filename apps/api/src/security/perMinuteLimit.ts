import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { type FastifyInstance } from 'fastify';
import { type WindowCountersRepository } from '@api/db/repositories/windowCountersRepository';
import { ApiError } from '@api/errors';
import { API_MESSAGES } from '@api/messages';

const MINUTE_MS = 60_000;

export interface PerMinuteLimit {
  /**
   * Counts one hit of `key`; past the limit in the key's current minute, refuses it: 429 with the
   * pt-BR message and Retry-After (whole seconds until that minute ends, at least 1).
   */
  count(key: string): Promise<void>;
}

/**
 * At most `perMinute` hits per key in each fixed one-minute window, counted in the store
 * (db/repositories/windowCountersRepository.ts), so the limit holds across api processes.
 * `name` keeps each limit's keys apart.
 */
export function perMinuteLimit(
  counters: WindowCountersRepository,
  name: string,
  perMinute: number,
): PerMinuteLimit {
  return {
    async count(key) {
      const { count, retryAfterMs } = await counters.hit(name, key, MINUTE_MS);
      if (count > perMinute)
        throw new ApiError(429, API_MESSAGES.tooManyRequests, {
          'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
        });
    },
  };
}

interface RouteOfChild {
  method?: string | string[];
  url?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit that counts in `window_counters` instead of each process's
 * memory: the per-session write limit then holds across api processes. Each route counts apart
 * (the plugin asks a child store per route), as its own in-memory store did.
 */
export function windowCountersStore(
  counters: WindowCountersRepository,
  name = 'route-rate',
): FastifyRateLimitStoreCtor {
  class WindowCountersStore implements FastifyRateLimitStore {
    /** The plugin passes its options (nothing here needs them); a route's child names its route. */
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly limit: string = name,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counters.hit(this.limit, key, timeWindow).then(
        ({ count, retryAfterMs }) => callback(null, { current: count, ttl: retryAfterMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /**
     * The plugin hands a route's merged options with the route under `routeInfo` (its Redis store
     * reads it there; the typings name the route itself): without it every route of a session
     * would share one count.
     */
    child(options: RouteOfChild): FastifyRateLimitStore {
      const route = options.routeInfo ?? options;
      return new WindowCountersStore({}, `${this.limit}:${String(route.method)} ${route.url}`);
    }
  }
  return WindowCountersStore;
}

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every write the api serves is limited, counted in the store (`window_counters`, as the store of
 * @fastify/rate-limit): a route behind a session, `writesPerMinute` per session and route unless it
 * declares a limit of its own (`config.rateLimit`). A write open to callers without a session
 * ('public', 'start') has no session to count by: it must declare its limit (the plugin's options,
 * or `false` where its handler counts with `perMinuteLimit` by what only it knows: the tenant, the
 * person, the client address), or the api refuses to start. Past a limit: 429 with the pt-BR
 * message and Retry-After. Register before the routes (the hook sets their config before the
 * plugin reads it).
 */
export async function registerWriteLimits(
  app: FastifyInstance,
  counters: WindowCountersRepository,
  writesPerMinute: number,
): Promise<void> {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const writes = methods.some((method) => WRITE_METHODS.includes(method));
    if (!writes || route.config?.rateLimit !== undefined) return;
    const access = route.config?.access;
    if (access === 'public' || access === 'start')
      throw new Error(
        `A rota ${methods.join(',')} ${route.url} escreve sem sessão (acesso '${access}') e não declara seu limite (config.rateLimit).`,
      );
    route.config = {
      ...route.config,
      rateLimit: {
        max: writesPerMinute,
        timeWindow: MINUTE_MS,
        hook: 'preHandler',
        keyGenerator: (request) => request.panelSession?.familyId ?? request.ip,
      },
    };
  });
  await app.register(rateLimit, {
    global: false,
    // Counted in the store: the limit holds across api processes.
    store: windowCountersStore(counters, 'writes'),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, API_MESSAGES.tooManyRequests, {
        'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
      }),
  });
}
