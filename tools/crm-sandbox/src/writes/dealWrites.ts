import { BodyReader, type WritableFields } from '@crm-sandbox/http/BodyReader';
import { type AccountStore } from '@crm-sandbox/store/AccountStore';
import { type DealRecord, DEAL_STATUSES, newDealRecord } from '@crm-sandbox/store/records';

/**
 * How a deal write reads the values RD's reference gives no way to write: its create and update
 * pages type `stage_id` and `source_id` as "string" and `contact_ids` as "array of strings", and
 * say nothing of null, of an empty list or of a pipeline change without a stage (knob
 * `dealEmptyValues`; README, "Assumptions and knobs").
 */
export interface DealWriteReading {
  /**
   * false (strict): `stage_id: null`, a pipeline change without its stage, `source_id: null` and
   * `contact_ids: []` are 422s naming the field. true: the deal lands in the new pipeline's first
   * stage, loses its source, loses every contact.
   */
  emptyValues: boolean;
}

/** The strict reading: what the API's own writes get unless the knob says otherwise. */
export const STRICT_DEAL_READING: DealWriteReading = { emptyValues: false };

/** Optional references and values shared by create and update. */
function readOptionalDealFields(
  reader: BodyReader,
  store: AccountStore,
  reading: DealWriteReading,
) {
  const sourceId = reader.ref('source_id', store.sources, 'source', { nullable: true });
  if (sourceId === null && !reading.emptyValues) {
    reader.fail(
      'source_id',
      'source_id cannot be null: the reference types it as a string id and documents no way to clear it',
    );
  }
  const contactIds = reader.refs('contact_ids', store.contacts, 'contact');
  if (contactIds?.length === 0 && !reading.emptyValues) {
    reader.fail(
      'contact_ids',
      'contact_ids cannot be empty: the reference documents no way to take every contact off a deal',
    );
  }
  return {
    rating: reader.number('rating', { integer: true, min: 0, max: 5 }),
    sourceId,
    campaignId: reader.ref('campaign_id', store.campaigns, 'campaign', { nullable: true }),
    organizationId: reader.ref('organization_id', store.organizations, 'organization', {
      nullable: true,
    }),
    contactIds,
    expectedCloseDate: reader.date('expected_close_date', { nullable: true }),
  };
}

/** Create-deal / update-deal pages: the response fields minus the read-only ones. */
export const DEAL_FIELDS: WritableFields = {
  resource: 'deal',
  keys: [
    'name',
    'expected_close_date',
    'rating',
    'status',
    'pipeline_id',
    'stage_id',
    'owner_id',
    'source_id',
    'campaign_id',
    'lost_reason_id',
    'organization_id',
    'contact_ids',
    'custom_fields',
  ],
  readOnly: [
    'id',
    'recurrence_price',
    'one_time_price',
    'total_price',
    'closed_at',
    'created_at',
    'updated_at',
  ],
};

export function createDeal(
  store: AccountStore,
  data: Record<string, unknown>,
  reading: DealWriteReading = STRICT_DEAL_READING,
): DealRecord {
  const reader = new BodyReader(data, DEAL_FIELDS);
  const name = reader.string('name', { required: true });
  const pipelineId = reader.ref('pipeline_id', store.pipelines, 'pipeline', { required: true });
  const stageId = reader.ref('stage_id', store.stages, 'stage', { required: true });
  const ownerId = reader.ref('owner_id', store.users, 'user', { required: true });
  if (reader.has('status') && reader.data.status !== 'ongoing') {
    reader.fail('status', "Deals can only be created with status 'ongoing'");
  }
  // "Somente é permitido criar negociações com status ongoing": a lost reason has no place yet.
  if (reader.has('lost_reason_id') && reader.data.lost_reason_id !== null) {
    reader.fail(
      'lost_reason_id',
      "lost_reason_id applies only to lost deals; deals are created 'ongoing'",
    );
  }
  const optional = readOptionalDealFields(reader, store, reading);
  const customFields = reader.customFields(store.customFieldsFor('deal'));
  if (pipelineId && stageId && store.stages.get(stageId)?.pipeline_id !== pipelineId) {
    reader.fail('stage_id', `Stage '${stageId}' does not belong to pipeline '${pipelineId}'`);
  }
  reader.throwIfInvalid();
  // throwIfInvalid() has ruled these out; the check narrows the types.
  if (!name || !pipelineId || !stageId || !ownerId)
    throw new Error('deal validation let a required field through');
  const now = store.nowIso();
  return newDealRecord({
    id: store.newId(),
    name,
    expected_close_date: optional.expectedCloseDate,
    rating: optional.rating ?? 0,
    status: 'ongoing',
    pipeline_id: pipelineId,
    stage_id: stageId,
    owner_id: ownerId,
    source_id: optional.sourceId,
    campaign_id: optional.campaignId,
    organization_id: optional.organizationId,
    contact_ids: optional.contactIds,
    custom_fields: customFields,
    created_at: now,
    updated_at: now,
  });
}

/**
 * Partial update: absent keys keep their value. Moving to another pipeline names the stage in
 * it; with the lenient reading, no stage (or stage_id null) puts the deal in that pipeline's
 * first stage.
 */
export function updateDeal(
  store: AccountStore,
  deal: DealRecord,
  data: Record<string, unknown>,
  reading: DealWriteReading = STRICT_DEAL_READING,
): DealRecord {
  const reader = new BodyReader(data, DEAL_FIELDS);
  const name = reader.has('name') ? reader.string('name', { required: true }) : undefined;
  const pipelineId = reader.ref('pipeline_id', store.pipelines, 'pipeline');
  const stageId = reader.ref('stage_id', store.stages, 'stage', { nullable: true });
  const ownerId = reader.ref('owner_id', store.users, 'user');
  const status = reader.oneOf('status', DEAL_STATUSES);
  const lostReasonId = reader.ref('lost_reason_id', store.lostReasons, 'lost reason', {
    nullable: true,
  });
  const optional = readOptionalDealFields(reader, store, reading);
  const customFields = reader.customFields(store.customFieldsFor('deal'), deal.custom_fields);

  const nextPipeline = pipelineId ?? deal.pipeline_id;
  let nextStage = deal.stage_id;
  if (typeof stageId === 'string') {
    if (store.stages.get(stageId)?.pipeline_id !== nextPipeline) {
      reader.fail('stage_id', `Stage '${stageId}' does not belong to pipeline '${nextPipeline}'`);
    }
    nextStage = stageId;
  } else if (nextPipeline !== deal.pipeline_id || stageId === null) {
    if (nextPipeline === deal.pipeline_id) {
      reader.fail('stage_id', 'stage_id cannot be null unless the deal moves to another pipeline');
    } else if (!reading.emptyValues) {
      // "ocupa uma etapa específica dentro de um funil de vendas": the old stage is not in it.
      reader.fail(
        'stage_id',
        stageId === null
          ? 'stage_id cannot be null: a deal always occupies a stage; name one of the new pipeline'
          : `stage_id is required when the deal moves to pipeline '${nextPipeline}'`,
        'REQUIRED_FIELD',
      );
    } else {
      nextStage = store.stagesOf(nextPipeline)[0]?.id ?? deal.stage_id;
    }
  }

  const nextStatus = status ?? deal.status;
  const nextLostReason = lostReasonId === undefined ? deal.lost_reason_id : lostReasonId;
  if (nextStatus === 'lost' && !nextLostReason) {
    reader.fail(
      'lost_reason_id',
      "lost_reason_id is required when status is 'lost'",
      'REQUIRED_FIELD',
    );
  }
  reader.throwIfInvalid();

  const now = store.nowIso();
  const statusChanged = nextStatus !== deal.status;
  const closed = nextStatus === 'won' || nextStatus === 'lost';
  return {
    ...deal,
    name: name ?? deal.name,
    pipeline_id: nextPipeline,
    stage_id: nextStage,
    owner_id: ownerId ?? deal.owner_id,
    status: nextStatus,
    closed_at: closed ? (statusChanged ? now : deal.closed_at) : null,
    // Leaving 'lost' drops the reason unless the request sets one explicitly.
    lost_reason_id:
      nextStatus === 'lost' || lostReasonId !== undefined
        ? nextLostReason
        : statusChanged
          ? null
          : deal.lost_reason_id,
    rating: optional.rating ?? deal.rating,
    source_id: optional.sourceId === undefined ? deal.source_id : optional.sourceId,
    campaign_id: optional.campaignId === undefined ? deal.campaign_id : optional.campaignId,
    organization_id:
      optional.organizationId === undefined ? deal.organization_id : optional.organizationId,
    contact_ids: optional.contactIds ?? deal.contact_ids,
    expected_close_date:
      optional.expectedCloseDate === undefined
        ? deal.expected_close_date
        : optional.expectedCloseDate,
    custom_fields: customFields ?? deal.custom_fields,
    updated_at: now,
  };
}
