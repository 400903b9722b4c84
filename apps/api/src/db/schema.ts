/** Row shapes of every table (times are epoch milliseconds). */
export interface CredentialsTable {
  system_key: string;
  client_id: string;
  client_secret_enc: string;
  redirect_uri: string;
  password_hash: string;
  default_chat_domain: string;
  /**
   * JSON list of CRM user ids of the account these credentials are bound to (a token of that
   * account knows them); null until the first sign-in binds it.
   */
  crm_account_user_ids: string | null;
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
  /** The CRM v2 user this owner is (GET /users/{id}); null until found or chosen. */
  crm_user_id: string | null;
  /** How it was found: 'attendant-claim' | 'v1-token' | 'host-signed-email'. */
  crm_user_source: string | null;
  crm_user_chosen_at: number | null;
  /** That user's name as RD gave it when found, chosen or last read: who wrote, in the audit. */
  crm_user_name: string | null;
  created_at: number;
  updated_at: number;
}

/**
 * A sign-in in progress, bound to the panel session that started it and, once its window opened
 * `auth/begin`, to that window's cookie. Secrets are stored as SHA-256 only.
 */
export interface OAuthStatesTable {
  id: string;
  family_id: string;
  system_key: string;
  /** The owner of the CRM tokens the sign-in will store (see session_families.crm_owner). */
  user_id: string;
  ticket_hash: string | null;
  state_hash: string | null;
  binding_hash: string | null;
  /** SHA-256 of the secret the sign-in window keeps in its own sessionStorage. */
  window_hash: string | null;
  /** SHA-256 of the single-use secret of the confirmation page (a sign-in held for it). */
  confirm_hash: string | null;
  /** The held sign-in's tokens and account ids, AES-256-GCM sealed; bound only once confirmed. */
  held_enc: string | null;
  /** A tab's sign-in: SHA-256 of the User-Agent of the panel that started it (its ticket opens only there). */
  agent_hash: string | null;
  /** A tab's sign-in: SHA-256 of the redeem code its panel holds. */
  redeem_hash: string | null;
  /** A tab's sign-in: the page its last page leads back to. */
  return_to: string | null;
  /** A tab's sign-in that ended refused in the tab: why (pt-BR), for its panel's next redeem. */
  failure: string | null;
  expires_at: number;
  created_at: number;
}

/**
 * What one browser earned: from a host-signed assertion (method 'assertion') or, for hosts that
 * sign nothing, by completing the CRM sign-in (method 'crm', stage 'pending' until then).
 */
export interface SessionFamiliesTable {
  id: string;
  system_key: string;
  /** The host user id (verified for 'assertion'; the host's claim for 'crm'). */
  user_id: string;
  role: string | null;
  method: string;
  stage: string;
  /** Whose CRM tokens and terms this session uses: 'user:<id>' or 'browser:<family id>'. */
  crm_owner: string;
  /** Credentials saved by a pending session, encrypted; they take effect after its OAuth. */
  pending_credentials_enc: string | null;
  /** The `email` claim of the host assertion that started this family (lower case), if any. */
  verified_email: string | null;
  /** The client address that started a pending family (its unverified storage is capped). */
  client_address: string | null;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

/** One session token (SHA-256 of it) of a family; renewals add a new one. */
export interface PanelSessionsTable {
  token_hash: string;
  family_id: string;
  expires_at: number;
  created_at: number;
}

/** `jti` of assertions already exchanged: an assertion earns one session only. */
export interface AssertionJtisTable {
  jti_hash: string;
  expires_at: number;
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

/** The tenant's security-password lockout: failures inside the window that started at the first. */
export interface PasswordGuardsTable {
  system_key: string;
  window_started_at: number;
  failures: number;
}

/** RD webhook deliveries received (their transaction_uuid), kept for RD's retry window. */
export interface WebhookDeliveriesTable {
  system_key: string;
  transaction_uuid: string;
  received_at: number;
}

/** Setup codes of the tenants file already used to configure a tenant (SHA-256 of the code). */
export interface SetupCodesSpentTable {
  system_key: string;
  code_hash: string;
  spent_at: number;
}

export interface CrmRateEventsTable {
  bucket: string;
  at: number;
  /** Who spent the slot inside the tenant's bucket ('' for rows from before fair sharing). */
  user_key: string;
}

/** A request waiting for a slot of its tenant's rate (one row per waiting request). */
export interface CrmRateWaitersTable {
  id: string;
  bucket: string;
  user_key: string;
  since: number;
  /** 'interactive' (a person waits for it) or 'background' (crm/limiter.ts). */
  lane: string;
  /** The waiter gives up by then; a row left by a dead process is ignored after it. */
  expires_at: number;
}

/** A CRM 429's Retry-After: nothing goes for the bucket (tenant) before `until`. */
export interface CrmRateBlocksTable {
  bucket: string;
  until: number;
}

/** A tenant CRM's verdict on an operator RD's docs are silent on (e.g. 'contacts.email~'). */
export interface CrmFilterProbesTable {
  system_key: string;
  capability: string;
  /** 1 supported, 0 refused (400/422). */
  supported: number;
  checked_at: number;
}

/** One change made from the panel: who, when, where from, which record, what. */
export interface AuditEventsTable {
  /** The RecordChange id (uuid): a change delivered twice is stored once. */
  id: string;
  system_key: string;
  at: number;
  origin: string;
  actor_user_id: string | null;
  actor_name: string | null;
  /** 1 when a host signed who the actor is, 0 when it was only claimed. */
  actor_verified: number;
  attendance_id: string | null;
  chat_id: string | null;
  record_type: string;
  record_id: string;
  /** The record's name at the write, when the api knew it; null in older entries. */
  record_name: string | null;
  deal_id: string | null;
  /** The name of the deal `deal_id` points at, when the api knew it; null in older entries. */
  deal_name: string | null;
  contact_id: string | null;
  /** The attendance's contact and the chat channel by name, as the panel declared them. */
  contact_name: string | null;
  channel_name: string | null;
  action: string;
  /** JSON of FieldChange[] (display-safe values only). */
  fields: string;
}

export interface DatabaseSchema {
  credentials: CredentialsTable;
  terms: TermsTable;
  sessions: SessionsTable;
  oauth_states: OAuthStatesTable;
  session_families: SessionFamiliesTable;
  panel_sessions: PanelSessionsTable;
  assertion_jtis: AssertionJtisTable;
  contact_mappings: ContactMappingsTable;
  last_deals: LastDealsTable;
  password_guards: PasswordGuardsTable;
  setup_codes_spent: SetupCodesSpentTable;
  webhook_deliveries: WebhookDeliveriesTable;
  crm_rate_events: CrmRateEventsTable;
  crm_rate_waiters: CrmRateWaitersTable;
  crm_rate_blocks: CrmRateBlocksTable;
  crm_filter_probes: CrmFilterProbesTable;
  audit_events: AuditEventsTable;
  crm_webhook_receivers: CrmWebhookReceiversTable;
  novus_tenant_state: NovusTenantStateTable;
  window_counters: WindowCountersTable;
}

/** Per tenant: the last Novus diagnostics report and the field mapping (JSON texts, bounded). */
export interface NovusTenantStateTable {
  system_key: string;
  report: string | null;
  reported_at: number | null;
  mapping: string | null;
  /** Who sent `report`: the user id of the panel session it came with. */
  reported_by: string | null;
  /** The last report of a panel with no session yet: its own slot, never `report`. */
  pre_session_report: string | null;
  pre_session_reported_at: number | null;
  mapping_updated_at: number | null;
  mapping_updated_by: string | null;
}

/** Each tenant's receiver of RD Station webhooks: the unguessable path token, hashed and sealed. */
export interface CrmWebhookReceiversTable {
  system_key: string;
  /** sha256 (hex) of the token: how a delivery finds its tenant. */
  token_hash: string;
  /** The token sealed (AES-256-GCM): the URL is rebuilt to find our registrations in the CRM. */
  token_sealed: string;
  created_at: number;
  /** Epoch ms of the last check of the tenant's webhooks in the CRM (any process); null: none. */
  checked_at: number | null;
  /** Why that check left live updates off (a LiveUpdatesReason); null: on. */
  live_reason: string | null;
  /** The process checking the webhooks now, and until when its lease holds. */
  sweep_holder: string | null;
  sweep_until: number | null;
  /** Epoch ms of the last check that found RD had suspended the tenant's webhooks; null: never. */
  suspended_at: number | null;
  /** Epoch ms of the last delivery the tenant's receiver took; null: none yet. */
  last_delivery_at: number | null;
  /** The api's status for the CRM's answer to the last check, when it refused it; null otherwise. */
  refusal_status: number | null;
  /** That answer's detail (pt-BR framing, the CRM's own words, the receiver token masked). */
  refusal_detail: string | null;
}

/** One rate limit's current window for one key (every api process counts here). */
export interface WindowCountersTable {
  /** sha256 (hex) of the limit's name and the key: bounded, and no address or user id in clear. */
  key_hash: string;
  window_started_at: number;
  /** When the window ends (window_started_at + its length): later the row is purged. */
  expires_at: number;
  hits: number;
}
