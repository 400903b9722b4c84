import { randomUUID } from 'node:crypto';
import { BodyReader, type WritableFields } from '@crm-sandbox/http/BodyReader';
import { secureUrlProblem } from '@crm-sandbox/oauth/redirects';
import { type AccountStore } from '@crm-sandbox/store/AccountStore';
import { type WebhookRecord, WEBHOOK_EVENT_NAMES } from '@crm-sandbox/store/records';

/** Create-webhook / update-webhook pages: the response fields minus id and timestamps. */
export const WEBHOOK_FIELDS: WritableFields = {
  resource: 'webhook',
  keys: ['name', 'event_name', 'http_method', 'url', 'status'],
  readOnly: ['id', 'created_at', 'updated_at'],
};

/**
 * A webhook to create (no `current`) or update. name, event_name, http_method and url are all
 * needed to create one (RD's v1 page requires event, url and method; v2 adds the name).
 * `suspended` is RD's verdict on a failing endpoint, not something a client sets.
 */
export function readWebhook(
  store: AccountStore,
  data: Record<string, unknown>,
  current?: WebhookRecord,
): WebhookRecord {
  const reader = new BodyReader(data, WEBHOOK_FIELDS);
  const required = current === undefined;
  const name = reader.string('name', { required });
  const eventName = reader.oneOf('event_name', WEBHOOK_EVENT_NAMES, { required });
  const method = reader.oneOf('http_method', ['POST'] as const, { required });
  const url = reader.string('url', { required });
  const urlProblem = typeof url === 'string' ? secureUrlProblem(url) : null;
  if (urlProblem) reader.fail('url', urlProblem);
  const status = reader.oneOf('status', ['active', 'inactive'] as const);
  // RD says how a webhook gets suspended, never how it comes back: the strict reading is that a
  // client cannot bring it back by writing its status (it is deleted and made again).
  if (current?.status === 'suspended' && status !== undefined)
    reader.fail(
      'status',
      'A suspended webhook cannot change its status; delete it and create it again',
    );
  reader.throwIfInvalid();
  const now = store.nowIso();
  const base: WebhookRecord = current ?? {
    id: randomUUID(),
    name: '',
    event_name: 'crm_deal_updated',
    http_method: 'POST',
    url: '',
    status: 'active',
    created_at: now,
    updated_at: now,
  };
  return {
    ...base,
    name: name ?? base.name,
    event_name: eventName ?? base.event_name,
    http_method: method ?? base.http_method,
    url: url ?? base.url,
    status: status ?? base.status,
    updated_at: now,
  };
}
