import type * as Crm from '@crm-panel/crm-model';
import { createMockLiveFeed, type MockLiveFeed } from './mockLiveFeed';
import {
  type AuditAccessFixture,
  auditFixture,
  campaignsFixture,
  chatMessagesFixture,
  contactMappingsFixture,
  contactsFixture,
  customFieldsFixture,
  dealProductsFixture,
  dealsFixture,
  integrationFixture,
  type IntegrationFixture,
  lastDealsFixture,
  lostReasonsFixture,
  notesFixture,
  organizationsFixture,
  pipelinesFixture,
  productsFixture,
  profileFixture,
  sourcesFixture,
  stagesFixture,
  tasksFixture,
  usersFixture,
} from './fixtures';

/** Everything the mock api knows; handlers read and write it, so writes show up in later reads. */
export interface MockState {
  users: Crm.User[];
  /** The CRM user the session signed in as (the profile answer names them). */
  profile: Crm.User;
  pipelines: Crm.Pipeline[];
  /** By pipeline id. */
  stages: Record<string, Crm.Stage[]>;
  sources: Crm.Source[];
  campaigns: Crm.Campaign[];
  customFields: Crm.CustomFieldDefinition[];
  lostReasons: Crm.LostReason[];
  organizations: Crm.Organization[];
  contacts: Crm.Contact[];
  deals: Crm.Deal[];
  /** By deal id. */
  notes: Record<string, Crm.Note[]>;
  tasks: Crm.Task[];
  products: Crm.Product[];
  /** By deal id. */
  dealProducts: Record<string, Crm.DealProduct[]>;
  /** By chat id. */
  chatMessages: Record<string, Crm.ChatMessage[]>;
  /** Host contact id → CRM contact id. */
  contactMappings: Record<string, string>;
  /** CRM contact id → last selected deal id. */
  lastDeals: Record<string, string | null>;
  integration: IntegrationFixture;
  /** The audit trail, newest first, and who may read it. */
  audit: { entries: Crm.AuditEntry[]; access: AuditAccessFixture };
}

/** One request the mock handlers answered (what went over the wire). */
export interface CapturedRequest {
  method: string;
  /** Path without origin or query, e.g. '/api/rdstation/deals/deal-1'. */
  path: string;
  /** Every query parameter, decoded. */
  query: Record<string, string>;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
  /** The identity, cache and session headers as received (absent ones are undefined). */
  headers: {
    'x-user-id'?: string;
    'x-system-key'?: string;
    'x-cache-bypass'?: string;
    'x-attendance-id'?: string;
    'x-chat-id'?: string;
    /** Percent-encoded, as the panel declares them. */
    'x-contact-name'?: string;
    'x-channel-name'?: string;
    'x-security-password'?: string;
    authorization?: string;
  };
}

export interface MockDb {
  state: MockState;
  /** Requests answered since the last reset, oldest first. */
  requests: CapturedRequest[];
  /** A fresh id for a created record, e.g. nextId('deal') → 'deal-new-1'. */
  nextId(prefix: string): string;
  /** Back to the seed (a deep copy), with an empty request log. */
  reset(): void;
  /** GET /api/events: push a change to the open streams (they outlive reset). */
  live: MockLiveFeed;
}

export function defaultMockState(): MockState {
  return structuredClone({
    users: usersFixture,
    profile: profileFixture,
    pipelines: pipelinesFixture,
    stages: stagesFixture,
    sources: sourcesFixture,
    campaigns: campaignsFixture,
    customFields: customFieldsFixture,
    lostReasons: lostReasonsFixture,
    organizations: organizationsFixture,
    contacts: contactsFixture,
    deals: dealsFixture,
    notes: notesFixture,
    tasks: tasksFixture,
    products: productsFixture,
    dealProducts: dealProductsFixture,
    chatMessages: chatMessagesFixture,
    contactMappings: contactMappingsFixture,
    lastDeals: lastDealsFixture,
    integration: integrationFixture,
    audit: { entries: auditFixture, access: 'admin' },
  });
}

/** An in-memory db seeded with the fixtures; `overrides` replaces whole parts of the seed. */
export function createMockDb(overrides: Partial<MockState> = {}): MockDb {
  const seed = (): MockState => ({ ...defaultMockState(), ...structuredClone(overrides) });
  let counter = 0;
  const db: MockDb = {
    state: seed(),
    requests: [],
    live: createMockLiveFeed(),
    nextId(prefix) {
      counter += 1;
      return `${prefix}-new-${counter}`;
    },
    reset() {
      db.state = seed();
      db.requests = [];
      counter = 0;
    },
  };
  return db;
}
