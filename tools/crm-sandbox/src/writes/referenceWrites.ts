import { BodyReader, type WritableFields } from '@crm-sandbox/http/BodyReader';
import { type AccountStore } from '@crm-sandbox/store/AccountStore';
import {
  type LostReasonRecord,
  type ProductRecord,
  type SourceRecord,
} from '@crm-sandbox/store/records';

// Reference data the panel only reads. The sandbox writes it only "in the CRM itself"
// (POST /__admin/change), to fire its webhook events; the fields are those of RD's create pages.

const PRODUCT_FIELDS: WritableFields = {
  resource: 'product',
  keys: ['name', 'description', 'price', 'visible', 'custom_fields'],
  readOnly: ['id', 'created_at', 'updated_at'],
};

const DESCRIBED_FIELDS: WritableFields = {
  resource: 'source or campaign',
  keys: ['name', 'description'],
  readOnly: ['id', 'created_at', 'updated_at'],
};

const LOST_REASON_FIELDS: WritableFields = {
  resource: 'lost reason',
  keys: ['name'],
  readOnly: ['id', 'created_at', 'updated_at'],
};

function stamps(store: AccountStore, current: { id: string; created_at: string } | undefined) {
  const now = store.nowIso();
  return {
    id: current?.id ?? store.newId(),
    created_at: current?.created_at ?? now,
    updated_at: now,
  };
}

function nameOf(reader: BodyReader, current: { name: string } | undefined): string | undefined {
  return current === undefined || reader.has('name')
    ? (reader.string('name', { required: true }) ?? undefined)
    : current.name;
}

export function readProduct(
  store: AccountStore,
  data: Record<string, unknown>,
  current?: ProductRecord,
): ProductRecord {
  const reader = new BodyReader(data, PRODUCT_FIELDS);
  const name = nameOf(reader, current);
  const description = reader.string('description', { nullable: true });
  const price = reader.number('price', { min: 0 });
  const visible = reader.has('visible') ? reader.data.visible : undefined;
  if (visible !== undefined && typeof visible !== 'boolean')
    reader.fail('visible', 'visible must be true or false');
  const customFields = reader.customFields(
    store.customFieldsFor('product'),
    current?.custom_fields,
  );
  reader.throwIfInvalid();
  return {
    ...stamps(store, current),
    name: name ?? '',
    description: description === undefined ? (current?.description ?? null) : description,
    price: price ?? current?.price ?? 0,
    visible: typeof visible === 'boolean' ? visible : (current?.visible ?? true),
    custom_fields: customFields ?? current?.custom_fields ?? {},
  };
}

export function readDescribed(
  store: AccountStore,
  data: Record<string, unknown>,
  current?: SourceRecord,
): SourceRecord {
  const reader = new BodyReader(data, DESCRIBED_FIELDS);
  const name = nameOf(reader, current);
  const description = reader.string('description', { nullable: true });
  reader.throwIfInvalid();
  return {
    ...stamps(store, current),
    name: name ?? '',
    description: description === undefined ? (current?.description ?? null) : description,
  };
}

export function readLostReason(
  store: AccountStore,
  data: Record<string, unknown>,
  current?: LostReasonRecord,
): LostReasonRecord {
  const reader = new BodyReader(data, LOST_REASON_FIELDS);
  const name = nameOf(reader, current);
  reader.throwIfInvalid();
  return { ...stamps(store, current), name: name ?? '' };
}
