import { useEffect, useState } from 'react';
import { setPanelContext, sharedPanelContext, sharePanelContext } from '@crm-panel/api-client';
import { type HostChannel, modalRouteFromPath } from '@crm-panel/contracts';
import { useLocation } from '@crm-panel/contracts/router';
import { useAttendance, useHostAdapter } from '@crm-panel/host-bridge';

/**
 * The host's channels (getInfoChannels), asked once per panel: the history names the channel of a
 * write by them. A host that cannot answer leaves the list empty (the history then shows the id).
 */
function useHostChannels(): HostChannel[] {
  const adapter = useHostAdapter();
  const [channels, setChannels] = useState<HostChannel[]>([]);
  useEffect(() => {
    let live = true;
    adapter.getInfoChannels().then(
      (list) => {
        if (live) setChannels(list);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [adapter]);
  return channels;
}

/**
 * Tells the api client which attendance and chat channel the panel shows, by id and by the names a
 * person reads (the attendance's contact as the host names it, the channel's name), so every write
 * says where it was made from (the audit trail). Cleared when no attendance is open.
 *
 * A form (a modal route) is often a document of its own whose host says nothing about the
 * attendance (Novus tells only the drawer's plugin; a popup has no host): there the write belongs
 * to the chat of the side panel that opened it, which the panel shares for its forms.
 */
export function PanelContextSync() {
  const { attendance } = useAttendance();
  const channels = useHostChannels();
  const isForm = modalRouteFromPath(useLocation().pathname) !== null;
  useEffect(() => {
    const chatId = attendance?.canalId || null;
    const own = {
      attendanceId: attendance?.atendimentoId ?? null,
      chatId,
      contactName: attendance?.contato?.nome || null,
      channelName: channels.find((channel) => channel.id === chatId)?.nome ?? null,
    };
    if (isForm) {
      setPanelContext(own.attendanceId ? own : (sharedPanelContext() ?? own));
      return;
    }
    setPanelContext(own);
    sharePanelContext(own);
  }, [attendance, channels, isForm]);
  return null;
}
