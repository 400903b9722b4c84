import { type FastifyInstance } from 'fastify';
import { type Services } from '@api/services';
import {
  dealCreateBody,
  dealProductCreateBody,
  dealProductRecord,
  dealProductUpdateBody,
  dealRecord,
  dealUpdateBody,
  noteCreateBody,
  noteRecord,
} from '@crm-panel/crm-model/schemas';
import { answered, param, type Written } from '@api/changes/describeChange';
import { crmPath, registerGetRoute, registerListRoute, registerWriteRoute } from './proxy';

/** A deal write that only sets its contacts is a change of the deal's contact list. */
const contactsOnly = ({ payload }: Written) =>
  Object.keys(payload).every((field) => field === 'contact_ids') ? 'dealContacts' : 'deal';

export function registerDealRoutes(app: FastifyInstance, services: Services): void {
  // A deal written here may have gained or lost a contact: scanned contact deals are stale.
  const forgetContactDeals = (systemKey: string) => services.lists.forgetContactDeals(systemKey);
  registerListRoute(app, services, {
    url: '/api/rdstation/deals',
    record: dealRecord,
    crmPath: () => '/deals',
    resource: 'deals',
    mode: 'scroll',
    remembers: 'deal',
    names: 'deal',
    tag: 'negociações',
    summary:
      'Lista negociações (filter RDQL, ordem, paginação; links.next quando há mais; contact_ids:"id" pela varredura das mais recentes)',
  });
  registerGetRoute(app, services, {
    url: '/api/rdstation/deals/:id',
    record: dealRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}`,
    remembers: 'deal',
    names: 'deal',
    tag: 'negociações',
    summary: 'Uma negociação',
  });
  registerWriteRoute(app, services, {
    method: 'POST',
    url: '/api/rdstation/deals',
    record: dealRecord,
    crmPath: () => '/deals',
    body: dealCreateBody,
    onWritten: forgetContactDeals,
    change: { type: 'deal', action: 'created', id: answered('id'), dealId: answered('id') },
    tag: 'negociações',
    summary: 'Cria uma negociação',
  });
  registerWriteRoute(app, services, {
    method: 'PUT',
    url: '/api/rdstation/deals/:id',
    record: dealRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}`,
    body: dealUpdateBody,
    onWritten: forgetContactDeals,
    change: {
      type: 'deal',
      publishedAs: contactsOnly,
      action: 'updated',
      id: param('id'),
      dealId: param('id'),
    },
    tag: 'negociações',
    summary: 'Atualiza uma negociação (corpo parcial)',
  });

  registerListRoute(app, services, {
    url: '/api/rdstation/deals/:id/notes',
    record: noteRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}/notes`,
    resource: 'notes',
    mode: 'whole',
    tag: 'notas',
    summary: 'Notas de uma negociação',
  });
  registerWriteRoute(app, services, {
    method: 'POST',
    url: '/api/rdstation/deals/:id/notes',
    record: noteRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}/notes`,
    body: noteCreateBody,
    // The author is the session's CRM user (identity/authorship.ts): the actor already says so.
    change: {
      type: 'note',
      action: 'created',
      id: answered('id'),
      dealId: param('id'),
      omit: ['user_id'],
    },
    tag: 'notas',
    summary: 'Cria uma nota na negociação',
  });

  registerListRoute(app, services, {
    url: '/api/rdstation/deals/:id/products',
    record: dealProductRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}/products`,
    resource: 'dealProducts',
    mode: 'whole',
    remembers: 'dealProduct',
    tag: 'produtos da negociação',
    summary: 'Produtos de uma negociação',
  });
  registerWriteRoute(app, services, {
    method: 'POST',
    url: '/api/rdstation/deals/:id/products',
    record: dealProductRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}/products`,
    body: dealProductCreateBody,
    change: { type: 'dealProduct', action: 'created', id: answered('id'), dealId: param('id') },
    tag: 'produtos da negociação',
    summary: 'Adiciona um produto à negociação',
  });
  registerWriteRoute(app, services, {
    method: 'PUT',
    url: '/api/rdstation/deals/:id/products/:productId',
    record: dealProductRecord,
    params: ['id', 'productId'],
    crmPath: ({ id = '', productId = '' }) => crmPath`/deals/${id}/products/${productId}`,
    body: dealProductUpdateBody,
    change: {
      type: 'dealProduct',
      action: 'updated',
      id: param('productId'),
      dealId: param('id'),
    },
    tag: 'produtos da negociação',
    summary: 'Atualiza um produto da negociação',
  });
  registerWriteRoute(app, services, {
    method: 'DELETE',
    url: '/api/rdstation/deals/:id/products/:productId',
    record: dealProductRecord,
    params: ['id', 'productId'],
    crmPath: ({ id = '', productId = '' }) => crmPath`/deals/${id}/products/${productId}`,
    change: {
      type: 'dealProduct',
      action: 'deleted',
      id: param('productId'),
      dealId: param('id'),
    },
    tag: 'produtos da negociação',
    summary: 'Remove um produto da negociação',
  });
}
