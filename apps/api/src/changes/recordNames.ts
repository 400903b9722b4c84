import {
  BILLING_FREQUENCY_LABELS,
  DEAL_STATUS_LABELS,
  DISCOUNT_TYPE_LABELS,
  TASK_STATUS_LABELS,
  TASK_TYPE_LABELS,
} from '@crm-panel/crm-model';
import { isRecord } from '@api/http';
import { type ChangedRecordType } from './recordChange';
import { createRecordMemory, type RecordMemoryLimits } from './recordMemory';

/** The records whose names an audit entry shows in place of their ids. */
export type NamedKind =
  | 'user'
  | 'pipeline'
  | 'stage'
  | 'source'
  | 'campaign'
  | 'lostReason'
  | 'organization'
  | 'product'
  | 'contact'
  | 'deal';

/**
 * The names of the records this api process served, per tenant: a change's ids are
 * recorded with the names they had then, and finding them never costs a CRM request. Bounded and
 * least-recently-used first out, like the record memory it is built on; a name it never saw
 * leaves the id alone.
 */
export interface NameMemory {
  /** Keeps the name of each record that has an id and a name (others are skipped). */
  learn(systemKey: string, kind: NamedKind, records: unknown[]): void;
  nameOf(systemKey: string, kind: NamedKind, id: string): string | null;
}

/** Reference lists run longer than records a person opens: users, stages, sources, products… */
export const DEFAULT_NAME_LIMITS: RecordMemoryLimits = { recordsPerTenant: 2000, tenants: 1000 };

export function createNameMemory(limits: RecordMemoryLimits = DEFAULT_NAME_LIMITS): NameMemory {
  const memory = createRecordMemory<NamedKind>(limits);
  return {
    learn(systemKey, kind, records) {
      for (const record of records) {
        if (!isRecord(record)) continue;
        const id = idText(record.id);
        const name = typeof record.name === 'string' ? record.name.trim() : '';
        if (id !== null && name !== '') memory.remember(systemKey, kind, id, { name });
      }
    },
    nameOf(systemKey, kind, id) {
      const name = memory.recall(systemKey, kind, id)?.name;
      return typeof name === 'string' ? name : null;
    },
  };
}

export const idText = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;

/** Which kind of record an id field points at (payload field names of the write routes). */
const FIELD_KINDS: Readonly<Record<string, NamedKind>> = {
  owner_id: 'user',
  owner_ids: 'user',
  stage_id: 'stage',
  pipeline_id: 'pipeline',
  source_id: 'source',
  campaign_id: 'campaign',
  lost_reason_id: 'lostReason',
  organization_id: 'organization',
  contact_ids: 'contact',
  rdstationContactId: 'contact',
  product_id: 'product',
  deal_id: 'deal',
  dealId: 'deal',
};

/** Values a person reads by their pt-BR label, per record kind (`status` differs by kind). */
const ENUM_LABELS: Partial<
  Record<ChangedRecordType, Readonly<Record<string, Readonly<Record<string, string>>>>>
> = {
  deal: { status: DEAL_STATUS_LABELS },
  task: { status: TASK_STATUS_LABELS, type: TASK_TYPE_LABELS },
  dealProduct: { discount_type: DISCOUNT_TYPE_LABELS, billing_frequency: BILLING_FREQUENCY_LABELS },
};

/** The name a person reads for a field's value, or null when none is known (the id stays). */
export type Labeller = (field: string, value: unknown) => string | null;

/**
 * How the values of one record kind are named: enum values by their labels, ids by the names
 * `nameOf` knows. A list of ids is named when at least one of them is; an unknown one keeps its id.
 */
export function labellerFor(
  type: ChangedRecordType,
  nameOf: (kind: NamedKind, id: string) => string | null,
): Labeller {
  return (field, value) => {
    const labels = ENUM_LABELS[type]?.[field];
    if (labels) return typeof value === 'string' ? (labels[value] ?? null) : null;
    const kind = FIELD_KINDS[field];
    if (!kind) return null;
    const one = (item: unknown) => {
      const id = idText(item);
      return { id, name: id === null ? null : nameOf(kind, id) };
    };
    if (!Array.isArray(value)) return one(value).name;
    const named = value.map(one);
    if (!named.some((item) => item.name !== null)) return null;
    return named.map((item) => item.name ?? item.id ?? '').join(', ');
  };
}
