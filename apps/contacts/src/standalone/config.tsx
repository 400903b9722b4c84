import { buildModalUrl, MODAL_PATHS } from '@crm-panel/contracts';
import { type StandaloneConfig } from '@crm-panel/dev-harness';
import { FAKE_ATTENDANCE } from '@crm-panel/host-bridge/testing';
import { ContactEditForm } from '@contacts/exposed/ContactEditForm';
import { ContactLinkingPage } from '@contacts/exposed/ContactLinkingPage';
import { AttendanceSwitcher } from './AttendanceSwitcher';
import { DEMO_ATTENDANCES } from './demoAttendances';
import { HeaderDemo } from './HeaderDemo';

/** The contacts remote on its own: the contact header, contact linking and the edit form. */
export const standalone: StandaloneConfig = {
  name: 'contacts',
  views: [
    { to: '/', label: 'Cabeçalho do contato' },
    { to: '/contact-linking', label: 'Vincular contato' },
    {
      to: buildModalUrl('contact-edit', {
        contactId: 'contact-1',
        name: 'Maria Oliveira',
        organizationId: 'organization-1',
        organizationName: 'Acme Comércio Ltda',
      }),
      label: 'Editar contato',
    },
  ],
  routes: [
    { path: '/', element: <HeaderDemo /> },
    { path: '/contact-linking', element: <ContactLinkingPage /> },
  ],
  modalRoutes: [{ path: MODAL_PATHS['contact-edit'], element: <ContactEditForm /> }],
  attendance: DEMO_ATTENDANCES[0]?.attendance ?? FAKE_ATTENDANCE,
  controls: (host) => <AttendanceSwitcher host={host} />,
};
