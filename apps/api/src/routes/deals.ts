import { type FastifyInstance } from 'fastify';
import { type Services } from '@api/services';
import {
  dealCreateBody,
  dealProductCreateBody,
  dealProductUpdateBody,
  dealUpdateBody,
  noteCreateBody,
} from '@crm-panel/crm-model/schemas';
import { crmPath, registerGetRoute, registerListRoute, registerWriteRoute } from './proxy';

export function registerDealRoutes(app: FastifyInstance, services: Services): void {
  // A deal written here may have gained or lost a contact: scanned contact deals are stale.
  const forgetContactDeals = (systemKey: string) => services.lists.forgetContactDeals(systemKey);
  registerListRoute(app, services, {
    url: '/api/rdstation/deals',
    crmPath: () => '/deals',
    resource: 'deals',
    mode: 'scroll',
    tag: 'negociações',
    summary:
      'Lista negociações (filter RDQL, ordem, paginação; links.next quando há mais; contact_ids:"id" pela varredura das mais recentes)',
  });
  registerGetRoute(app, services, {
    url: '/api/rdstation/deals/:id',
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}`,
    tag: 'negociações',
    summary: 'Uma negociação',
  });
  registerWriteRoute(app, services, {
    method: 'POST',
    url: '/api/rdstation/deals',
    crmPath: () => '/deals',
    body: dealCreateBody,
    onWritten: forgetContactDeals,
    tag: 'negociações',
    summary: 'Cria uma negociação',
  });
  registerWriteRoute(app, services, {
    method: 'PUT',
    url: '/api/rdstation/deals/:id',
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}`,
    body: dealUpdateBody,
    onWritten: forgetContactDeals,
    tag: 'negociações',
    summary: 'Atualiza uma negociação (corpo parcial)',
  });

  registerListRoute(app, services, {
    url: '/api/rdstation/deals/:id/notes',
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
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}/notes`,
    body: noteCreateBody,
    tag: 'notas',
    summary: 'Cria uma nota na negociação',
  });

  registerListRoute(app, services, {
    url: '/api/rdstation/deals/:id/products',
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}/products`,
    resource: 'dealProducts',
    mode: 'whole',
    tag: 'produtos da negociação',
    summary: 'Produtos de uma negociação',
  });
  registerWriteRoute(app, services, {
    method: 'POST',
    url: '/api/rdstation/deals/:id/products',
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}/products`,
    body: dealProductCreateBody,
    tag: 'produtos da negociação',
    summary: 'Adiciona um produto à negociação',
  });
  registerWriteRoute(app, services, {
    method: 'PUT',
    url: '/api/rdstation/deals/:id/products/:productId',
    params: ['id', 'productId'],
    crmPath: ({ id = '', productId = '' }) => crmPath`/deals/${id}/products/${productId}`,
    body: dealProductUpdateBody,
    tag: 'produtos da negociação',
    summary: 'Atualiza um produto da negociação',
  });
  registerWriteRoute(app, services, {
    method: 'DELETE',
    url: '/api/rdstation/deals/:id/products/:productId',
    params: ['id', 'productId'],
    crmPath: ({ id = '', productId = '' }) => crmPath`/deals/${id}/products/${productId}`,
    tag: 'produtos da negociação',
    summary: 'Remove um produto da negociação',
  });
}
