import { notFound } from '@crm-sandbox/http/errors';
import * as defs from '@crm-sandbox/resources/definitions';
import { type ResourceDef } from '@crm-sandbox/resources/ResourceDef';
import { type Knobs } from '@crm-sandbox/knobs';
import { type SandboxRuntime } from '@crm-sandbox/runtime';
import { type ChangeRequest, type ChangeResult } from '@crm-sandbox/types';
import { type AccountStore, type Collection } from '@crm-sandbox/store/AccountStore';
import { type WebhookEntity } from '@crm-sandbox/store/records';
import { readContact, readOrganization } from '@crm-sandbox/writes/contactWrites';
import { createDeal, updateDeal } from '@crm-sandbox/writes/dealWrites';
import { readDescribed, readLostReason, readProduct } from '@crm-sandbox/writes/referenceWrites';
import { createTask, updateTask } from '@crm-sandbox/writes/taskWrites';

// POST /__admin/change: a change made "in the CRM itself" (RD's web app, another integration),
// which the panel learns about only through webhooks. Same checks as the API's writes.

type Json = Record<string, unknown>;

interface ChangeHandler {
  entity: WebhookEntity;
  /** Creates (no id) or updates; answers the record as the v2 API shows it. */
  write(
    store: AccountStore,
    id: string | undefined,
    data: Json,
    callerId: string,
    knobs: Knobs,
  ): object & { id: string };
  remove(store: AccountStore, id: string): { id: string; name: string };
}

function handler<T extends { id: string; name: string }>(
  entity: WebhookEntity,
  def: ResourceDef<T>,
  collection: (store: AccountStore) => Collection<T>,
  write: (
    store: AccountStore,
    data: Json,
    current: T | undefined,
    callerId: string,
    knobs: Knobs,
  ) => T,
  remove: (store: AccountStore, id: string) => void = (store, id) => {
    collection(store).delete(id);
  },
): ChangeHandler {
  const find = (store: AccountStore, id: string): T => {
    const record = collection(store).get(id);
    if (!record) throw notFound(def.entity, id);
    return record;
  };
  return {
    entity,
    write(store, id, data, callerId, knobs) {
      const current = id === undefined ? undefined : find(store, id);
      const record = collection(store).insert(write(store, data, current, callerId, knobs));
      return { ...def.serialize(record, store), id: record.id };
    },
    remove(store, id) {
      const { name } = find(store, id);
      remove(store, id);
      return { id, name };
    },
  };
}

export const CHANGE_HANDLERS: Record<string, ChangeHandler> = {
  deals: handler(
    'deal',
    defs.deals,
    (store) => store.deals,
    (store, data, current, _callerId, knobs) => {
      const reading = { emptyValues: knobs.dealEmptyValues };
      return current ? updateDeal(store, current, data, reading) : createDeal(store, data, reading);
    },
    (store, id) => store.deleteDeal(id),
  ),
  contacts: handler(
    'contact',
    defs.contacts,
    (store) => store.contacts,
    (store, data, current, _callerId, knobs) =>
      readContact(store, data, current, { organizationNull: knobs.contactOrganizationNull }),
    (store, id) => store.deleteContact(id),
  ),
  organizations: handler(
    'organization',
    defs.organizations,
    (store) => store.organizations,
    (store, data, current) => readOrganization(store, data, current),
    (store, id) => store.deleteOrganization(id),
  ),
  tasks: handler(
    'task',
    defs.tasks,
    (store) => store.tasks,
    (store, data, current, callerId) =>
      current ? updateTask(store, current, data, callerId) : createTask(store, data, callerId),
  ),
  products: handler('product', defs.products, (store) => store.products, readProduct),
  sources: handler('source', defs.sources, (store) => store.sources, readDescribed),
  campaigns: handler('campaign', defs.campaigns, (store) => store.campaigns, readDescribed),
  lost_reasons: handler(
    'lost_reason',
    defs.lostReasons,
    (store) => store.lostReasons,
    readLostReason,
  ),
};

/** Applies one change and fires its webhook event; throws Error or ApiError on bad input. */
export function applyChange(runtime: SandboxRuntime, change: ChangeRequest): ChangeResult {
  const account = runtime.accounts.get(change.account);
  if (!account) {
    throw new Error(
      `Unknown account '${change.account}' (known: ${[...runtime.accounts.keys()].join(', ')})`,
    );
  }
  const handle = CHANGE_HANDLERS[change.resource];
  if (!handle) {
    throw new Error(
      `Unknown resource '${change.resource}' (known: ${Object.keys(CHANGE_HANDLERS).join(', ')})`,
    );
  }
  const { store } = account;
  if (change.delete) {
    if (change.id === undefined) throw new Error('A delete needs the record id');
    const deleted = handle.remove(store, change.id);
    runtime.webhooks.emitDeleted(account, handle.entity, deleted);
    return { deleted, events: [`crm_${handle.entity}_deleted`] };
  }
  if (change.data === undefined) throw new Error('A create or update needs a data object');
  const users = store.users.all();
  const caller =
    change.as === undefined
      ? users.find((user) => user.active)
      : users.find((user) => user.email.toLowerCase() === change.as?.toLowerCase());
  if (!caller) throw new Error(`No user '${change.as ?? ''}' in account '${account.name}'`);
  const data = handle.write(store, change.id, change.data, caller.id, runtime.gate.knobs);
  const action = change.id === undefined ? 'created' : 'updated';
  runtime.webhooks.emit(account, handle.entity, action, data.id);
  return { data, events: [`crm_${handle.entity}_${action}`] };
}
