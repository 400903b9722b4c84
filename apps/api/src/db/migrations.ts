import { type Kysely, type Migration, type MigrationProvider } from 'kysely';

// Migrations live in code (not files) so tsx, jest and any bundle run the same list.
const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('credentials')
      .addColumn('system_key', 'text', (col) => col.primaryKey())
      .addColumn('client_id', 'text', (col) => col.notNull())
      .addColumn('client_secret_enc', 'text', (col) => col.notNull())
      .addColumn('redirect_uri', 'text', (col) => col.notNull())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('default_chat_domain', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('terms')
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('accepted_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('terms_pk', ['system_key', 'user_id'])
      .execute();
    await db.schema
      .createTable('sessions')
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('access_token_enc', 'text')
      .addColumn('refresh_token_enc', 'text')
      .addColumn('expires_at', 'bigint')
      .addColumn('v1_token_enc', 'text')
      .addColumn('v1_profile', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('sessions_pk', ['system_key', 'user_id'])
      .execute();
    await db.schema
      .createTable('oauth_states')
      .addColumn('state_hash', 'text', (col) => col.primaryKey())
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('contact_mappings')
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('contact_id', 'text', (col) => col.notNull())
      .addColumn('rdstation_contact_id', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('contact_mappings_pk', ['system_key', 'contact_id'])
      .execute();
    await db.schema
      .createTable('last_deals')
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('rdstation_contact_id', 'text', (col) => col.notNull())
      .addColumn('deal_id', 'text')
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('last_deals_pk', ['system_key', 'rdstation_contact_id'])
      .execute();
    await db.schema
      .createTable('password_attempts')
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('attempted_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('password_attempts_tenant_idx')
      .on('password_attempts')
      .columns(['system_key', 'attempted_at'])
      .execute();
    await db.schema
      .createTable('crm_rate_events')
      .addColumn('bucket', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('crm_rate_events_bucket_idx')
      .on('crm_rate_events')
      .columns(['bucket', 'at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'crm_rate_events',
      'password_attempts',
      'last_deals',
      'contact_mappings',
      'oauth_states',
      'sessions',
      'terms',
      'credentials',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

// Trusted identity: sessions earned by a host assertion or by the CRM sign-in; sign-ins bound to
// the session and window that started them (the old per-user states are dropped: they live 10 min).
const sessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropTable('oauth_states').execute();
    await db.schema
      .createTable('oauth_states')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('family_id', 'text', (col) => col.notNull())
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('ticket_hash', 'text', (col) => col.unique())
      .addColumn('state_hash', 'text', (col) => col.unique())
      .addColumn('binding_hash', 'text')
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('oauth_states_binding_idx')
      .on('oauth_states')
      .column('binding_hash')
      .execute();
    await db.schema
      .createTable('session_families')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('role', 'text')
      .addColumn('method', 'text', (col) => col.notNull())
      .addColumn('stage', 'text', (col) => col.notNull())
      .addColumn('crm_owner', 'text', (col) => col.notNull())
      .addColumn('pending_credentials_enc', 'text')
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('session_families_tenant_idx')
      .on('session_families')
      .columns(['system_key', 'expires_at'])
      .execute();
    await db.schema
      .createTable('panel_sessions')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('family_id', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('panel_sessions_family_idx')
      .on('panel_sessions')
      .column('family_id')
      .execute();
    await db.schema
      .createTable('assertion_jtis')
      .addColumn('jti_hash', 'text', (col) => col.primaryKey())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['assertion_jtis', 'panel_sessions', 'session_families']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

// CRM calls: the rate is shared per tenant, fairly between its users (who spent each
// slot, who waits, the tenant's Retry-After block), and probes' verdicts are kept per tenant.
const crmCalls: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('crm_rate_events')
      .addColumn('user_key', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createTable('crm_rate_waiters')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('bucket', 'text', (col) => col.notNull())
      .addColumn('user_key', 'text', (col) => col.notNull())
      .addColumn('since', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('crm_rate_waiters_bucket_idx')
      .on('crm_rate_waiters')
      .columns(['bucket', 'since'])
      .execute();
    await db.schema
      .createTable('crm_rate_blocks')
      .addColumn('bucket', 'text', (col) => col.primaryKey())
      .addColumn('until', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('crm_filter_probes')
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('capability', 'text', (col) => col.notNull())
      .addColumn('supported', 'integer', (col) => col.notNull())
      .addColumn('checked_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('crm_filter_probes_pk', ['system_key', 'capability'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['crm_filter_probes', 'crm_rate_blocks', 'crm_rate_waiters']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
    await db.schema.alterTable('crm_rate_events').dropColumn('user_key').execute();
  },
};

// Who the CRM user is: the choice lives with the CRM tokens' owner (a sessions row) and ends with
// them; the e-mail a host signed lives with the session family that earned it.
const crmUser: Migration = {
  async up(db: Kysely<unknown>) {
    // One column per statement: SQLite adds one column per ALTER TABLE.
    await db.schema.alterTable('sessions').addColumn('crm_user_id', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('crm_user_source', 'text').execute();
    await db.schema.alterTable('sessions').addColumn('crm_user_chosen_at', 'bigint').execute();
    await db.schema.alterTable('session_families').addColumn('verified_email', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('session_families').dropColumn('verified_email').execute();
    for (const column of ['crm_user_chosen_at', 'crm_user_source', 'crm_user_id'])
      await db.schema.alterTable('sessions').dropColumn(column).execute();
  },
};

/** The audit list's indexes (the bench drops and recreates them to compare). */
export const AUDIT_INDEXES: [string, string[]][] = [
  ['audit_events_tenant_at_idx', ['system_key', 'at', 'id']],
  ['audit_events_actor_idx', ['system_key', 'actor_user_id', 'at', 'id']],
  ['audit_events_record_idx', ['system_key', 'record_id', 'at', 'id']],
  ['audit_events_type_idx', ['system_key', 'record_type', 'at', 'id']],
  ['audit_events_at_idx', ['at']],
];

// The audit trail. Every list is one tenant's, newest first, keyset-paged on (at, id):
// one index per filter the list offers (none, person, record id, record type), each ending in
// (at, id) so a page is an index range read backwards, never a sort; `at` alone serves the purge.
const auditEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('origin', 'text', (col) => col.notNull())
      .addColumn('actor_user_id', 'text')
      .addColumn('actor_name', 'text')
      .addColumn('actor_verified', 'integer', (col) => col.notNull())
      .addColumn('attendance_id', 'text')
      .addColumn('chat_id', 'text')
      .addColumn('record_type', 'text', (col) => col.notNull())
      .addColumn('record_id', 'text', (col) => col.notNull())
      .addColumn('deal_id', 'text')
      .addColumn('contact_id', 'text')
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('fields', 'text', (col) => col.notNull())
      .execute();
    for (const [name, columns] of AUDIT_INDEXES)
      await db.schema.createIndex(name).on('audit_events').columns(columns).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_events').ifExists().execute();
  },
};

// Live updates: the per-tenant receiver of RD Station webhooks.
const crmWebhooks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('crm_webhook_receivers')
      .addColumn('system_key', 'text', (col) => col.primaryKey())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('token_sealed', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('crm_webhook_receivers').ifExists().execute();
  },
};

// The audit trail names the record it changed: its name as the api knew it at the write.
// Nullable: entries recorded before have none and show the id, as they did.
const auditRecordName: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').addColumn('record_name', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').dropColumn('record_name').execute();
  },
};

// Side doors closed: the CRM account a tenant's credentials are bound to, one atomic lockout
// counter per tenant (shared by every api process), the setup codes already spent, the address
// that started a pending session (storage held by unverified callers is bounded), and the RD
// webhook deliveries already received (de-duplicated by every process for RD's retry window).
const sideDoors: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('credentials').addColumn('crm_account_user_ids', 'text').execute();
    await db.schema
      .createTable('password_guards')
      .addColumn('system_key', 'text', (col) => col.primaryKey())
      .addColumn('window_started_at', 'bigint', (col) => col.notNull())
      .addColumn('failures', 'integer', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('setup_codes_spent')
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('spent_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('setup_codes_spent_pk', ['system_key', 'code_hash'])
      .execute();
    await db.schema.alterTable('session_families').addColumn('client_address', 'text').execute();
    await db.schema
      .createIndex('session_families_address_idx')
      .on('session_families')
      .columns(['client_address', 'stage'])
      .execute();
    await db.schema.dropTable('password_attempts').ifExists().execute();
    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('transaction_uuid', 'text', (col) => col.notNull())
      .addColumn('received_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('webhook_deliveries_pk', ['system_key', 'transaction_uuid'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_received_idx')
      .on('webhook_deliveries')
      .column('received_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webhook_deliveries').ifExists().execute();
    await db.schema
      .createTable('password_attempts')
      .addColumn('system_key', 'text', (col) => col.notNull())
      .addColumn('attempted_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.dropIndex('session_families_address_idx').ifExists().execute();
    await db.schema.alterTable('session_families').dropColumn('client_address').execute();
    await db.schema.dropTable('setup_codes_spent').ifExists().execute();
    await db.schema.dropTable('password_guards').ifExists().execute();
    await db.schema.alterTable('credentials').dropColumn('crm_account_user_ids').execute();
  },
};

// Who wrote, by name, whatever this process remembers: the CRM user's name is kept with the choice
// of that user (the sessions row), so an audit entry never depends on a name cache. Nullable: a
// choice made before has none until the profile is next read.
const crmUserName: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').addColumn('crm_user_name', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('sessions').dropColumn('crm_user_name').execute();
  },
};

// The CRM rate's lanes: a request a person waits for goes before background work
// (crm/limiter.ts). Rows written before the column existed were all a person's.
const crmRateLanes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('crm_rate_waiters')
      .addColumn('lane', 'text', (col) => col.notNull().defaultTo('interactive'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('crm_rate_waiters').dropColumn('lane').execute();
  },
};

// The sign-in window proves itself (a secret of its own sessionStorage, `window_hash`), and a
// sign-in waiting for the attendant's confirmation holds its tokens sealed (`held_enc`) under a
// single-use confirmation secret (`confirm_hash`) until then: nothing is bound before.
const signInWindow: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('oauth_states').addColumn('window_hash', 'text').execute();
    await db.schema.alterTable('oauth_states').addColumn('confirm_hash', 'text').execute();
    await db.schema.alterTable('oauth_states').addColumn('held_enc', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('oauth_states').dropColumn('held_enc').execute();
    await db.schema.alterTable('oauth_states').dropColumn('confirm_hash').execute();
    await db.schema.alterTable('oauth_states').dropColumn('window_hash').execute();
  },
};

// Where a change was made and what it belongs to, by the names the panel showed then: the
// attendance's contact and the chat channel (declared by the panel), and the deal a note, task or
// product is in (the api's own). Nullable: older entries show their ids.
const AUDIT_NAME_COLUMNS = ['contact_name', 'channel_name', 'deal_name'] as const;
const auditNames: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of AUDIT_NAME_COLUMNS)
      await db.schema.alterTable('audit_events').addColumn(column, 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of AUDIT_NAME_COLUMNS)
      await db.schema.alterTable('audit_events').dropColumn(column).execute();
  },
};

// What a Novus frame last reported (what the host sent, what the panel understood, unexpected
// messages) and the tenant's field mapping, one row per tenant: bounded JSON texts, no secrets.
const novusDiagnostics: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('novus_tenant_state')
      .addColumn('system_key', 'text', (col) => col.primaryKey())
      .addColumn('report', 'text')
      .addColumn('reported_at', 'bigint')
      .addColumn('mapping', 'text')
      .addColumn('mapping_updated_at', 'bigint')
      .addColumn('mapping_updated_by', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('novus_tenant_state').execute();
  },
};

// Limits and the webhook upkeep shared by every api process on one store: each rate limit's
// window per key (`window_counters`: one atomic upsert counts a hit, expired windows purged), and
// per tenant the last check of its RD webhooks (when, and why they are off) and who is checking
// them now (a lease, so one process at a time lists and creates them).
const sharedLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('window_counters')
      .addColumn('key_hash', 'text', (col) => col.primaryKey())
      .addColumn('window_started_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('hits', 'integer', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('window_counters_expires_idx')
      .on('window_counters')
      .column('expires_at')
      .execute();
    // One column per statement: SQLite adds one column per ALTER TABLE.
    for (const column of ['checked_at', 'sweep_until'])
      await db.schema.alterTable('crm_webhook_receivers').addColumn(column, 'bigint').execute();
    for (const column of ['live_reason', 'sweep_holder'])
      await db.schema.alterTable('crm_webhook_receivers').addColumn(column, 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['sweep_holder', 'live_reason', 'sweep_until', 'checked_at'])
      await db.schema.alterTable('crm_webhook_receivers').dropColumn(column).execute();
    await db.schema.dropTable('window_counters').ifExists().execute();
  },
};

// A sign-in in a tab of its own (a frame that may not open windows): its ticket opens only in
// the browser of the panel that asked (`agent_hash`), it ends parked under the redeem code that
// panel holds (`redeem_hash`), and its last page leads back to the host (`return_to`).
const signInTab: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['agent_hash', 'redeem_hash', 'return_to'])
      await db.schema.alterTable('oauth_states').addColumn(column, 'text').execute();
    await db.schema
      .createIndex('oauth_states_redeem_idx')
      .on('oauth_states')
      .column('redeem_hash')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('oauth_states_redeem_idx').execute();
    for (const column of ['return_to', 'redeem_hash', 'agent_hash'])
      await db.schema.alterTable('oauth_states').dropColumn(column).execute();
  },
};

/** Columns added to a table, one per statement (SQLite adds one column per ALTER TABLE). */
function addedColumns(
  table: string,
  columns: readonly (readonly [string, 'text' | 'bigint' | 'integer'])[],
): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [column, type] of columns)
        await db.schema.alterTable(table).addColumn(column, type).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const [column] of [...columns].reverse())
        await db.schema.alterTable(table).dropColumn(column).execute();
    },
  };
}

// A Novus report is bound to the panel session it came with (`reported_by`); a panel with no
// session yet reports into a slot of its own that never replaces a session's report.
const NOVUS_REPORT_COLUMNS = [
  ['reported_by', 'text'],
  ['pre_session_report', 'text'],
  ['pre_session_reported_at', 'bigint'],
] as const;
const novusReportBinding = addedColumns('novus_tenant_state', NOVUS_REPORT_COLUMNS);

// A tab's sign-in refused in the tab (consent denied, another account, an e-mail nobody has)
// tells its panel why at the next redeem (`failure`), instead of leaving it waiting.
const signInTabFailure: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('oauth_states').addColumn('failure', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('oauth_states').dropColumn('failure').execute();
  },
};

// What the live-updates state says beyond on or off: when a check last found RD had suspended the
// tenant's webhooks (`suspended_at`), when the first delivery after it arrived (`last_delivery_at`:
// until one arrives, the webhooks made again are not known to work), and the CRM's answer
// to a check it refused (`refusal_status`, `refusal_detail`).
const LIVE_UPDATES_COLUMNS = [
  ['suspended_at', 'bigint'],
  ['last_delivery_at', 'bigint'],
  ['refusal_status', 'integer'],
  ['refusal_detail', 'text'],
] as const;
const liveUpdatesDetail = addedColumns('crm_webhook_receivers', LIVE_UPDATES_COLUMNS);

export const MIGRATIONS: Record<string, Migration> = {
  '2025_01_01_000_initial': initial,
  '2026_11_23_000_sessions': sessions,
  '2026_12_01_000_crm_calls': crmCalls,
  '2026_12_01_001_crm_user': crmUser,
  '2026_12_02_000_audit_events': auditEvents,
  '2026_12_02_001_crm_webhooks': crmWebhooks,
  '2026_12_03_000_audit_record_name': auditRecordName,
  '2026_12_04_000_side_doors': sideDoors,
  '2026_12_04_001_crm_user_name': crmUserName,
  '2026_12_04_002_crm_rate_lanes': crmRateLanes,
  '2026_12_05_100_sign_in_window': signInWindow,
  '2026_12_05_300_audit_names': auditNames,
  '2026_12_05_400_novus_diagnostics': novusDiagnostics,
  '2026_12_06_100_sign_in_tab': signInTab,
  '2026_12_06_101_novus_report_binding': novusReportBinding,
  '2026_12_06_500_shared_limits': sharedLimits,
  '2026_12_07_000_sign_in_tab_failure': signInTabFailure,
  '2026_12_07_100_live_updates_detail': liveUpdatesDetail,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
