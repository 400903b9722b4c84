import { type FastifyInstance } from 'fastify';
import { readData } from '@crm-sandbox/http/BodyReader';
import * as defs from '@crm-sandbox/resources/definitions';
import { readContact, readOrganization } from '@crm-sandbox/writes/contactWrites';
import { created, findOr404, type IdParams, respondList, type RouteDeps, storeOf } from './shared';

export function registerContactRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const reading = () => ({ organizationNull: deps.knobs().contactOrganizationNull });
  app.get('/contacts', async (request) =>
    respondList(deps, request, defs.contacts, storeOf(request).contacts.all()),
  );
  app.get<IdParams>('/contacts/:id', async (request) => {
    const store = storeOf(request);
    return {
      data: defs.contacts.serialize(findOr404(store.contacts, request.params.id, 'Contact'), store),
    };
  });
  app.post('/contacts', async (request, reply) => {
    const store = storeOf(request);
    const contact = store.contacts.insert(
      readContact(store, readData(request.body), undefined, reading()),
    );
    deps.emit(request, 'contact', 'created', contact.id);
    return created(reply, defs.contacts.serialize(contact, store));
  });
  app.put<IdParams>('/contacts/:id', async (request) => {
    const store = storeOf(request);
    const current = findOr404(store.contacts, request.params.id, 'Contact');
    const contact = store.contacts.insert(
      readContact(store, readData(request.body), current, reading()),
    );
    deps.emit(request, 'contact', 'updated', contact.id);
    return { data: defs.contacts.serialize(contact, store) };
  });

  app.get('/organizations', async (request) =>
    respondList(deps, request, defs.organizations, storeOf(request).organizations.all()),
  );
  app.get<IdParams>('/organizations/:id', async (request) => {
    const store = storeOf(request);
    const organization = findOr404(store.organizations, request.params.id, 'Organization');
    return { data: defs.organizations.serialize(organization, store) };
  });
  app.post('/organizations', async (request, reply) => {
    const store = storeOf(request);
    const organization = store.organizations.insert(
      readOrganization(store, readData(request.body)),
    );
    deps.emit(request, 'organization', 'created', organization.id);
    return created(reply, defs.organizations.serialize(organization, store));
  });
  app.put<IdParams>('/organizations/:id', async (request) => {
    const store = storeOf(request);
    const current = findOr404(store.organizations, request.params.id, 'Organization');
    const organization = store.organizations.insert(
      readOrganization(store, readData(request.body), current),
    );
    deps.emit(request, 'organization', 'updated', organization.id);
    return { data: defs.organizations.serialize(organization, store) };
  });
}
