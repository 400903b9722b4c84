import { type FastifyInstance } from 'fastify';
import * as defs from '@crm-sandbox/resources/definitions';
import { readContact, readOrganization } from '@crm-sandbox/writes/contactWrites';
import { registerRecordRoutes } from './recordRoutes';
import { type RouteDeps } from './shared';

export function registerContactRoutes(app: FastifyInstance, deps: RouteDeps): void {
  // Whether a null organization_id is taken is read from the knobs at each write.
  const reading = () => ({ organizationNull: deps.knobs().contactOrganizationNull });
  registerRecordRoutes(app, deps, {
    path: '/contacts',
    def: defs.contacts,
    collection: (store) => store.contacts,
    writes: {
      read: (store, data, current) => readContact(store, data, current, reading()),
      webhook: 'contact',
    },
  });
  registerRecordRoutes(app, deps, {
    path: '/organizations',
    def: defs.organizations,
    collection: (store) => store.organizations,
    writes: { read: readOrganization, webhook: 'organization' },
  });
}
