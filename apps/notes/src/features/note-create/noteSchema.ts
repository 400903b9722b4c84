import { object, string } from 'yup';
import { MESSAGES, NOTE_MAX_LENGTH } from '@crm-panel/crm-model';

export interface NoteFormValues {
  content: string;
}

export const NOTE_FORM_INITIAL_VALUES: NoteFormValues = { content: '' };

/** Spec §5 'Note': content required (blank counts as empty) and at most 5000 characters. */
export const noteSchema = object({
  content: string()
    .test('required', MESSAGES.notes.contentRequired, (value) => (value ?? '').trim() !== '')
    // Counted as typed, like the counter under the field.
    .test('max', MESSAGES.notes.contentTooLong, (value) => (value ?? '').length <= NOTE_MAX_LENGTH),
});
