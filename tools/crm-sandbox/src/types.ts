import { type Knobs } from './knobs';
import { type WebhookEventName } from './store/records';
import { type WebhookDelivery } from './webhooks/WebhookDispatcher';

export type { Knobs } from './knobs';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** Base used in `links` URLs; defaults to the address the sandbox listens on. */
  publicUrl?: string;
  latencyMs?: number;
  errorRate?: number;
  /** Defaults to 120, the real API's limit. */
  rateLimitPerMinute?: number;
  /** Any knob (README, "Assumptions"); wins over latencyMs, errorRate and rateLimitPerMinute. */
  knobs?: Partial<Knobs>;
  /**
   * Callback URLs registered for every OAuth app (RD's App Publisher); the authorize step takes
   * only these, exactly. https, or http on a loopback host.
   */
  redirectUris?: string[];
  /** Defaults to 7200 (2 h), as RD documents. */
  accessTokenTtlSeconds?: number;
  /** Defaults to 14 days: a refresh token unused for that long stops working. */
  refreshTokenIdleTtlSeconds?: number;
  /** Defaults to 300 (5 min), as RD documents. */
  codeTtlSeconds?: number;
  /** PRNG seed of the generated data; well-known records keep their ids and names for any seed. */
  seed?: number;
  /** Sandbox extension for tests: the clock used for token expiry, rate windows and timestamps. */
  now?: () => number;
  /** Sandbox extension: turn on Fastify's request log. */
  logger?: boolean;
}

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
}

/** What `GET /__admin/stats` answers: requests received since start or the last reset. */
export interface RequestStatsSnapshot {
  /** Every request except `/__admin/*` (CRM v2, OAuth, API v1). */
  requests: number;
  /** Counts per `METHOD /path` (query left out). */
  byPath: Record<string, number>;
  /** Of `requests`, those the rate limit refused (429): not processed, not counted in its window. */
  rateLimited: number;
  /** Of `byPath`, those the rate limit refused, per `METHOD /path`. */
  rateLimitedByPath: Record<string, number>;
}

export type {
  DeliveryAttempt,
  WebhookDelivery,
  WebhookPayload,
} from './webhooks/WebhookDispatcher';

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  /** Stops the server and cancels pending webhook deliveries. */
  close(): Promise<void>;
  /**
   * Back to the seed data; drops codes, tokens, rate windows, forced statuses, request counts,
   * webhooks and deliveries; knobs back to the start options. Registered callback URLs stay.
   */
  reset(): void;
  setKnobs(knobs: Partial<Knobs>): void;
  getKnobs(): Knobs;
  /** The next `count` CRM API requests answer `status`. */
  forceStatus(status: number, count: number): void;
  /** Tokens as if `userEmail` had consented to `clientId`, without the browser step. */
  issueTokens(clientId: string, userEmail: string): IssuedTokens;
  /** Registers a callback URL for one OAuth app, or for every app without clientId. */
  registerRedirectUri(uri: string, clientId?: string): void;
  /** A change "in the CRM itself" (POST /__admin/change): applied, and its webhook fired. */
  change(request: ChangeRequest): ChangeResult;
  /** Webhook deliveries so far (GET /__admin/webhook-deliveries), optionally of one account. */
  webhookDeliveries(accountId?: string): WebhookDelivery[];
  /** Resolves once no webhook delivery is pending (delivered, failed or skipped). */
  webhooksSettled(): Promise<void>;
  /**
   * Suspends the account's active webhooks whose URL starts with `urlPrefix` (all without one), as
   * RD does to an endpoint that keeps failing (POST /__admin/webhooks/suspend). Returns how many.
   */
  suspendWebhooks(accountId: string, urlPrefix?: string): number;
  /** Requests received (admin calls left out) since start or the last reset. */
  getStats(): RequestStatsSnapshot;
  /** Counts back to zero. */
  resetStats(): void;
}

/** One change made as a CRM user would make it (`POST /__admin/change`), and what it fired. */
export interface ChangeRequest {
  account: string;
  resource: string;
  id?: string;
  data?: Record<string, unknown>;
  delete?: boolean;
  /** E-mail of the user making the change (default: the account's first active user). */
  as?: string;
}

export interface ChangeResult {
  data?: object;
  deleted?: { id: string; name: string };
  events: WebhookEventName[];
}
