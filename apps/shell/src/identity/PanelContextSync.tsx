import { useEffect } from 'react';
import { setPanelContext } from '@crm-panel/api-client';
import { useAttendance } from '@crm-panel/host-bridge';

/**
 * Tells the api client which attendance and chat channel the panel shows, so every write says
 * where it was made from (the audit trail, issue 15). Cleared when no attendance is open.
 */
export function PanelContextSync() {
  const { attendance } = useAttendance();
  useEffect(() => {
    setPanelContext({
      attendanceId: attendance?.atendimentoId ?? null,
      chatId: attendance?.canalId ?? null,
    });
  }, [attendance]);
  return null;
}
