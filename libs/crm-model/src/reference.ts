export interface Organization {
  id: string;
  name: string;
  description?: string | null;
  url?: string | null;
  owner_id?: string | null;
}

/** The organization a user belongs to: always an object here (never a bare string). */
export interface UserOrganization {
  id?: string;
  name: string;
}

export interface User {
  id: string;
  name: string;
  email: string;
  organization?: UserOrganization | null;
}

/** GET /api/rdstation/user/profile (data.data). */
export interface UserProfile {
  id: string;
  name: string;
  email: string;
  organization: UserOrganization | null;
}

export interface Source {
  id: string;
  name: string;
}

export interface Pipeline {
  id: string;
  name: string;
  order?: number;
  stage_ids?: string[];
}

export interface Stage {
  id: string;
  name: string;
  order?: number;
}

export interface LostReason {
  id: string;
  name: string;
}

export interface Campaign {
  id: string;
  name: string;
}

export type CustomFieldEntity = 'deal' | 'contact' | 'organization' | 'product';
export type CustomFieldType = 'text' | 'date' | 'option' | 'multiple_choice';

export interface CustomFieldDefinition {
  id: string;
  name: string;
  slug: string;
  entity: CustomFieldEntity;
  type?: CustomFieldType;
  options?: string[];
  order?: number;
}
