// Plain constants, not the TypeBox schema: the schemas (TypeBox, Ajv) stay out of the panel's JS.
import {
  AUDIT_CHANNEL_NAME_HEADER,
  AUDIT_CONTACT_NAME_HEADER,
  auditDisplayName,
  HOST_ID_MAX_LENGTH,
  HOST_ID_PATTERN,
} from '@crm-panel/crm-model';

/**
 * What the panel is showing, declared on every api call so the api can say in its audit trail
 * from which attendance and chat a change was made. The shell sets it when the host's
 * attendance changes; api-client cannot read host-bridge itself (module boundaries).
 */
export interface PanelContext {
  /** The host's attendance (atendimentoId). */
  attendanceId: string | null;
  /** The host's chat channel the attendance happens on (canalId). */
  chatId: string | null;
  /**
   * The attendance's contact and the channel by the names the panel shows (the host's `contato`
   * and getInfoChannels): the history reads them instead of ids. Display only; absent when unknown.
   */
  contactName?: string | null;
  channelName?: string | null;
}

export const ATTENDANCE_ID_HEADER = 'x-attendance-id';
export const CHAT_ID_HEADER = 'x-chat-id';
export const PANEL_TAB_HEADER = 'x-panel-tab';
const PANEL_TAB_KEY = 'crm-panel.tab';

let tabId: string | null = null;

/**
 * This browser tab's id, the same for the panel and the host modals it opens (same origin, same
 * tab: one sessionStorage): the live stream skips the changes this tab wrote itself, whose
 * answers are already in its cache (one request per write).
 */
export function getPanelTabId(): string {
  if (tabId) return tabId;
  let stored: string | null = null;
  try {
    stored = globalThis.sessionStorage?.getItem(PANEL_TAB_KEY) ?? null;
  } catch {
    // Blocked storage: this document keeps its own id.
  }
  tabId = stored && HOST_ID.test(stored) ? stored : globalThis.crypto.randomUUID();
  try {
    globalThis.sessionStorage?.setItem(PANEL_TAB_KEY, tabId);
  } catch {
    // Blocked storage: nothing to share.
  }
  return tabId;
}

const HOST_ID = new RegExp(HOST_ID_PATTERN);
const HOST_ID_MAX = HOST_ID_MAX_LENGTH;

let current: PanelContext = { attendanceId: null, chatId: null };

export function setPanelContext(context: PanelContext): void {
  current = { ...context };
}

export const getPanelContext = (): PanelContext => current;

const SHARED_CONTEXT_KEY = 'crm-panel.context';

/**
 * The side panel keeps what it shows where the forms it opens can read it: the host modal, popup
 * or tab of a form is a document of its own, and a host may tell it nothing about the attendance
 * (Novus re-emits its events to the drawer's plugin only; a popup has no host at all). Same
 * origin, same browser tab: one sessionStorage, as for the tab id (a popup gets a copy of it).
 */
export function sharePanelContext(context: PanelContext): void {
  try {
    globalThis.sessionStorage?.setItem(SHARED_CONTEXT_KEY, JSON.stringify(context));
  } catch {
    // Blocked storage: the forms then say only what their own host tells them.
  }
}

/** What the side panel of this browser tab showed last (sharePanelContext), or null. */
export function sharedPanelContext(): PanelContext | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(SHARED_CONTEXT_KEY) ?? null;
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { attendanceId, chatId, contactName, channelName } = value as Record<string, unknown>;
    const id = (item: unknown): string | null => (typeof item === 'string' ? item : null);
    return {
      attendanceId: id(attendanceId),
      chatId: id(chatId),
      contactName: auditDisplayName(contactName),
      channelName: auditDisplayName(channelName),
    };
  } catch {
    return null;
  }
}

/**
 * The headers of the current context. An id the api would refuse as a host id is left out: a
 * write must never fail for the sake of its audit entry.
 */
export function panelContextHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const add = (name: string, value: string | null) => {
    if (value && value.length <= HOST_ID_MAX && HOST_ID.test(value)) headers[name] = value;
  };
  add(ATTENDANCE_ID_HEADER, current.attendanceId);
  add(CHAT_ID_HEADER, current.chatId);
  // A name goes only beside its id, percent-encoded (a header carries no other text safely).
  const addName = (name: string, value: string | null | undefined, beside: string) => {
    const shown = auditDisplayName(value);
    if (shown && headers[beside]) headers[name] = encodeURIComponent(shown);
  };
  addName(AUDIT_CONTACT_NAME_HEADER, current.contactName, ATTENDANCE_ID_HEADER);
  addName(AUDIT_CHANNEL_NAME_HEADER, current.channelName, CHAT_ID_HEADER);
  add(PANEL_TAB_HEADER, getPanelTabId());
  return headers;
}
