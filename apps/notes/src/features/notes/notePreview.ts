import { NOTE_PREVIEW_LENGTH } from '@crm-panel/crm-model';
import { htmlToText, truncate } from '@crm-panel/format';

/** What the timeline shows of a note: all of it, or a plain-text preview with 'Ver mais'. */
export type NotePreview = { truncated: false } | { truncated: true; text: string };

/**
 * A note whose text fits the preview is shown whole (sanitised HTML keeps its formatting); a longer
 * one becomes its first 200 characters of plain text + '...'.
 */
export function notePreview(description: string): NotePreview {
  const text = htmlToText(description);
  if (Array.from(text).length <= NOTE_PREVIEW_LENGTH) return { truncated: false };
  return { truncated: true, text: truncate(text, NOTE_PREVIEW_LENGTH) };
}

const HTML_TAG = /<\/?[a-z][^>]*>/i;

/** Plain-text notes (typed by hand or imported from the chat) keep their line breaks. */
export function isPlainTextNote(description: string): boolean {
  return !HTML_TAG.test(description);
}
