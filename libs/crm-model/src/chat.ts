import type { ChatMessageAnswer } from './schemas';

/** A message of the host chat (GET /api/chat/{id}/messages, data.data). */
export interface ChatMessage extends ChatMessageAnswer {}
