import { parseBody } from '@api-client/client/http';
import { isSessionPath } from '@api-client/client/session';
import { type CredentialsPayload } from '@crm-panel/crm-model';
import {
  acceptTerms,
  completeTask,
  createContact,
  createContactWithMapping,
  createDeal,
  createDealNote,
  createDealProduct,
  createTask,
  deleteDealProduct,
  getAuthStatus,
  getChatMessages,
  getContact,
  getContactMapping,
  getCredentialsStatus,
  getDeal,
  getLastDeal,
  getOrganization,
  getProduct,
  getTask,
  getTermsStatus,
  getUserProfile,
  listCampaigns,
  listContacts,
  listCustomFields,
  listDealNotes,
  listDealProducts,
  listDeals,
  listLostReasons,
  listOrganizations,
  listPipelines,
  listProducts,
  listSources,
  listStages,
  listTasks,
  listUsers,
  saveContactMapping,
  saveCredentials,
  saveLastDeal,
  startAuth,
  updateContact,
  updateDeal,
  updateDealProduct,
  updateTask,
} from '@crm-panel/api-client';

// The calls the contract test makes, the same on both sides. Every id comes from a list call of
// that side (or from a record the side just created), so each call refers to records that exist
// there. A call's answer is what the resource function resolves with; its wire answer is the
// body the api sent (the envelope, links, …), read from a copy of each answer `fetch` gives the
// client (the client calls the global fetch at call time, so wrapping it sees every call).

/** What differs between the sides: the credentials, the CRM sign-in and the host's ids. */
export interface SideWorld {
  /** What the admin types in the credentials form on that side. */
  credentials: CredentialsPayload;
  /** The sign-in window's part, from auth/start's URL to a CRM session for the user. */
  signIn(authUrl: string): Promise<void>;
  chatId: string;
  channelId: string;
  /** A host contact id not mapped yet on that side. */
  hostContactId: string;
}

export interface CallAnswer {
  /** What the resource function resolved with (undefined for void calls). */
  result: unknown;
  /** The body of the call's last HTTP answer (session calls left out); undefined: none came. */
  wire: unknown;
}

/** The names of the compared calls, in the order they are made. */
export const CALL_NAMES = [
  'acceptTerms',
  'saveCredentials',
  'startAuth',
  'getTermsStatus',
  'getCredentialsStatus',
  'getAuthStatus',
  'getUserProfile',
  'listUsers',
  'listPipelines',
  'listStages',
  'listSources',
  'listCampaigns',
  'listCustomFields',
  'listLostReasons',
  'listProducts',
  'getProduct',
  'listOrganizations',
  'getOrganization',
  'listContacts',
  'getContact',
  'createContact',
  'updateContact',
  'createContactWithMapping',
  'saveContactMapping',
  'getContactMapping',
  'listDeals',
  'listDeals (of a contact)',
  'getDeal',
  'createDeal',
  'updateDeal',
  'saveLastDeal',
  'getLastDeal',
  'createDealNote',
  'listDealNotes',
  'createTask',
  'getTask',
  'updateTask',
  'listTasks (open)',
  'completeTask',
  'listTasks (completed)',
  'createDealProduct',
  'updateDealProduct',
  'listDealProducts',
  'deleteDealProduct',
  'getChatMessages',
] as const;

export type CallName = (typeof CALL_NAMES)[number];

function first<T>(items: T[], what: string): T {
  const item = items[0];
  if (item === undefined) throw new Error(`${what}: the list is empty on this side`);
  return item;
}

/**
 * Makes every call of CALL_NAMES against the api the shared client is configured for, from a
 * tenant that has not accepted the terms yet: terms, credentials, sign-in, then the CRM calls.
 */
export async function runCalls(world: SideWorld): Promise<Record<CallName, CallAnswer>> {
  const answers: Partial<Record<CallName, CallAnswer>> = {};
  let lastWire: unknown;
  const clientFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const answer = await clientFetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (!isSessionPath(url)) lastWire = parseBody(await answer.clone().text());
    return answer;
  };
  const call = async <T>(name: CallName, run: () => Promise<T>): Promise<T> => {
    lastWire = undefined;
    const result = await run();
    answers[name] = { result, wire: lastWire };
    return result;
  };
  try {
    await call('acceptTerms', () => acceptTerms());
    await call('saveCredentials', () => saveCredentials(world.credentials));
    const { authUrl } = await call('startAuth', () => startAuth());
    await world.signIn(authUrl);
    await call('getTermsStatus', () => getTermsStatus());
    await call('getCredentialsStatus', () => getCredentialsStatus());
    await call('getAuthStatus', () => getAuthStatus());
    const profile = await call('getUserProfile', () => getUserProfile());
    // Signed in with OAuth, the profile names the CRM user by its v2 id (null only for v1 tokens).
    const me = profile.id;
    if (me === null) throw new Error('O perfil do CRM veio sem id depois do login OAuth.');

    await call('listUsers', () => listUsers());
    const pipeline = first(await call('listPipelines', () => listPipelines()), 'pipelines');
    const stage = first(await call('listStages', () => listStages(pipeline.id)), 'stages');
    await call('listSources', () => listSources());
    await call('listCampaigns', () => listCampaigns());
    await call('listCustomFields', () => listCustomFields());
    await call('listLostReasons', () => listLostReasons());
    const product = first((await call('listProducts', () => listProducts())).data, 'products');
    await call('getProduct', () => getProduct(product.id));
    const organization = first(
      (await call('listOrganizations', () => listOrganizations())).data,
      'organizations',
    );
    await call('getOrganization', () => getOrganization(organization.id));

    const contact = first((await call('listContacts', () => listContacts())).data, 'contacts');
    await call('getContact', () => getContact(contact.id));
    const created = await call('createContact', () =>
      createContact({
        name: 'Contrato Teste',
        emails: [{ email: 'contrato.teste@example.com', type: 'work' }],
        phones: [{ phone: '+55 11 91234-5678', type: 'cellphone' }],
        job_title: 'Compradora',
        organization_id: organization.id,
      }),
    );
    await call('updateContact', () =>
      updateContact(created.id, { name: 'Contrato Teste 2', organization_id: organization.id }),
    );
    await call('createContactWithMapping', () =>
      createContactWithMapping(
        {
          name: 'Contrato Mapeado',
          emails: [{ email: 'contrato.mapeado@example.com', type: 'work' }],
          phones: [{ phone: '+55 11 97654-3210', type: 'cellphone' }],
        },
        world.hostContactId,
      ),
    );
    await call('saveContactMapping', () =>
      saveContactMapping({ contactId: `${world.hostContactId}-2`, rdstationContactId: contact.id }),
    );
    await call('getContactMapping', () => getContactMapping(`${world.hostContactId}-2`));

    const deal = first((await call('listDeals', () => listDeals())).data, 'deals');
    await call('listDeals (of a contact)', () => listDeals({ contactId: contact.id }));
    await call('getDeal', () => getDeal(deal.id));
    const newDeal = await call('createDeal', () =>
      createDeal({
        name: 'Negociação do contrato',
        pipeline_id: pipeline.id,
        stage_id: stage.id,
        owner_id: me,
        organization_id: organization.id,
        contact_ids: [contact.id],
        rating: 3,
      }),
    );
    await call('updateDeal', () => updateDeal(newDeal.id, { rating: 4 }));
    await call('saveLastDeal', () => saveLastDeal(contact.id, newDeal.id));
    await call('getLastDeal', () => getLastDeal(contact.id));

    await call('createDealNote', () =>
      createDealNote(newDeal.id, { description: 'Nota do contrato.', user_id: me }),
    );
    await call('listDealNotes', () => listDealNotes(newDeal.id));

    const task = await call('createTask', () =>
      createTask({
        name: 'Ligar para o cliente',
        description: 'Confirmar a proposta.',
        type: 'call',
        due_date: '2030-04-01T12:00:00.000Z',
        owner_ids: [me],
        status: 'open',
        deal_id: newDeal.id,
        created_by_id: me,
      }),
    );
    await call('getTask', () => getTask(task.id));
    await call('updateTask', () =>
      updateTask(task.id, {
        name: 'Ligar para o cliente de novo',
        description: 'Confirmar os valores.',
        type: 'call',
        due_date: '2030-04-02T12:00:00.000Z',
        owner_ids: [me],
      }),
    );
    await call('listTasks (open)', () => listTasks(newDeal.id, 'open'));
    await call('completeTask', () => completeTask(task.id, me));
    await call('listTasks (completed)', () => listTasks(newDeal.id, 'completed'));

    const item = await call('createDealProduct', () =>
      createDealProduct(newDeal.id, {
        product_id: product.id,
        price: 100,
        quantity: 2,
        billing_frequency: 'monthly',
        discount_type: 'percentage',
        discount: 10,
      }),
    );
    await call('updateDealProduct', () =>
      updateDealProduct(newDeal.id, item.id, {
        product_id: product.id,
        price: 90,
        quantity: 3,
        billing_frequency: 'monthly',
      }),
    );
    await call('listDealProducts', () => listDealProducts(newDeal.id));
    await call('deleteDealProduct', () => deleteDealProduct(newDeal.id, item.id));

    await call('getChatMessages', () => getChatMessages(world.chatId, world.channelId));

    // The panel's searches, held by the CRM requests they cause on the real side (the contract
    // test's last check), not by their answers: the deal picker with and without 'Negociações com
    // esse contato', the contact search by name, e-mail and phone, and the pickers of
    // organizations, lost reasons and products.
    await listDeals({ search: 'Negociação' });
    await listDeals({ search: 'Negociação', contactId: contact.id });
    await listContacts({ search: 'Contrato' });
    await listContacts({ search: 'contrato.teste@example.com' });
    await listContacts({ search: '+55 11 91234-5678' });
    await listOrganizations({ search: organization.name });
    await listLostReasons({ search: 'Preço' });
    await listProducts({ search: product.name });
  } finally {
    globalThis.fetch = clientFetch;
  }
  const missing = CALL_NAMES.filter((name) => !(name in answers));
  if (missing.length > 0) throw new Error(`calls not made: ${missing.join(', ')}`);
  return answers as Record<CallName, CallAnswer>;
}
