import * as defs from '@crm-sandbox/resources/definitions';
import { type ResourceDef } from '@crm-sandbox/resources/ResourceDef';
import { type AccountStore, type Collection } from '@crm-sandbox/store/AccountStore';
import { type DealRecord, type WebhookEntity } from '@crm-sandbox/store/records';

// The `document` of a webhook payload. RD's webhook-events page (crm-v1-webhooks) shows the deal in
// its legacy shape (amount_*, prediction_date, user, deal_stage, …, no contact_ids) and every other
// entity in its v2 API shape; a deleted record is `{ id, name }`. Where the page shows an empty
// object or list (deal_source, campaign, deal_lost_reason, deal_products) the filled shape is the
// sandbox's choice (README, "Webhooks").

/** "Sem contato" → "SC": RD's stage nickname, which v2 stages do not carry. */
function nickname(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 3);
}

const named = (record: { id: string; name: string } | undefined): object =>
  record ? { id: record.id, name: record.name } : {};

function dealDocument(deal: DealRecord, store: AccountStore): object {
  const owner = store.users.get(deal.owner_id);
  const stage = store.stages.get(deal.stage_id);
  const pipeline = store.pipelines.get(deal.pipeline_id);
  return {
    id: deal.id,
    name: deal.name,
    amount_monthly: deal.recurrence_price,
    amount_unique: deal.one_time_price,
    amount_total: deal.total_price,
    prediction_date: deal.expected_close_date,
    created_at: deal.created_at,
    updated_at: deal.updated_at,
    rating: deal.rating,
    status: deal.status,
    closed_at: deal.closed_at,
    user: owner
      ? { id: owner.id, name: owner.name, email: owner.email, avatar_url: null }
      : { id: deal.owner_id, name: null, email: null, avatar_url: null },
    deal_stage: stage
      ? {
          id: stage.id,
          name: stage.name,
          nickname: nickname(stage.name),
          created_at: stage.created_at,
          updated_at: stage.updated_at,
          order: stage.order,
        }
      : {},
    deal_pipeline: named(pipeline),
    deal_source: named(deal.source_id ? store.sources.get(deal.source_id) : undefined),
    campaign: named(deal.campaign_id ? store.campaigns.get(deal.campaign_id) : undefined),
    deal_lost_reason: named(
      deal.lost_reason_id ? store.lostReasons.get(deal.lost_reason_id) : undefined,
    ),
    deal_custom_fields: store.customFieldsFor('deal').map((definition) => ({
      value: deal.custom_fields[definition.slug] ?? null,
      custom_field: {
        id: definition.id,
        label: definition.name,
        required: definition.required_rules.length > 0,
        unique: definition.unique,
        opts: definition.options,
        type: definition.type,
      },
    })),
    deal_products: store.productsOfDeal(deal.id).map((item) => ({
      id: item.id,
      product_id: item.product_id,
      name: store.products.get(item.product_id)?.name ?? null,
      price: item.price,
      quantity: item.quantity,
      discount_type: item.discount_type,
      discount: item.discount,
      billing_frequency: item.billing_frequency,
      total_price: item.total_price,
    })),
  };
}

/** v2 API shape of a record, or null when it no longer exists. */
const v2 =
  <T>(def: ResourceDef<T>, collection: (store: AccountStore) => Collection<T & { id: string }>) =>
  (store: AccountStore, id: string): object | null => {
    const record = collection(store).get(id);
    return record === undefined ? null : def.serialize(record, store);
  };

const DOCUMENTS: Record<WebhookEntity, (store: AccountStore, id: string) => object | null> = {
  deal: (store, id) => {
    const deal = store.deals.get(id);
    return deal ? dealDocument(deal, store) : null;
  },
  contact: v2(defs.contacts, (store) => store.contacts),
  organization: v2(defs.organizations, (store) => store.organizations),
  task: v2(defs.tasks, (store) => store.tasks),
  product: v2(defs.products, (store) => store.products),
  source: v2(defs.sources, (store) => store.sources),
  campaign: v2(defs.campaigns, (store) => store.campaigns),
  lost_reason: v2(defs.lostReasons, (store) => store.lostReasons),
};

/** The document of a created or updated record, or null when it no longer exists. */
export function webhookDocument(
  entity: WebhookEntity,
  id: string,
  store: AccountStore,
): object | null {
  return DOCUMENTS[entity](store, id);
}
