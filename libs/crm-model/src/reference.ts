import type {
  CUSTOM_FIELD_ENTITIES,
  CUSTOM_FIELD_TYPES,
  CampaignRecord,
  CustomFieldRecord,
  LostReasonRecord,
  OrganizationRecord,
  PipelineRecord,
  ProfileAnswer,
  SourceRecord,
  StageRecord,
  UserOrganizationRecord,
  UserRecord,
} from './schemas';
import type { AnswerData } from './answerData';

// Types derived from the wire schemas (`./schemas`); change a field there.

export interface Organization extends OrganizationRecord {}

/** The organization a user belongs to: always an object here (never a bare string). */
export interface UserOrganization extends UserOrganizationRecord {}

export interface User extends UserRecord {}

/**
 * GET /api/rdstation/user/profile (data.data): `id` is null when only a v1 token named the user,
 * and the organization is only its name.
 */
export interface UserProfile extends AnswerData<ProfileAnswer> {}

export interface Source extends SourceRecord {}

export interface Pipeline extends PipelineRecord {}

export interface Stage extends StageRecord {}

export interface LostReason extends LostReasonRecord {}

export interface Campaign extends CampaignRecord {}

export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export interface CustomFieldDefinition extends CustomFieldRecord {}
