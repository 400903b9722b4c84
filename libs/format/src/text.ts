import { NOTE_PREVIEW_LENGTH, TRUNCATION_SUFFIX } from '@crm-panel/crm-model';

/**
 * Text longer than `max` characters becomes its first `max` characters + '...'.
 * Counts code points so an emoji is never cut in half.
 */
export function truncate(text: string, max: number = NOTE_PREVIEW_LENGTH): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max).join('') + TRUNCATION_SUFFIX;
}
