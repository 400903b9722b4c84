import { usePanelCache } from '@crm-panel/api-client';
import { MESSAGES, type Note } from '@crm-panel/crm-model';
import { useAttendance, useFormResult, useHostForms } from '@crm-panel/host-bridge';
import styled from 'styled-components';
import {
  Button,
  Card,
  EmptyState,
  InlineError,
  NoticeBanner,
  Skeleton,
  useNotice,
} from '@crm-panel/ui';
import { useCurrentUserId } from '../hooks/useCurrentUserId';
import { useDealName } from '../hooks/useDealName';
import { useDealNotes } from '../hooks/useDealNotes';
import { NotesTimeline } from './NotesTimeline';

const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

export interface NotesPanelProps {
  dealId: string | null;
  dealName?: string;
}

/**
 * The deal's Notas tab: the timeline, 'Adicionar Nota' and 'Atualizar'. A note form that closes
 * with success refreshes the timeline and says 'Nota criada com sucesso!' here, as the other tabs
 * confirm their forms.
 */
export function NotesPanel({ dealId, dealName }: NotesPanelProps) {
  const hasDeal = dealId !== null && dealId !== '';
  const currentDealId = hasDeal ? dealId : null;
  const notes = useDealNotes(currentDealId);
  const name = useDealName(currentDealId, dealName);
  const userId = useCurrentUserId(hasDeal);
  const { attendance } = useAttendance();
  const { openForm } = useHostForms();
  const cache = usePanelCache();
  const notice = useNotice(currentDealId);

  useFormResult('note-create', ({ result }) => {
    if (!result.success || currentDealId === null) return;
    notice.success(MESSAGES.notes.createSuccess);
    void (result.note
      ? cache.noteWritten(currentDealId, result.note)
      : cache.dealNotesChanged(currentDealId));
  });

  const addNote = () => {
    if (currentDealId === null) return;
    notice.clear();
    openForm('note-create', {
      dealId: currentDealId,
      dealName: name,
      userId,
      chatId: attendance?.atendimentoId ?? null,
      channelId: attendance?.canalId ?? null,
    });
  };

  const openNote = (note: Note) => {
    openForm('note-view', {
      body: note.description,
      registeredAt: note.registered_at,
      dealName: name,
    });
  };

  let body;
  if (currentDealId === null) {
    body = (
      <EmptyState
        title="Nenhuma negociação selecionada"
        description="Selecione uma negociação para ver e adicionar notas."
      />
    );
  } else if (notes.isError && !notes.isFetching) {
    // Spec §8: the banner replaces the list, even when an earlier load had succeeded.
    body = <InlineError message={MESSAGES.notes.loadError} onRetry={() => void notes.refetch()} />;
  } else if (notes.isPending || notes.isError) {
    body = <Skeleton variant="block" height="note" label="Carregando notas..." />;
  } else if (notes.data.length === 0) {
    body = <EmptyState title={MESSAGES.notes.empty} />;
  } else {
    body = <NotesTimeline notes={notes.data} onOpenNote={openNote} />;
  }

  return (
    <Card
      title="Notas"
      actions={
        <>
          <Button variant="primary" size="sm" icon="plus" disabled={!hasDeal} onClick={addNote}>
            Adicionar Nota
          </Button>
          <Button
            variant="secondary"
            size="sm"
            icon="refresh"
            disabled={!hasDeal}
            onClick={() => {
              notice.clear();
              return notes.refetch();
            }}
          >
            Atualizar
          </Button>
        </>
      }
    >
      <StyledBody>
        <NoticeBanner notice={notice.notice} onClose={notice.clear} />
        {body}
      </StyledBody>
    </Card>
  );
}
