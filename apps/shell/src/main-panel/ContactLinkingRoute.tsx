import { Navigate } from '@crm-panel/contracts/router';
import { useQuery } from '@tanstack/react-query';
import { contactMappingQueryOptions } from '@crm-panel/api-client';
import { linkableHostContact } from '@crm-panel/crm-model';
import { useAttendance } from '@crm-panel/host-bridge';
import { Card, InlineError, Skeleton } from '@crm-panel/ui';
import { RemoteModule } from '@shell/federation/RemoteModule';

export const CONTACT_LOAD_ERROR = 'Erro ao carregar dados do contato';

/**
 * The read of a chat contact's CRM link: asked again whenever a chat opens (a link made or undone
 * elsewhere shows), its last answer shown meanwhile.
 */
export function contactMappingRead(hostContactId: string) {
  return { ...contactMappingQueryOptions(hostContactId), staleTime: 0 };
}

/** The chat contact's CRM link, read the same way by the panel and the linking page. */
export function useContactMapping(hostContactId: string | null) {
  return useQuery({ ...contactMappingRead(hostContactId ?? ''), enabled: hostContactId !== null });
}

export function ContactLoading() {
  return (
    <Card>
      <Skeleton lines={3} label="Carregando contato..." />
    </Card>
  );
}

/**
 * /contact-linking for the chat now open. The panel sends an unlinked chat here; this sends a
 * linked one back: an attendant who moves from an unlinked chat to a linked one (or focuses it
 * again) sees that chat's panel, not the linking page of a contact linked already.
 */
export function ContactLinkingRoute() {
  const { attendance } = useAttendance();
  const hostContactId = linkableHostContact(attendance)?.id ?? null;
  const mapping = useContactMapping(hostContactId);

  if (hostContactId !== null) {
    if (mapping.isError) {
      return <InlineError message={CONTACT_LOAD_ERROR} onRetry={() => void mapping.refetch()} />;
    }
    if (mapping.isPending) return <ContactLoading />;
    if (mapping.data.mapped) return <Navigate to="/" replace />;
  }
  return <RemoteModule id="contacts/ContactLinkingPage" label="Vincular contato" props={{}} />;
}
