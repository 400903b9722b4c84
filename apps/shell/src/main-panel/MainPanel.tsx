import { linkableHostContact } from '@crm-panel/crm-model';
import { useAttendance } from '@crm-panel/host-bridge';
import { usePreloadModule } from '@crm-panel/contracts/preloads';
import { Card, NoContactState } from '@crm-panel/ui';
import { useRemoteCode } from '@shell/federation/useRemoteCode';
import { ChatPanel } from './ChatPanel';
import { MAIN_PANEL_MODULES } from './mainPanelModules';

/** The main panel (/): the CRM side of the chat the attendant has open. */
export function MainPanel() {
  const { attendance } = useAttendance();
  // What every linked chat shows first, started with the panel rather than with the chat: the
  // code of its areas, and the account's reference data the 'Geral' tab reads whatever the deal
  // (its preload without a deal). A chat opened then waits only for its own contact and deal.
  useRemoteCode(MAIN_PANEL_MODULES);
  usePreloadModule('deal/DealGeneralTab', { dealId: null });
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
