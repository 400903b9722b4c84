import { linkableHostContact } from '@crm-panel/crm-model';
import { useAttendance } from '@crm-panel/host-bridge';
import { Card, NoContactState } from '@crm-panel/ui';
import { ChatPanel } from './ChatPanel';

/** The main panel (/): the CRM side of the chat the attendant has open. */
export function MainPanel() {
  const { attendance } = useAttendance();
  // A visitor the host knows by name or phone only is linkable too (keyed by the attendance).
  const hostContact = linkableHostContact(attendance);
  if (!attendance || !hostContact) {
    return (
      <Card>
        <NoContactState hasAttendance={attendance !== null} />
      </Card>
    );
  }
  // A new chat is a new panel: nothing of the previous chat's state or answers can land here.
  return (
    <ChatPanel
      key={`${attendance.atendimentoId}:${hostContact.id}`}
      chatKey={attendance.atendimentoId}
      hostContactId={hostContact.id}
    />
  );
}
