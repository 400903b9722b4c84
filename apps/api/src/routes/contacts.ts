import { contactIdOf } from '@crm-panel/crm-model';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError } from '@api/errors';
import { recordOf } from '@api/http';
import { idText } from '@api/changes/recordNames';
import { API_MESSAGES } from '@api/messages';
import { identityOf, type Services } from '@api/services';
import {
  contactCreateBody,
  contactMappingAnswer,
  contactMappingBody,
  type ContactMappingBody,
  contactRecord,
  contactUpdateBody,
  contactWithMappingAnswer,
  contactWithMappingBody,
  type ContactWithMappingBody,
  hostIdParams,
  idParams,
  lastDealAnswer,
  lastDealBody,
  type LastDealBody,
} from '@crm-panel/crm-model/schemas';
import { answered, fieldChanges, param } from '@api/changes/describeChange';
import {
  headerOf,
  labellerOf,
  PANEL_CONTEXT_HEADERS,
  publishChange,
  publishWrite,
} from '@api/changes/publishChange';
import { crmPath, registerGetRoute, registerListRoute, registerWriteRoute } from './proxy';
import { crmRecordsSerializer, ownRouteSchema } from './schemas';

const TAG = 'contatos';

type ContactBody = Record<string, unknown> & {
  phones?: { phone: string; type?: string }[];
  emails?: { email: string; type?: string }[];
};

/**
 * The panel writes new phones as 'cellphone' and e-mails as 'work' (PRODUCT.md §5). v2 names that phone
 * type 'mobile' (work/fax/home/mobile), and its e-mails have no type at all
 * (crm-v2-create-contact.txt: `emails[{ email }]`), so the type is dropped. Everything else goes
 * as is, inside the v2 `{ data }` envelope. A null organization is refused before the CRM is
 * called: create-contact and update-contact type `organization_id` as a string id and document no
 * way to clear it (the contact edit form says so before sending; as a deal's null source).
 */
export function toCrmContact(body: Record<string, unknown>): { data: Record<string, unknown> } {
  if (body.organization_id === null) throw new ApiError(400, API_MESSAGES.organizationNotRemovable);
  const contact: ContactBody = { ...body };
  if (Array.isArray(contact.phones)) {
    contact.phones = contact.phones.map((phone) =>
      phone.type === 'cellphone' ? { ...phone, type: 'mobile' } : phone,
    );
  }
  if (Array.isArray(contact.emails)) {
    contact.emails = contact.emails.map(({ email }) => ({ email }));
  }
  return { data: contact };
}

export function registerContactRoutes(app: FastifyInstance, services: Services): void {
  const { repos } = services;

  /** The chat's (host) contact now points at `after` (a store write: `before` is the store's). */
  const publishMapping = (
    request: FastifyRequest,
    hostContactId: string,
    before: string | null,
    after: string,
  ) =>
    publishChange(request, services, {
      record: { type: 'contactMapping', id: hostContactId, dealId: null, contactId: after },
      action: before === null ? 'created' : 'updated',
      fields: fieldChanges(
        { rdstationContactId: after },
        { rdstationContactId: before },
        [],
        labellerOf(services, identityOf(request).systemKey, 'contactMapping'),
      ),
    });

  registerListRoute(app, services, {
    url: '/api/rdstation/contacts',
    record: contactRecord,
    crmPath: () => '/contacts',
    resource: 'contacts',
    mode: 'scroll',
    remembers: 'contact',
    names: 'contact',
    tag: TAG,
    summary:
      'Lista/busca contatos do CRM (nome, e-mail com sondagem de ~, telefone em todas as formas; paginação)',
  });
  registerWriteRoute(app, services, {
    method: 'POST',
    url: '/api/rdstation/contacts',
    record: contactRecord,
    crmPath: () => '/contacts',
    body: contactCreateBody,
    toCrmBody: toCrmContact,
    change: { type: 'contact', action: 'created', id: answered('id'), contactId: answered('id') },
    tag: TAG,
    summary: 'Cria um contato no CRM',
  });
  registerGetRoute(app, services, {
    url: '/api/rdstation/contacts/:id',
    record: contactRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/contacts/${id}`,
    remembers: 'contact',
    names: 'contact',
    tag: TAG,
    summary: 'Um contato do CRM',
  });
  registerWriteRoute(app, services, {
    method: 'PUT',
    url: '/api/rdstation/contacts/:id',
    record: contactRecord,
    params: ['id'],
    crmPath: ({ id = '' }) => crmPath`/contacts/${id}`,
    body: contactUpdateBody,
    toCrmBody: toCrmContact,
    change: { type: 'contact', action: 'updated', id: param('id'), contactId: param('id') },
    tag: TAG,
    summary: 'Atualiza um contato do CRM',
  });

  app.post<{ Body: ContactWithMappingBody }>(
    '/api/rdstation/contacts/with-mapping',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: TAG,
        summary: 'Cria um contato no CRM e o vincula ao contato do host',
        description:
          'Sem id (id ou _id) na resposta do CRM: 502 "Contato criado sem ID" e nenhum vínculo salvo.',
        body: contactWithMappingBody,
        answer: { 201: contactWithMappingAnswer },
      }),
      // The created contact goes back as the CRM answered it.
      serializerCompiler: crmRecordsSerializer,
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const { contact, contactId } = request.body;
      const body = await services.crm.request(identity, {
        method: 'POST',
        path: '/contacts',
        body: toCrmContact({ ...contact }),
      });
      const created = recordOf(body);
      const rdstationContactId = created
        ? contactIdOf(created as { id?: string | number | null; _id?: string | number | null })
        : null;
      if (!created || !rdstationContactId) {
        request.log.warn('CRM criou um contato sem id; vínculo não salvo');
        throw new ApiError(502, API_MESSAGES.contactWithoutId);
      }
      const hostContactId = contactId.trim();
      const before = await repos.mappings.getMapping(identity.systemKey, hostContactId);
      await repos.mappings.saveMapping(identity.systemKey, hostContactId, rdstationContactId);
      await publishWrite(
        request,
        services,
        {
          type: 'contact',
          action: 'created',
          id: () => rdstationContactId,
          contactId: () => rdstationContactId,
        },
        { params: {}, payload: { ...contact }, record: created },
      );
      await publishMapping(request, hostContactId, before, rdstationContactId);
      return reply.code(201).send({ data: { success: true, contact: created } });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/rdstation/contact-mapping/:id',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: TAG,
        summary: 'Contato do CRM vinculado a um contato do host',
        params: hostIdParams,
        answer: { 200: contactMappingAnswer },
        refusals: [400],
      }),
    },
    async (request) => {
      const identity = identityOf(request);
      const rdstationContactId = await repos.mappings.getMapping(
        identity.systemKey,
        request.params.id,
      );
      if (rdstationContactId === null) return { data: { mapped: false, rdstationContactId } };
      // The panel's next reads are this contact and its last deal (crm/readAhead.ts): start them,
      // and answer the last deal too, so the panel asks for the deal without one more round trip.
      // The contact's organization comes after the contact: it is read as soon as the contact
      // answers here, while the contact travels to the panel and its header renders.
      const lastDealId = await repos.mappings.getLastDeal(identity.systemKey, rdstationContactId);
      const tab = headerOf(request, PANEL_CONTEXT_HEADERS.tab);
      if (lastDealId !== null) services.crm.readAhead(identity, crmPath`/deals/${lastDealId}`, tab);
      services.crm.readAhead(identity, crmPath`/contacts/${rdstationContactId}`, tab, (answer) => {
        const organizationId = idText(recordOf(answer)?.organization_id);
        if (organizationId !== null)
          services.crm.readAhead(identity, crmPath`/organizations/${organizationId}`, tab);
      });
      return { data: { mapped: true, rdstationContactId, lastDealId } };
    },
  );

  app.post<{ Body: ContactMappingBody }>(
    '/api/rdstation/contact-mapping',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: TAG,
        summary: 'Vincula um contato do host a um contato do CRM',
        body: contactMappingBody,
        answer: { 200: contactMappingAnswer },
        refusals: [400],
      }),
    },
    async (request) => {
      const { systemKey } = identityOf(request);
      const { contactId, rdstationContactId } = request.body;
      const before = await repos.mappings.getMapping(systemKey, contactId);
      await repos.mappings.saveMapping(systemKey, contactId, rdstationContactId);
      await publishMapping(request, contactId, before, rdstationContactId);
      return { data: { mapped: true, rdstationContactId } };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/rdstation/contact/:id/last-deal',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: TAG,
        summary: 'Última negociação selecionada para um contato do CRM',
        params: idParams('id'),
        answer: { 200: lastDealAnswer },
        refusals: [400],
      }),
    },
    async (request) => {
      const { systemKey } = identityOf(request);
      return { dealId: await repos.mappings.getLastDeal(systemKey, request.params.id) };
    },
  );

  app.post<{ Params: { id: string }; Body: LastDealBody }>(
    '/api/rdstation/contact/:id/last-deal',
    {
      config: { access: 'crm' },
      schema: ownRouteSchema({
        tag: TAG,
        summary: 'Guarda (ou limpa, com null) a última negociação selecionada',
        params: idParams('id'),
        body: lastDealBody,
        answer: { 200: lastDealAnswer },
        refusals: [400],
      }),
    },
    async (request) => {
      const { systemKey } = identityOf(request);
      const contact = request.params.id;
      const before = await repos.mappings.getLastDeal(systemKey, contact);
      await repos.mappings.saveLastDeal(systemKey, contact, request.body.dealId);
      await publishChange(request, services, {
        record: { type: 'lastDeal', id: contact, dealId: request.body.dealId, contactId: contact },
        action: before === null ? 'created' : 'updated',
        fields: fieldChanges(
          { dealId: request.body.dealId },
          { dealId: before },
          [],
          labellerOf(services, systemKey, 'lastDeal'),
        ),
      });
      return { dealId: request.body.dealId };
    },
  );
}
