import { hostId } from '@crm-panel/crm-model/schemas';

/**
 * What the panel is showing, declared on every api call so the api can say in its audit trail
 * from which attendance and chat a change was made (issue 15). The shell sets it when the host's
 * attendance changes; api-client cannot read host-bridge itself (module boundaries).
 */
export interface PanelContext {
  /** The host's attendance (atendimentoId). */
  attendanceId: string | null;
  /** The host's chat channel the attendance happens on (canalId). */
  chatId: string | null;
}

export const ATTENDANCE_ID_HEADER = 'x-attendance-id';
export const CHAT_ID_HEADER = 'x-chat-id';

const HOST_ID = new RegExp(hostId.pattern ?? '');
const HOST_ID_MAX = hostId.maxLength ?? 200;

let current: PanelContext = { attendanceId: null, chatId: null };

export function setPanelContext(context: PanelContext): void {
  current = { ...context };
}

export const getPanelContext = (): PanelContext => current;

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
  return headers;
}
