import { useQuery } from '@tanstack/react-query';
import { userQueryOptions } from '@crm-panel/api-client';
import { MESSAGES } from '@crm-panel/crm-model';

export type NoteAuthor = { status: 'loading' } | { status: 'done'; name: string };

/** The note author's name, or 'Usuário desconhecido' when the user cannot be fetched. */
export function useNoteAuthor(userId: string | null | undefined): NoteAuthor {
  const id = userId?.trim() ? userId : null;
  const user = useQuery({ ...userQueryOptions(id ?? ''), enabled: id !== null });
  if (id === null || user.isError) return { status: 'done', name: MESSAGES.notes.unknownAuthor };
  if (user.isPending) return { status: 'loading' };
  return { status: 'done', name: user.data.name?.trim() || MESSAGES.notes.unknownAuthor };
}
