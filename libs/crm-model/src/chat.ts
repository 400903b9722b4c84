/** A message of the host chat (GET /api/chat/{id}/messages, data.data). */
export interface ChatMessage {
  IdMessage: string;
  text: string;
  senderName: string;
  isSentByMe: boolean;
  /** Date-time text as the host sends it. */
  dhMessage: string;
  /** Unix time in seconds (the host's convention; ms values are tolerated by @crm-panel/format). */
  unixTimeMessage: number;
}
