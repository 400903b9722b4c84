import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from '@crm-panel/contracts/router';
import { linkableHostContact } from '@crm-panel/crm-model';
import { useAttendance } from '@crm-panel/host-bridge';
import { type LinkedHandler } from '../linking';
import { LinkingContent } from './LinkingContent';
import { LinkingUnavailable } from './LinkingUnavailable';

/**
 * /contact-linking: the current chat's contact has no CRM contact yet. Offers likely matches,
 * a search, and a form to create one; any of them links it and returns to the panel.
 */
export function ContactLinkingPage() {
  const { attendance } = useAttendance();
  const navigate = useNavigate();
  // A visitor the host knows by name or phone only is linkable too (keyed by the attendance).
  const hostContact = linkableHostContact(attendance);
  const hostContactId = hostContact?.id ?? null;

  // A link answered after the attendant moved to another chat (or left the page) must not send
  // them to the panel of the chat now open.
  const currentHostContactId = useRef(hostContactId);
  const mounted = useRef(false);
  useEffect(() => {
    currentHostContactId.current = hostContactId;
  }, [hostContactId]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const onLinked = useCallback<LinkedHandler>(
    (linkedHostContactId) => {
      // The link is in the cache already (the write's rule): the shell opens the panel at once.
      if (mounted.current && currentHostContactId.current === linkedHostContactId) navigate('/');
    },
    [navigate],
  );

  // The same message as the main panel's for the same situation.
  if (!hostContact) return <LinkingUnavailable hasAttendance={attendance !== null} />;
  // Keyed by the chat's contact: switching chats starts from that chat's own data.
  return <LinkingContent key={hostContact.id} hostContact={hostContact} onLinked={onLinked} />;
}
