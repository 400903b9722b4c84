import { useAttendance } from '@crm-panel/host-bridge';
import { Card, EmptyState } from '@crm-panel/ui';
import { ChatPanel } from './ChatPanel';

/** The main panel (/): the CRM side of the chat the attendant has open. */
export function MainPanel() {
  const { attendance } = useAttendance();
  const hostContactId = attendance?.contato?.id;
  if (!attendance || !hostContactId) {
    return (
      <Card>
        <EmptyState icon="user" title="Nenhum contato selecionado" />
      </Card>
    );
  }
  // A new chat is a new panel: nothing of the previous chat's state or answers can land here.
  return (
    <ChatPanel
      key={`${attendance.atendimentoId}:${hostContactId}`}
      chatKey={attendance.atendimentoId}
      hostContactId={hostContactId}
    />
  );
}
