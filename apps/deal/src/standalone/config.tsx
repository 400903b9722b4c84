import { buildModalUrl, MODAL_PATHS } from '@crm-panel/contracts';
import { type StandaloneConfig } from '@crm-panel/dev-harness';
import { DealCreateForm } from '@deal/exposed/DealCreateForm';
import { DealPanelDemo } from './DealPanelDemo';

/** The deal remote on its own: toolbar, Geral tab and the create-deal form over the mock api. */
export const standalone: StandaloneConfig = {
  name: 'deal',
  views: [
    { to: '/', label: 'Barra e aba Geral' },
    {
      to: buildModalUrl('deal-create', { contactId: 'contact-1' }),
      label: 'Criar Negociação (página)',
    },
  ],
  routes: [{ path: '*', element: <DealPanelDemo /> }],
  modalRoutes: [{ path: MODAL_PATHS['deal-create'], element: <DealCreateForm /> }],
  failures: [
    {
      label: 'Simular falha ao carregar a negociação',
      method: 'get',
      path: '/api/rdstation/deals/:id',
    },
  ],
};
