import { useEffect } from 'react';
import { setPanelContext, sharedPanelContext, sharePanelContext } from '@crm-panel/api-client';
import { modalRouteFromPath } from '@crm-panel/contracts';
import { useLocation } from '@crm-panel/contracts/router';
import { useAttendance } from '@crm-panel/host-bridge';

/**
 * Tells the api client which attendance and chat channel the panel shows, so every write says
 * where it was made from (the audit trail). Cleared when no attendance is open.
 *
 * A form (a modal route) is often a document of its own whose host says nothing about the
 * attendance (Novus tells only the drawer's plugin; a popup has no host): there the write belongs
 * to the chat of the side panel that opened it, which the panel shares for its forms.
 */
export function PanelContextSync() {
  const { attendance } = useAttendance();
  const isForm = modalRouteFromPath(useLocation().pathname) !== null;
  useEffect(() => {
    const own = {
      attendanceId: attendance?.atendimentoId ?? null,
      chatId: attendance?.canalId ?? null,
    };
    if (isForm) {
      setPanelContext(own.attendanceId ? own : (sharedPanelContext() ?? own));
      return;
    }
    setPanelContext(own);
    sharePanelContext(own);
  }, [attendance, isForm]);
  return null;
}
