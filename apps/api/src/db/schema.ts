/** Row shapes of every table (times are epoch milliseconds). */
export interface CredentialsTable {
  system_key: string;
  client_id: string;
  client_secret_enc: string;
  redirect_uri: string;
  password_hash: string;
  default_chat_domain: string;
  created_at: number;
  updated_at: number;
}

export interface TermsTable {
  system_key: string;
  user_id: string;
  accepted_at: number;
}

export interface SessionsTable {
  system_key: string;
  user_id: string;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  expires_at: number | null;
  v1_token_enc: string | null;
  /** JSON of the profile the v1 token check answered (name, email, organization). */
  v1_profile: string | null;
  created_at: number;
  updated_at: number;
}

export interface OAuthStatesTable {
  /** SHA-256 of the state: a leaked database does not hand out usable states. */
  state_hash: string;
  system_key: string;
  user_id: string;
  expires_at: number;
  created_at: number;
}

export interface ContactMappingsTable {
  system_key: string;
  contact_id: string;
  rdstation_contact_id: string;
  updated_at: number;
}

export interface LastDealsTable {
  system_key: string;
  rdstation_contact_id: string;
  deal_id: string | null;
  updated_at: number;
}

export interface PasswordAttemptsTable {
  system_key: string;
  attempted_at: number;
}

export interface CrmRateEventsTable {
  bucket: string;
  at: number;
}

export interface DatabaseSchema {
  credentials: CredentialsTable;
  terms: TermsTable;
  sessions: SessionsTable;
  oauth_states: OAuthStatesTable;
  contact_mappings: ContactMappingsTable;
  last_deals: LastDealsTable;
  password_attempts: PasswordAttemptsTable;
  crm_rate_events: CrmRateEventsTable;
}
