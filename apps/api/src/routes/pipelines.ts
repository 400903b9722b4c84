import { type FastifyInstance } from 'fastify';
import { type Services } from '@api/services';
import { crmPath, registerGetRoute, registerListRoute } from './proxy';

const TAG = 'funis';

export function registerPipelineRoutes(app: FastifyInstance, services: Services): void {
  registerListRoute(app, services, {
    url: '/api/rdstation/pipelines',
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
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/pipelines/${id}`,
    cached: true,
    names: 'pipeline',
    tag: TAG,
    summary: 'Um funil de vendas',
  });
  registerListRoute(app, services, {
    url: '/api/rdstation/pipelines/:id/stages',
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
    params: ['pipelineId', 'stageId'],
    crmPath: ({ pipelineId = '', stageId = '' }) =>
      crmPath`/pipelines/${pipelineId}/stages/${stageId}`,
    cached: true,
    names: 'stage',
    tag: TAG,
    summary: 'Uma etapa de um funil',
  });
}
