import { type FastifyInstance } from 'fastify';
import { type Services } from '../services';
import {
  dealCreateBody,
  dealProductCreateBody,
  dealProductUpdateBody,
  dealUpdateBody,
  noteCreateBody,
} from './bodies';
import { crmPath, registerGetRoute, registerListRoute, registerWriteRoute } from './proxy';

export function registerDealRoutes(app: FastifyInstance, services: Services): void {
  registerListRoute(app, services, {
    url: '/api/rdstation/deals',
    crmPath: () => '/deals',
    tag: 'negociações',
    summary: 'Lista negociações (filter RDQL, ordem, paginação; links.next quando há mais)',
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
    tag: 'negociações',
    summary: 'Cria uma negociação',
  });
  registerWriteRoute(app, services, {
    method: 'PUT',
    url: '/api/rdstation/deals/:id',
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}`,
    body: dealUpdateBody,
    tag: 'negociações',
    summary: 'Atualiza uma negociação (corpo parcial)',
  });

  registerListRoute(app, services, {
    url: '/api/rdstation/deals/:id/notes',
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/deals/${id}/notes`,
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
