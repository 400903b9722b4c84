import { useId, useState } from 'react';
import styled from 'styled-components';
import { type ChatMessage, MESSAGES } from '@crm-panel/crm-model';
import { Alert, Button, InlineError, Skeleton } from '@crm-panel/ui';
import { chatImportProblem, NOVUS_CHAT_IMPORT_TEXTS } from '../chatImportProblem';
import { useChatTextMessages } from '../hooks/useChatTextMessages';
import { ChatMessageOption } from './ChatMessageOption';

export interface ChatImportPanelProps {
  /** Host attendance id (atendimentoId). */
  chatId: string | null;
  /** Host channel id (canalId). */
  channelId: string | null;
  /** Ticked message ids: kept by the form, so they survive a failed save. */
  selectedIds: readonly string[];
  onSelectedIdsChange: (ids: string[]) => void;
  /** Receives the ticked messages (newest first, as listed); the form writes them oldest first. */
  onImport: (messages: ChatMessage[]) => void;
  disabled?: boolean;
}

const StyledPanel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
  border: ${({ theme }) => theme.borders.subtle};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const StyledToolbar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledHeading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledCount = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledList = styled.ul`
  max-height: ${({ theme }) => theme.sizes.listMaxHeight.md};
  margin: 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;
  border: ${({ theme }) => theme.borders.default};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const StyledError = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.dangerText};
`;

const StyledFooter = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** Import from chat: the attendance's text messages, newest first, to tick and import. */
export function ChatImportPanel({
  chatId,
  channelId,
  selectedIds,
  onSelectedIdsChange,
  onImport,
  disabled,
}: ChatImportPanelProps) {
  const headingId = useId();
  const errorId = useId();
  const { query: messages, source, retryMapping } = useChatTextMessages(chatId, channelId);
  const [selectionError, setSelectionError] = useState<string | null>(null);

  let content;
  if (chatId === null || channelId === null) {
    content = <Alert tone="warning">{MESSAGES.chatImport.attendanceUnavailable}</Alert>;
  } else if (source === 'mapping-pending') {
    content = (
      <>
        <Alert tone="info">{NOVUS_CHAT_IMPORT_TEXTS.mappingPending}</Alert>
        <Skeleton lines={3} label="Carregando mensagens..." />
      </>
    );
  } else if (source === 'mapping-failed') {
    content = (
      <InlineError message={NOVUS_CHAT_IMPORT_TEXTS.mappingFailed} onRetry={retryMapping} />
    );
  } else if (messages.isPending || (messages.isError && messages.isFetching)) {
    content = <Skeleton lines={3} label="Carregando mensagens..." />;
  } else if (messages.isError) {
    const problem = chatImportProblem(messages.error);
    content = problem.retry ? (
      <InlineError message={problem.message} onRetry={() => void messages.refetch()} />
    ) : (
      <Alert tone="error">{problem.message}</Alert>
    );
  } else if (messages.data.length === 0) {
    content = <Alert tone="info">{MESSAGES.chatImport.noTextMessages}</Alert>;
  } else {
    const list = messages.data;
    const selected = list.filter((message) => selectedIds.includes(message.IdMessage));
    const allSelected = selected.length === list.length;

    const toggle = (message: ChatMessage, checked: boolean) => {
      setSelectionError(null);
      const others = selectedIds.filter((id) => id !== message.IdMessage);
      onSelectedIdsChange(checked ? [...others, message.IdMessage] : others);
    };
    const toggleAll = () => {
      setSelectionError(null);
      onSelectedIdsChange(allSelected ? [] : list.map((message) => message.IdMessage));
    };
    const importSelected = () => {
      if (selected.length === 0) {
        setSelectionError(MESSAGES.chatImport.selectAtLeastOne);
        return;
      }
      setSelectionError(null);
      onImport(selected);
    };

    content = (
      <>
        <StyledToolbar>
          <StyledCount aria-live="polite">
            {selected.length} de {list.length} selecionada(s)
          </StyledCount>
          <Button variant="ghost" size="sm" onClick={toggleAll} disabled={disabled}>
            {allSelected ? 'Limpar seleção' : 'Selecionar todas'}
          </Button>
        </StyledToolbar>
        <StyledList
          aria-labelledby={headingId}
          aria-describedby={selectionError ? errorId : undefined}
        >
          {list.map((message) => (
            <ChatMessageOption
              key={message.IdMessage}
              message={message}
              checked={selectedIds.includes(message.IdMessage)}
              onToggle={toggle}
              disabled={disabled}
            />
          ))}
        </StyledList>
        {selectionError ? (
          <StyledError id={errorId} role="alert">
            {selectionError}
          </StyledError>
        ) : null}
        <StyledFooter>
          <Button
            variant="secondary"
            size="sm"
            icon="plus"
            onClick={importSelected}
            disabled={disabled}
          >
            Importar mensagens selecionadas
          </Button>
        </StyledFooter>
      </>
    );
  }

  return (
    <StyledPanel aria-labelledby={headingId}>
      <StyledHeading id={headingId}>Mensagens do atendimento</StyledHeading>
      {content}
    </StyledPanel>
  );
}
