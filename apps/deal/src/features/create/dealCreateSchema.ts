import { object, string } from 'yup';
import {
  type CustomFieldDefinition,
  type CustomFieldValue,
  type DealCreatePayload,
  MESSAGES,
} from '@crm-panel/crm-model';

/** What the person fills in; ids are '' while nothing is chosen. */
export interface DealCreateValues {
  name: string;
  pipelineId: string;
  stageId: string;
  ownerId: string;
  organizationId: string;
  /** Kept only to show the chosen organization while another search is on screen. */
  organizationName: string;
  /** 0 = no rating. */
  rating: number;
  sourceId: string;
  campaignId: string;
  /** By custom-field slug: text and dates as strings, multiple choice as lists. */
  customFields: Record<string, string | string[] | undefined>;
}

export const EMPTY_DEAL_VALUES: DealCreateValues = {
  name: '',
  pipelineId: '',
  stageId: '',
  ownerId: '',
  organizationId: '',
  organizationName: '',
  rating: 0,
  sourceId: '',
  campaignId: '',
  customFields: {},
};

/** Spec §5 'Deal creation', in the order the fields appear. */
export const dealCreateSchema = object({
  name: string().trim().required(MESSAGES.deal.nameRequired),
  pipelineId: string().required(MESSAGES.deal.pipelineRequired),
  stageId: string().required(MESSAGES.deal.stageRequired),
  ownerId: string().required(MESSAGES.deal.ownerRequired),
});

function customFieldsPayload(
  values: DealCreateValues['customFields'],
  definitions: readonly CustomFieldDefinition[],
): Record<string, CustomFieldValue> | undefined {
  const result: Record<string, CustomFieldValue> = {};
  for (const { slug } of definitions) {
    const value = values[slug];
    if (Array.isArray(value)) {
      if (value.length > 0) result[slug] = value;
    } else if (value !== undefined && value.trim() !== '') {
      result[slug] = value.trim();
    }
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** POST /api/rdstation/deals body: required ids, and the optional ones only when filled in. */
export function toDealCreatePayload(
  values: DealCreateValues,
  definitions: readonly CustomFieldDefinition[],
): DealCreatePayload {
  const payload: DealCreatePayload = {
    name: values.name.trim(),
    pipeline_id: values.pipelineId,
    stage_id: values.stageId,
    owner_id: values.ownerId,
  };
  if (values.organizationId) payload.organization_id = values.organizationId;
  if (values.rating > 0) payload.rating = values.rating;
  if (values.sourceId) payload.source_id = values.sourceId;
  if (values.campaignId) payload.campaign_id = values.campaignId;
  const customFields = customFieldsPayload(values.customFields, definitions);
  if (customFields) payload.custom_fields = customFields;
  return payload;
}
