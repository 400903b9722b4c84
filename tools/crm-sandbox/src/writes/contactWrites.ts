import { BodyReader, type WritableFields } from '@crm-sandbox/http/BodyReader';
import { type AccountStore } from '@crm-sandbox/store/AccountStore';
import {
  type Address,
  type ContactRecord,
  type LegalBase,
  type OrganizationRecord,
  LEGAL_BASE_TYPES,
  PHONE_TYPES,
  SOCIAL_PROFILE_TYPES,
} from '@crm-sandbox/store/records';
import { fold } from '@crm-sandbox/util/text';

const BIRTHDAY_RE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the nested lists of a contact; a bad item fails the whole request with a pointer to it. */
function readContactLists(reader: BodyReader): Partial<ContactRecord> {
  const out: Partial<ContactRecord> = {};
  const emails = reader.list('emails');
  if (emails) {
    out.emails = [];
    emails.forEach((item, index) => {
      reader.nestedKeys(`emails/${index}`, item, ['email']);
      const email = isObject(item) ? item.email : undefined;
      if (typeof email !== 'string' || !EMAIL_RE.test(email)) {
        reader.fail(`emails/${index}/email`, 'emails[].email must be a valid e-mail address');
      } else out.emails?.push({ email });
    });
  }
  const phones = reader.list('phones');
  if (phones) {
    out.phones = [];
    phones.forEach((item, index) => {
      reader.nestedKeys(`phones/${index}`, item, ['phone', 'type']);
      const phone = isObject(item) ? item.phone : undefined;
      const type = isObject(item) ? (item.type ?? 'mobile') : undefined;
      if (typeof phone !== 'string' || phone.trim() === '') {
        reader.fail(`phones/${index}/phone`, 'phones[].phone is required');
      } else if (typeof type !== 'string' || !PHONE_TYPES.includes(type as never)) {
        reader.fail(
          `phones/${index}/type`,
          `phones[].type must be one of: ${PHONE_TYPES.join(', ')}`,
        );
      } else out.phones?.push({ phone, type: type as ContactRecord['phones'][number]['type'] });
    });
  }
  const profiles = reader.list('social_profiles');
  if (profiles) {
    out.social_profiles = [];
    profiles.forEach((item, index) => {
      reader.nestedKeys(`social_profiles/${index}`, item, ['type', 'username']);
      const type = isObject(item) ? item.type : undefined;
      const username = isObject(item) ? item.username : undefined;
      if (
        typeof type !== 'string' ||
        !SOCIAL_PROFILE_TYPES.includes(type as never) ||
        typeof username !== 'string'
      ) {
        reader.fail(
          `social_profiles/${index}`,
          `social_profiles[] needs type (${SOCIAL_PROFILE_TYPES.join(', ')}) and username`,
        );
      } else {
        out.social_profiles?.push({
          type: type as ContactRecord['social_profiles'][number]['type'],
          username,
        });
      }
    });
  }
  const bases = reader.list('legal_bases');
  if (bases) {
    out.legal_bases = [];
    bases.forEach((item, index) => {
      reader.nestedKeys(`legal_bases/${index}`, item, ['category', 'type', 'status']);
      const type = isObject(item) ? item.type : undefined;
      const status = isObject(item) ? item.status : undefined;
      const category = isObject(item) ? (item.category ?? 'communications') : undefined;
      if (
        category !== 'communications' ||
        typeof type !== 'string' ||
        !LEGAL_BASE_TYPES.includes(type as never) ||
        (status !== 'granted' && status !== 'declined')
      ) {
        reader.fail(
          `legal_bases/${index}`,
          `legal_bases[] needs category communications, type (${LEGAL_BASE_TYPES.join(', ')}) and status (granted, declined)`,
        );
      } else {
        out.legal_bases?.push({ category, type: type as LegalBase['type'], status });
      }
    });
  }
  if (reader.has('birthday') && reader.data.birthday !== null) {
    const birthday = reader.data.birthday;
    if (typeof birthday !== 'string' || !BIRTHDAY_RE.test(birthday)) {
      reader.fail('birthday', 'birthday must be YYYY-MM-DD (0000-MM-DD when the year is unknown)');
    } else out.birthday = birthday;
  } else if (reader.has('birthday')) out.birthday = null;
  return out;
}

/** Create-contact / update-contact pages: the response fields minus id and timestamps. */
export const CONTACT_FIELDS: WritableFields = {
  resource: 'contact',
  keys: [
    'name',
    'job_title',
    'emails',
    'phones',
    'birthday',
    'social_profiles',
    'organization_id',
    'legal_bases',
    'custom_fields',
  ],
  readOnly: ['id', 'created_at', 'updated_at'],
};

/** Create-organization / update-organization pages. */
export const ORGANIZATION_FIELDS: WritableFields = {
  resource: 'organization',
  keys: [
    'name',
    'description',
    'url',
    'address',
    'segment_ids',
    'follower_ids',
    'owner_id',
    'custom_fields',
  ],
  readOnly: ['id', 'created_at', 'updated_at'],
};

/**
 * How a contact write reads `organization_id: null`: create-contact and update-contact type the
 * field as "string" ("ID da organização") and say nothing of null (knob `contactOrganizationNull`;
 * README, "Assumptions and knobs").
 */
export interface ContactWriteReading {
  /** false (strict): a 422 naming the field. true: the contact has no organization. */
  organizationNull: boolean;
}

/** The strict reading: what the API's own writes get unless the knob says otherwise. */
export const STRICT_CONTACT_READING: ContactWriteReading = { organizationNull: false };

export function readContact(
  store: AccountStore,
  data: Record<string, unknown>,
  current?: ContactRecord,
  reading: ContactWriteReading = STRICT_CONTACT_READING,
): ContactRecord {
  const reader = new BodyReader(data, CONTACT_FIELDS);
  const creating = current === undefined;
  const name =
    creating || reader.has('name') ? reader.string('name', { required: true }) : undefined;
  const jobTitle = reader.string('job_title', { nullable: true });
  const organizationId = reader.ref('organization_id', store.organizations, 'organization', {
    nullable: true,
  });
  if (organizationId === null && !reading.organizationNull) {
    reader.fail(
      'organization_id',
      'organization_id cannot be null: the reference types it as a string id and documents no way to clear it',
    );
  }
  const lists = readContactLists(reader);
  const customFields = reader.customFields(
    store.customFieldsFor('contact'),
    current?.custom_fields,
  );
  reader.throwIfInvalid();
  const now = store.nowIso();
  const base: ContactRecord = current ?? {
    id: store.newId(),
    name: '',
    job_title: null,
    emails: [],
    phones: [],
    birthday: null,
    social_profiles: [],
    organization_id: null,
    legal_bases: [],
    custom_fields: {},
    created_at: now,
    updated_at: now,
  };
  return {
    ...base,
    ...lists,
    name: name ?? base.name,
    job_title: jobTitle === undefined ? base.job_title : jobTitle,
    organization_id: organizationId === undefined ? base.organization_id : organizationId,
    custom_fields: customFields ?? base.custom_fields,
    updated_at: now,
  };
}

function readAddress(reader: BodyReader, current: Address): Address | undefined {
  if (!reader.has('address')) return undefined;
  const value = reader.data.address;
  if (value === null) return { line: null, latitude: null, longitude: null };
  if (!isObject(value))
    return reader.fail('address', 'address must be an object with line, latitude, longitude');
  reader.nestedKeys('address', value, ['line', 'latitude', 'longitude']);
  const pick = (key: keyof Address): string | null => {
    const item = value[key];
    if (item === undefined) return current[key];
    if (item === null) return null;
    if (typeof item === 'string' || typeof item === 'number') return String(item);
    reader.fail(`address/${key}`, `address.${key} must be a string`);
    return current[key];
  };
  return { line: pick('line'), latitude: pick('latitude'), longitude: pick('longitude') };
}

export function readOrganization(
  store: AccountStore,
  data: Record<string, unknown>,
  current?: OrganizationRecord,
): OrganizationRecord {
  const reader = new BodyReader(data, ORGANIZATION_FIELDS);
  const creating = current === undefined;
  const name =
    creating || reader.has('name') ? reader.string('name', { required: true }) : undefined;
  // "Nomes de empresa são únicos em toda a conta." (create-organization page)
  const taken = (candidate: string) =>
    store.organizations
      .all()
      .some(
        (other) => other.id !== current?.id && fold(other.name.trim()) === fold(candidate.trim()),
      );
  if (name && taken(name)) {
    reader.fail('name', `An organization named '${name}' already exists in this account`, 'TAKEN');
  }
  const description = reader.string('description', { nullable: true });
  const url = reader.string('url', { nullable: true });
  const ownerId = reader.ref('owner_id', store.users, 'user', { nullable: true });
  const segmentIds = reader.refs('segment_ids', store.segments, 'segment');
  const followerIds = reader.refs('follower_ids', store.users, 'user');
  const address = readAddress(
    reader,
    current?.address ?? { line: null, latitude: null, longitude: null },
  );
  const customFields = reader.customFields(
    store.customFieldsFor('organization'),
    current?.custom_fields,
  );
  reader.throwIfInvalid();
  const now = store.nowIso();
  const base: OrganizationRecord = current ?? {
    id: store.newId(),
    name: '',
    description: null,
    url: null,
    address: { line: null, latitude: null, longitude: null },
    segment_ids: [],
    follower_ids: [],
    owner_id: null,
    custom_fields: {},
    created_at: now,
    updated_at: now,
  };
  return {
    ...base,
    name: name ?? base.name,
    description: description === undefined ? base.description : description,
    url: url === undefined ? base.url : url,
    owner_id: ownerId === undefined ? base.owner_id : ownerId,
    segment_ids: segmentIds ?? base.segment_ids,
    follower_ids: followerIds ?? base.follower_ids,
    address: address ?? base.address,
    custom_fields: customFields ?? base.custom_fields,
    updated_at: now,
  };
}
