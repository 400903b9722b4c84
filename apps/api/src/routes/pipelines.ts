import { type FastifyInstance } from 'fastify';
import { pipelineRecord, stageRecord } from '@crm-panel/crm-model/schemas';
import { type Services } from '@api/services';
import { crmPath, registerGetRoute, registerListRoute } from './proxy';

const TAG = 'funis';

export function registerPipelineRoutes(app: FastifyInstance, services: Services): void {
  registerListRoute(app, services, {
    url: '/api/rdstation/pipelines',
    record: pipelineRecord,
    crmPath: () => '/pipelines',
    resource: 'pipelines',
    mode: 'whole',
    cached: true,
    names: 'pipeline',
    tag: TAG,
    summary: 'Lista os funis de vendas',
  });
  registerGetRoute(app, services, {
    url: '/api/rdstation/pipelines/:id',
    record: pipelineRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/pipelines/${id}`,
    cached: true,
    names: 'pipeline',
    tag: TAG,
    summary: 'Um funil de vendas',
  });
  registerListRoute(app, services, {
    url: '/api/rdstation/pipelines/:id/stages',
    record: stageRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/pipelines/${id}/stages`,
    resource: 'stages',
    mode: 'whole',
    cached: true,
    names: 'stage',
    tag: TAG,
    summary: 'Etapas de um funil',
  });
  registerGetRoute(app, services, {
    url: '/api/rdstation/pipelines/:pipelineId/stages/:stageId',
    record: stageRecord,
    params: ['pipelineId', 'stageId'],
    crmPath: ({ pipelineId = '', stageId = '' }) =>
      crmPath`/pipelines/${pipelineId}/stages/${stageId}`,
    cached: true,
    names: 'stage',
    tag: TAG,
    summary: 'Uma etapa de um funil',
  });
}
