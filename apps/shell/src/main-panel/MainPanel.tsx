import { useFetchQuery } from '@crm-panel/api-client';
import { linkableHostContact } from '@crm-panel/crm-model';
import { useAttendance, useAttendanceOpened } from '@crm-panel/host-bridge';
import { usePreloadModule } from '@crm-panel/contracts/preloads';
import { Card, NoContactState } from '@crm-panel/ui';
import { CrmWaitingNotice } from '@shell/crm-waiting/CrmWaitingNotice';
import { useRemoteCode } from '@shell/federation/useRemoteCode';
import { ChatPanel } from './ChatPanel';
import { contactMappingRead } from './ContactLinkingRoute';
import { MAIN_PANEL_MODULES } from './mainPanelModules';

/** The main panel (/): the CRM side of the chat the attendant has open. */
export function MainPanel() {
  const { attendance } = useAttendance();
  // What every linked chat shows first, started with the panel rather than with the chat: the
  // code of its areas, and the account's reference data the 'Geral' tab reads whatever the deal
  // (its preload without a deal). A chat opened then waits only for its own contact and deal.
  useRemoteCode(MAIN_PANEL_MODULES);
  usePreloadModule('deal/DealGeneralTab', { dealId: null });
  // A chat's first read is its CRM link, and the deal waits for it: it leaves in the host's open
  // event, before the panel renders the chat (whose own read of it then finds it in flight).
  // A failure is the chat's to show (its own read of the link then fails the same way).
  const fetchQuery = useFetchQuery();
  useAttendanceOpened((opened) => {
    const contact = linkableHostContact(opened);
    if (contact) fetchQuery(contactMappingRead(contact.id)).catch(() => undefined);
  });
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
    <>
      {/* A read or write waiting out a busy CRM says so; the panel goes on by itself. */}
      <CrmWaitingNotice />
      <ChatPanel
        key={`${attendance.atendimentoId}:${hostContact.id}`}
        chatKey={attendance.atendimentoId}
        hostContactId={hostContact.id}
      />
    </>
  );
}
