import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError } from '@api/errors';
import { isRecord } from '@api/http';
import { API_MESSAGES } from '@api/messages';
import { identityOf, type Services } from '@api/services';
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

/**
 * A pipeline move as the panel sends it (`{ pipeline_id, stage_id: null }`, PRODUCT.md §7) as RD
 * takes it: RD's update page types `stage_id` as a string and documents no null (a deal always
 * occupies a stage), so the api names the new pipeline's first stage, where the move lands, from
 * the tenant's kept reference data. A pipeline with no stage is refused before any write, and so
 * is a null source (RD documents no way to clear it).
 */
function pipelineMoveResolver(services: Services) {
  return async (request: FastifyRequest, body: Record<string, unknown>) => {
    if (body.source_id === null) throw new ApiError(400, API_MESSAGES.sourceNotRemovable);
    if (body.stage_id !== null) return body;
    const pipelineId = body.pipeline_id;
    if (typeof pipelineId !== 'string') throw new ApiError(400, API_MESSAGES.stageRequired);
    const stages = await services.lists.list(
      { identity: identityOf(request), log: request.log, refresh: false },
      {
        resource: 'stages',
        crmPath: crmPath`/pipelines/${pipelineId}/stages`,
        mode: 'whole',
        cached: true,
        query: {},
        panelPath: `/api/rdstation/pipelines/${pipelineId}/stages`,
      },
    );
    const first = stages.data[0];
    const firstId = isRecord(first) ? first.id : undefined;
    if (typeof firstId !== 'string') throw new ApiError(400, API_MESSAGES.pipelineWithoutStages);
    return { ...body, stage_id: firstId };
  };
}

export function registerDealRoutes(app: FastifyInstance, services: Services): void {
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
    resolve: pipelineMoveResolver(services),
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
