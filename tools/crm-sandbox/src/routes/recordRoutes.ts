import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { readData } from '@crm-sandbox/http/BodyReader';
import { type ResourceDef } from '@crm-sandbox/resources/ResourceDef';
import { type AccountStore, type Collection } from '@crm-sandbox/store/AccountStore';
import { type WebhookEntity } from '@crm-sandbox/store/records';
import { created, findOr404, type IdParams, respondList, type RouteDeps, storeOf } from './shared';

type Data = Record<string, unknown>;

/**
 * How one resource's records are written: what its reference page lets a POST and a PUT take.
 * Either one reader for both (`current` is the record a PUT changes), or one for each.
 */
export type RecordWrites<T> = (
  | {
      /** The record `data` makes: a new one, or `current` changed (its checks throw the 4xx). */
      read: (store: AccountStore, data: Data, current?: T) => T;
    }
  | {
      /** The new record a POST's `data` makes. */
      create: (store: AccountStore, data: Data, request: FastifyRequest) => T;
      /** The record a PUT's `data` makes of `current`. */
      update: (store: AccountStore, current: T, data: Data, request: FastifyRequest) => T;
    }
) & {
  /** The entity whose `crm_<entity>_created` / `_updated` webhooks a write fires, if any. */
  webhook?: WebhookEntity;
};

export interface RecordResource<T extends { id: string }> {
  /** `/contacts`: the list is GET `path`, a record GET (and PUT) `path/:id`. */
  path: string;
  def: ResourceDef<T>;
  collection: (store: AccountStore) => Collection<T>;
  writes?: RecordWrites<T>;
}

/** A PUT of one record: the record after it, as `{ data }`. */
export type UpdateHandler = (request: FastifyRequest<IdParams>) => Promise<{ data: object }>;

/**
 * The list and the single read of a resource and, when it has `writes`, its POST (201) and PUT,
 * each answered with the record as a read shows it. An unknown id is a 404 before the body is
 * read. Returns the PUT's handler (null without writes), for a route that does the same.
 */
export function registerRecordRoutes<T extends { id: string }>(
  app: FastifyInstance,
  deps: RouteDeps,
  resource: RecordResource<T> & { writes: RecordWrites<T> },
): UpdateHandler;
export function registerRecordRoutes<T extends { id: string }>(
  app: FastifyInstance,
  deps: RouteDeps,
  resource: RecordResource<T>,
): UpdateHandler | null;
export function registerRecordRoutes<T extends { id: string }>(
  app: FastifyInstance,
  deps: RouteDeps,
  { path, def, collection, writes }: RecordResource<T>,
): UpdateHandler | null {
  app.get(path, async (request) =>
    respondList(deps, request, def, collection(storeOf(request)).all()),
  );
  app.get<IdParams>(`${path}/:id`, async (request) => {
    const store = storeOf(request);
    return {
      data: def.serialize(findOr404(collection(store), request.params.id, def.entity), store),
    };
  });
  if (!writes) return null;

  const { create, update: change } =
    'read' in writes
      ? {
          create: (store: AccountStore, data: Data) => writes.read(store, data),
          update: (store: AccountStore, current: T, data: Data) =>
            writes.read(store, data, current),
        }
      : writes;
  const report = (request: FastifyRequest, action: 'created' | 'updated', id: string) => {
    if (writes.webhook) deps.emit(request, writes.webhook, action, id);
  };
  app.post(path, async (request, reply) => {
    const store = storeOf(request);
    const record = collection(store).insert(create(store, readData(request.body), request));
    report(request, 'created', record.id);
    return created(reply, def.serialize(record, store));
  });
  const update: UpdateHandler = async (request) => {
    const store = storeOf(request);
    const current = findOr404(collection(store), request.params.id, def.entity);
    const record = collection(store).insert(
      change(store, current, readData(request.body), request),
    );
    report(request, 'updated', record.id);
    return { data: def.serialize(record, store) };
  };
  app.put<IdParams>(`${path}/:id`, update);
  return update;
}
