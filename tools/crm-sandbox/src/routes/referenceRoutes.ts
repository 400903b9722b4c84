import { type FastifyInstance } from 'fastify';
import { notFound } from '@crm-sandbox/http/errors';
import * as defs from '@crm-sandbox/resources/definitions';
import { type ResourceDef } from '@crm-sandbox/resources/ResourceDef';
import { type AccountStore, type Collection } from '@crm-sandbox/store/AccountStore';
import { registerRecordRoutes } from './recordRoutes';
import { findOr404, type IdParams, respondList, type RouteDeps, storeOf } from './shared';

/** GET `path` and GET `path/:id` of reference data the API only reads. */
function readOnly<T extends { id: string }>(
  app: FastifyInstance,
  deps: RouteDeps,
  path: string,
  def: ResourceDef<T>,
  collection: (store: AccountStore) => Collection<T>,
): void {
  registerRecordRoutes(app, deps, { path, def, collection });
}

/** Lists and single reads of the reference data: users, sources, campaigns, pipelines, … */
export function registerReferenceRoutes(app: FastifyInstance, deps: RouteDeps): void {
  readOnly(app, deps, '/users', defs.users, (store) => store.users);
  readOnly(app, deps, '/sources', defs.sources, (store) => store.sources);
  readOnly(app, deps, '/campaigns', defs.campaigns, (store) => store.campaigns);
  readOnly(app, deps, '/lost_reasons', defs.lostReasons, (store) => store.lostReasons);
  readOnly(app, deps, '/segments', defs.segments, (store) => store.segments);
  readOnly(app, deps, '/custom_fields', defs.customFields, (store) => store.customFields);
  readOnly(app, deps, '/products', defs.products, (store) => store.products);
  readOnly(app, deps, '/pipelines', defs.pipelines, (store) => store.pipelines);

  app.get<IdParams>('/pipelines/:id/stages', async (request) => {
    const store = storeOf(request);
    const pipeline = findOr404(store.pipelines, request.params.id, 'Pipeline');
    return respondList(deps, request, defs.stages, store.stagesOf(pipeline.id));
  });
  app.get<{ Params: { id: string; stageId: string } }>(
    '/pipelines/:id/stages/:stageId',
    async (request) => {
      const store = storeOf(request);
      const pipeline = findOr404(store.pipelines, request.params.id, 'Pipeline');
      const stage = store.stages.get(request.params.stageId);
      if (!stage || stage.pipeline_id !== pipeline.id) {
        throw notFound('Stage', request.params.stageId);
      }
      return { data: defs.stages.serialize(stage, store) };
    },
  );
}
