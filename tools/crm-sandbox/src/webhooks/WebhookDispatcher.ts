import { randomUUID } from 'node:crypto';
import { type Knobs } from '@crm-sandbox/knobs';
import { isLoopbackUrl } from '@crm-sandbox/oauth/redirects';
import { type Account } from '@crm-sandbox/store/accounts';
import { type WebhookEntity, type WebhookEventName } from '@crm-sandbox/store/records';
import { webhookDocument } from './documents';

/** "tentaremos enviá-las novamente por mais 5 vezes" (webhooks page): 1 try + 5 retries. */
export const WEBHOOK_RETRIES = 5;
/** Deliveries kept for GET /__admin/webhook-deliveries (oldest dropped first). */
const KEEP = 1000;

export interface WebhookPayload {
  /** The event, in the case of the `webhookEventCase` knob. */
  event_name: string;
  document: object;
  event_timestamp: string;
  transaction_uuid: string;
}

export interface DeliveryAttempt {
  at: string;
  /** The endpoint's HTTP status, or null when it did not answer in time or at all. */
  status: number | null;
  error: string | null;
  duration_ms: number;
}

export interface WebhookDelivery {
  id: number;
  account_id: string;
  webhook_id: string;
  url: string;
  event_name: WebhookEventName;
  transaction_uuid: string;
  payload: WebhookPayload;
  /** pending (more tries to come), delivered (a 2xx), failed (6 tries), skipped (not loopback). */
  state: 'pending' | 'delivered' | 'failed' | 'skipped';
  attempts: DeliveryAttempt[];
  note: string | null;
}

/**
 * Sends the account's webhooks a JSON POST per event, as RD's webhooks page describes: retried
 * up to 5 times on a non-2xx answer or after webhookTimeoutMs, with a doubling backoff. Only
 * loopback URLs are called: the sandbox never sends data off the machine.
 */
export class WebhookDispatcher {
  private deliveries: WebhookDelivery[] = [];
  private sequence = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private waiters: (() => void)[] = [];
  /** Each delivering webhook's account (its record is changed there when RD suspends it). */
  private readonly accountOf = new Map<string, Account>();
  /** Deliveries of each webhook that failed for good since its last one that arrived. */
  private readonly failuresInARow = new Map<string, number>();

  constructor(
    private readonly knobs: () => Knobs,
    private readonly clock: () => number,
  ) {}

  /** RD's verdict on a failing endpoint (crm-v2-webhooks, "Suspensão de webhooks"): no more deliveries. */
  suspend(account: Account, predicate: (hook: { id: string; url: string }) => boolean): number {
    let suspended = 0;
    for (const hook of account.store.webhooks.all())
      if (hook.status === 'active' && predicate(hook)) {
        hook.status = 'suspended';
        hook.updated_at = account.store.nowIso();
        suspended += 1;
      }
    return suspended;
  }

  /**
   * A delivery ended: one that arrived clears the webhook's count; one that failed for good adds
   * to it, and at `webhookSuspendAfterFailures` in a row the webhook is suspended.
   */
  private count(delivery: WebhookDelivery): void {
    const id = delivery.webhook_id;
    if (delivery.state === 'delivered') {
      this.failuresInARow.delete(id);
      return;
    }
    const failures = (this.failuresInARow.get(id) ?? 0) + 1;
    this.failuresInARow.set(id, failures);
    const limit = this.knobs().webhookSuspendAfterFailures;
    const account = this.accountOf.get(id);
    if (limit > 0 && failures >= limit && account) this.suspend(account, (hook) => hook.id === id);
  }

  /** A record was created or updated (through the API or "in the CRM"). */
  emit(account: Account, entity: WebhookEntity, action: 'created' | 'updated', id: string): void {
    const document = webhookDocument(entity, id, account.store);
    if (document) this.dispatch(account, `crm_${entity}_${action}`, document);
  }

  /** A record was deleted: its document is `{ id, name }`, as in RD's samples. */
  emitDeleted(account: Account, entity: WebhookEntity, record: { id: string; name: string }): void {
    this.dispatch(account, `crm_${entity}_deleted`, { id: record.id, name: record.name });
  }

  private dispatch(account: Account, eventName: WebhookEventName, document: object): void {
    const hooks = account.store.webhooks
      .all()
      .filter((hook) => hook.status === 'active' && hook.event_name === eventName);
    if (hooks.length === 0) return;
    const { webhookEventCase, webhookTimeOffset } = this.knobs();
    const payload: WebhookPayload = {
      event_name: webhookEventCase === 'upper' ? eventName.toUpperCase() : eventName,
      document: webhookTimeOffset === 'Z' ? document : atBrasiliaOffset(document),
      // RD's samples stamp whole seconds.
      event_timestamp: new Date(Math.floor(this.clock() / 1000) * 1000).toISOString(),
      transaction_uuid: randomUUID(),
    };
    for (const hook of hooks) {
      this.accountOf.set(hook.id, account);
      this.sequence += 1;
      const delivery: WebhookDelivery = {
        id: this.sequence,
        account_id: account.id,
        webhook_id: hook.id,
        url: hook.url,
        event_name: eventName,
        transaction_uuid: payload.transaction_uuid,
        payload,
        state: 'pending',
        attempts: [],
        note: null,
      };
      this.deliveries.push(delivery);
      if (this.deliveries.length > KEEP) this.deliveries.shift();
      if (!isLoopbackUrl(hook.url)) {
        delivery.state = 'skipped';
        delivery.note = 'The sandbox calls only loopback URLs (127.0.0.1, localhost, [::1])';
        continue;
      }
      this.schedule(delivery, 0);
    }
  }

  private schedule(delivery: WebhookDelivery, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(delivery);
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt(delivery: WebhookDelivery): Promise<void> {
    const { webhookTimeoutMs, webhookBackoffMs } = this.knobs();
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), webhookTimeoutMs);
    const at = new Date(this.clock()).toISOString();
    const started = performance.now();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(delivery.payload),
        redirect: 'manual',
        signal: controller.signal,
      });
      await response.arrayBuffer();
      status = response.status;
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (caught) {
      error = controller.signal.aborted
        ? `No answer within ${webhookTimeoutMs} ms`
        : caught instanceof Error
          ? caught.message
          : String(caught);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    if (delivery.state !== 'pending') return; // reset while in flight
    delivery.attempts.push({
      at,
      status,
      error,
      duration_ms: Math.round(performance.now() - started),
    });
    if (error === null) {
      delivery.state = 'delivered';
      this.count(delivery);
    } else if (delivery.attempts.length > WEBHOOK_RETRIES) {
      delivery.state = 'failed';
      this.count(delivery);
    } else {
      this.schedule(delivery, webhookBackoffMs * 2 ** (delivery.attempts.length - 1));
      return;
    }
    this.wakeIfSettled();
  }

  private get busy(): boolean {
    return this.deliveries.some((delivery) => delivery.state === 'pending');
  }

  private wakeIfSettled(): void {
    if (this.busy) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves once no delivery is pending (delivered, failed or skipped). */
  settled(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  list(accountId?: string): WebhookDelivery[] {
    return this.deliveries.filter(
      (delivery) => accountId === undefined || delivery.account_id === accountId,
    );
  }

  /** Cancels pending tries and forgets every delivery (reset and close). */
  reset(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
    for (const delivery of this.deliveries) {
      if (delivery.state === 'pending') delivery.state = 'failed';
    }
    this.deliveries = [];
    this.accountOf.clear();
    this.failuresInARow.clear();
    this.wakeIfSettled();
  }
}

/** `2023-09-18T18:04:34.515Z` → `2023-09-18T15:04:34.515-03:00`, as RD's payload samples write it. */
function brasiliaTime(iso: string): string {
  const at = Date.parse(iso);
  if (!/Z$/.test(iso) || !Number.isFinite(at)) return iso;
  return `${new Date(at - 3 * 3600_000).toISOString().slice(0, -1)}-03:00`;
}

/** Every `…_at` time of a document (nested ones too) at RD's sample offset. */
function atBrasiliaOffset(value: object): object {
  const walk = (node: unknown, key: string): unknown => {
    if (typeof node === 'string') return key.endsWith('_at') ? brasiliaTime(node) : node;
    if (Array.isArray(node)) return node.map((item) => walk(item, ''));
    if (typeof node === 'object' && node !== null)
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]));
    return node;
  };
  return walk(value, '') as object;
}
