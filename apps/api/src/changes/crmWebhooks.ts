import { type CrmClient } from '@api/crm/crmClient';
import { type PageSizeContext, type PageSizes } from '@api/crm/pageSizes';
import { type WebhookReceiversRepository } from '@api/db/repositories/webhookReceiversRepository';
import { type Identity } from '@api/db/repositories/sessionsRepository';
import { type ChangedRecordType, type ChangeAction, type RecordChange } from './recordChange';

/**
 * The RD Station events the panel listens to (crm-v2-create-webhook's `event_name` enum). RD has
 * no note event and no deal-product event; a deal product's change reaches the panel as the
 * deal's update (crm-sandbox README, Webhooks) or through the panel's own writes. Catalogue
 * products, sources, campaigns and lost reasons show no record of a deal on screen.
 */
export const CRM_WEBHOOK_EVENTS = [
  'crm_deal_updated',
  'crm_deal_deleted',
  'crm_contact_updated',
  'crm_task_created',
  'crm_task_updated',
  'crm_task_deleted',
] as const;

/** Where RD delivers: this path, then the tenant's token. */
export const WEBHOOK_RECEIVER_PATH = '/api/webhooks/rdstation';

/** The name each registration carries in the CRM's webhook list. */
export const WEBHOOK_NAME = 'Painel CRM (atualizações ao vivo)';

/** More pages than any account has webhooks: a CRM that never ends its list is not followed. */
const MAX_PAGES = 20;

interface CrmWebhook {
  id: string;
  event_name: string;
  url: string;
}

const isWebhook = (value: unknown): value is CrmWebhook => {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'string' &&
    typeof record.event_name === 'string' &&
    typeof record.url === 'string'
  );
};

export interface CrmWebhooksDeps {
  crm: CrmClient;
  receivers: WebhookReceiversRepository;
  /** The tenant's `page[size]` (the webhook list pages like every other list). */
  pageSizes: PageSizes;
  log: PageSizeContext['log'];
  /** The api's origin the CRM can reach (`API_PUBLIC_URL`). */
  publicUrl: string;
  now: () => number;
  /**
   * How long a tenant's registrations, once checked, are trusted by this process: every sign-in
   * re-checking them would spend the tenant's 120 CRM calls a minute on webhooks.
   */
  recheckMs: number;
}

export interface CrmWebhooks {
  /** The tenant's receiver URL (created on first use). */
  receiverUrl(systemKey: string): Promise<string>;
  /**
   * One webhook per event of CRM_WEBHOOK_EVENTS to the tenant's receiver, made with `identity`'s
   * token; those already registered (same event, same URL) are left alone. Returns what it created.
   */
  register(identity: Identity): Promise<string[]>;
  /** Deletes the tenant's registrations in the CRM; the receiver token is forgotten either way. */
  unregister(identity: Identity): Promise<number>;
}

export function createCrmWebhooks({
  crm,
  receivers,
  pageSizes,
  log,
  publicUrl,
  now,
  recheckMs,
}: CrmWebhooksDeps): CrmWebhooks {
  const checkedAt = new Map<string, number>();
  const urlOf = (token: string) => `${publicUrl}${WEBHOOK_RECEIVER_PATH}/${token}`;

  const listAllBy = async (identity: Identity, size: number): Promise<CrmWebhook[]> => {
    const all: CrmWebhook[] = [];
    for (let number = 1; number <= MAX_PAGES; number += 1) {
      const query = new URLSearchParams({
        'page[number]': String(number),
        'page[size]': String(size),
      });
      const body = (await crm.request(identity, { method: 'GET', path: '/webhooks', query })) as {
        data?: unknown;
      } | null;
      const page = Array.isArray(body?.data) ? body.data : [];
      all.push(...page.filter(isWebhook));
      if (page.length < size) break;
    }
    return all;
  };
  const listAll = (identity: Identity): Promise<CrmWebhook[]> =>
    pageSizes.read({ identity, log }, (size) => listAllBy(identity, size));

  return {
    async receiverUrl(systemKey) {
      return urlOf(await receivers.tokenFor(systemKey));
    },
    async register(identity) {
      const checked = checkedAt.get(identity.systemKey);
      if (checked !== undefined && now() - checked < recheckMs) return [];
      const url = urlOf(await receivers.tokenFor(identity.systemKey));
      const existing = new Set(
        (await listAll(identity)).filter((hook) => hook.url === url).map((hook) => hook.event_name),
      );
      const created: string[] = [];
      for (const event of CRM_WEBHOOK_EVENTS) {
        if (existing.has(event)) continue;
        await crm.request(identity, {
          method: 'POST',
          path: '/webhooks',
          body: { data: { name: WEBHOOK_NAME, event_name: event, http_method: 'POST', url } },
        });
        created.push(event);
      }
      checkedAt.set(identity.systemKey, now());
      return created;
    },
    async unregister(identity) {
      checkedAt.delete(identity.systemKey);
      const token = await receivers.existingToken(identity.systemKey);
      if (!token) return 0;
      // Forgotten first: from now on a delivery to the old URL is refused, whatever the CRM says.
      await receivers.remove(identity.systemKey);
      const url = urlOf(token);
      const ours = (await listAll(identity)).filter((hook) => hook.url === url);
      for (const hook of ours)
        await crm.request(identity, {
          method: 'DELETE',
          path: `/webhooks/${encodeURIComponent(hook.id)}`,
        });
      return ours.length;
    },
  };
}

const RECORD_OF_RESOURCE: Record<string, ChangedRecordType> = {
  deal: 'deal',
  contact: 'contact',
  task: 'task',
};

/**
 * The change a delivery signals (RD's envelope: event_name, document, event_timestamp,
 * transaction_uuid — webhooks-payload-crm), or null for an event the panel does not show. Its id
 * comes from the transaction, so a duplicate delivery is the same change everywhere.
 */
export function changeOfDelivery(
  systemKey: string,
  delivery: {
    event_name: string;
    transaction_uuid: string;
    event_timestamp?: string;
    document: Record<string, unknown>;
  },
  now: number,
): RecordChange | null {
  const match = /^crm_([a-z_]+)_(created|updated|deleted)$/.exec(delivery.event_name);
  const type = match ? RECORD_OF_RESOURCE[match[1] ?? ''] : undefined;
  const id = delivery.document.id;
  if (!match || !type || (typeof id !== 'string' && typeof id !== 'number')) return null;
  const recordId = String(id);
  const dealId =
    type === 'deal'
      ? recordId
      : typeof delivery.document.deal_id === 'string'
        ? delivery.document.deal_id
        : null;
  const stamped = Date.parse(delivery.event_timestamp ?? '');
  const at = Number.isFinite(stamped) ? stamped : now;
  return {
    id: `crm:${delivery.transaction_uuid}`,
    systemKey,
    origin: 'crm',
    actor: null,
    attendanceId: null,
    chatId: null,
    record: { type, id: recordId, dealId, contactId: type === 'contact' ? recordId : null },
    action: match[2] as ChangeAction,
    fields: [],
    at: new Date(at).toISOString(),
  };
}
