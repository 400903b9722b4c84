import { randomBytes } from 'node:crypto';

// Ids look like RD's 24-hex object ids. Seeded ones encode account, kind and ordinal so that
// fixtures.ts can name them without running the seed; created ones carry the creation second.

export type IdKind =
  | 'user'
  | 'source'
  | 'campaign'
  | 'lostReason'
  | 'customField'
  | 'product'
  | 'organization'
  | 'contact'
  | 'pipeline'
  | 'stage'
  | 'deal'
  | 'note'
  | 'task'
  | 'dealProduct'
  | 'segment';

const KIND_CODES: Record<IdKind, number> = {
  user: 1,
  source: 2,
  campaign: 3,
  lostReason: 4,
  customField: 5,
  product: 6,
  organization: 7,
  contact: 8,
  pipeline: 9,
  stage: 10,
  deal: 11,
  note: 12,
  task: 13,
  dealProduct: 14,
  segment: 15,
};

const hex = (value: number, width: number): string => value.toString(16).padStart(width, '0');

export function seedId(account: number, kind: IdKind, ordinal: number): string {
  return `65a1b2c3${hex(account, 2)}${hex(KIND_CODES[kind], 2)}${hex(ordinal, 12)}`;
}

export function newId(nowMs: number): string {
  return `${hex(Math.floor(nowMs / 1000), 8)}${randomBytes(8).toString('hex')}`;
}
