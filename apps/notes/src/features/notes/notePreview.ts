import { NOTE_PREVIEW_LENGTH } from '@crm-panel/crm-model';
import { truncate } from '@crm-panel/format';
import { htmlToText } from '@crm-panel/format/sanitize';

/** What the timeline shows of a note: all of it, or a plain-text preview with 'Ver mais'. */
export type NotePreview = { truncated: false } | { truncated: true; text: string };

const HTML_TAG = /<\/?[a-z][^>]*>/i;

/** Plain-text notes (typed by hand or imported from the chat) keep their line breaks. */
export function isPlainTextNote(description: string): boolean {
  return !HTML_TAG.test(description);
}

/**
 * A note's text for the preview: HTML notes as one run of text; plain-text notes (an import of
 * several chat messages, say) line by line, so their line breaks survive (at most one blank line).
 */
export function notePreviewText(description: string): string {
  if (!isPlainTextNote(description)) return htmlToText(description);
  return description
    .split(/\r?\n/)
    .map((line) => htmlToText(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A note whose text fits the preview is shown whole (sanitised HTML keeps its formatting); a longer
 * one becomes its first 200 characters of text + '...', line breaks kept.
 */
export function notePreview(description: string): NotePreview {
  const text = notePreviewText(description);
  if (Array.from(text).length <= NOTE_PREVIEW_LENGTH) return { truncated: false };
  return { truncated: true, text: truncate(text, NOTE_PREVIEW_LENGTH) };
}

/** Nothing left to read once sanitised: the note held only what is not allowed (scripts, …). */
export function isEmptyAfterSanitising(description: string): boolean {
  return description.trim() !== '' && htmlToText(description) === '';
}
