import { type AuditFieldChange, type AuditRecordType } from '@crm-panel/crm-model';

/**
 * One change made through the api, described once where the write happens and consumed by
 * everything that cares about it: the audit trail (stored) and the live-update feed (pushed to
 * open panels of the same tenant, across api processes).
 *
 * A producer (a write route) publishes after the CRM or the store accepted the write; consumers
 * subscribe on the ChangeFeed. Producers never know who listens.
 */

/** What kind of record changed: the panel invalidates by it, the audit list filters by it. */
export type ChangedRecordType = AuditRecordType;

export type ChangeAction = 'created' | 'updated' | 'deleted';

/**
 * One field's change. Values are display-safe: never secrets, note bodies only as a preview. An
 * id or code also carries the name a person knew it by at the time, when the api knew it.
 */
export type FieldChange = AuditFieldChange;

/** Who made the change: from the session, never from a header. */
export interface ChangeActor {
  /** The session's host user id ('assertion' sessions: verified). */
  userId: string;
  /** Whether the host signed who this is, or only claimed it. */
  verified: boolean;
  /** A name a person reads ('Atualizado por … agora'); the user id when no better one is known. */
  name: string;
  /** The CRM user the session acts as, when known. */
  crmUserId: string | null;
}

export interface RecordChange {
  /** Unique per change (uuid): consumers de-duplicate by it. */
  id: string;
  systemKey: string;
  /** Where the change came from: a panel write, or a CRM webhook signal. */
  origin: 'panel' | 'crm';
  /** Null for origin 'crm' (RD does not say who). */
  actor: ChangeActor | null;
  /** The attendance and chat the panel was showing, as the panel declared them. */
  attendanceId: string | null;
  chatId: string | null;
  /**
   * The attendance's contact and the chat channel by the names the panel showed (declared in
   * `x-contact-name` / `x-channel-name`, sanitised and cut): display only, never a decision.
   */
  contactName?: string | null;
  channelName?: string | null;
  /**
   * The browser tab the write came from, as the panel declared it (`x-panel-tab`): that tab's
   * own panel already holds the answer and re-reads nothing. Never sent to a panel: each stream
   * gets `own: true|false` instead (liveStreams.ts). Not stored in the audit trail.
   */
  panelTab?: string | null;
  /**
   * The record's `updated_at` in the CRM's answer to the write: RD's webhook for that write (its
   * echo) carries the same in its document, which tells it from a later change. Not stored.
   */
  crmUpdatedAt?: string | null;
  record: {
    type: ChangedRecordType;
    id: string;
    /**
     * The record's name as the api knew it at the write (the CRM's answer, the version it last
     * served, or the names it learnt), never asked of the CRM; absent when it knew none.
     */
    name?: string | null;
    /** The deal a note, task, product or contact list belongs to. */
    dealId: string | null;
    /** That deal's name as the api knew it at the write (never asked of the CRM). */
    dealName?: string | null;
    /** The contact a mapping or contact edit is about. */
    contactId: string | null;
  };
  action: ChangeAction;
  fields: FieldChange[];
  /** ISO 8601. */
  at: string;
}

export type ChangeListener = (change: RecordChange) => void;

/**
 * Where changes are published. The in-process implementation serves one api process (SQLite);
 * the PostgreSQL one also carries them to every other api process (LISTEN/NOTIFY). A listener
 * that throws never stops the others or the write.
 */
export interface ChangeFeed {
  publish(change: RecordChange): void;
  subscribe(listener: ChangeListener): () => void;
  /**
   * Called when changes may have been missed (PostgreSQL: the LISTEN connection was lost and is
   * back; NOTIFYs in between are gone): whoever relays changes must have them re-read.
   */
  subscribeGaps(listener: () => void): () => void;
  close(): Promise<void>;
}
