import { type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import {
  ACCOUNT1,
  type Harness,
  type Identity,
  call,
  configure,
  freshPeople,
  login,
  startHarness,
} from './support/harness';
import { dealChange } from './support/changes';

// The CRM reads the panel makes after asking for a chat's mapping (its contact
// and that contact's last deal) start when the mapping is asked, and the panel's own GETs take
// them; the contact's organization (the header's next read) starts when the contact answers.
// The sandbox records every CRM call the api makes (h.calls).

let sandbox: RunningSandbox;
let h: Harness;
let alice: Identity;
let arthur: Identity;

const HOST_CONTACT = '5511987654321@c.us';
const CONTACT = ACCOUNT1.contact.id;
const DEAL = ACCOUNT1.deals.implantacao.id;
/** Mariana's organization, named in her contact. */
const ORGANIZATION = ACCOUNT1.organization.id;
/** A well-formed CRM id that names no deal of the account. */
const GONE_DEAL = '65a1b2c3010bffffffffffff';

/** The api → CRM v2 calls made since `from`, as 'METHOD /path'. */
const crmCallsSince = (from: number) =>
  h.calls
    .slice(from)
    .filter((outbound) => outbound.url.includes('/crm/v2/'))
    .map((outbound) => `${outbound.method} ${new URL(outbound.url).pathname}`);

const mapping = (who: Identity) =>
  call(h.api, 'GET', `/api/rdstation/contact-mapping/${encodeURIComponent(HOST_CONTACT)}`, {
    as: who,
  });

/** Lets reads started without a caller settle (the sandbox answers on the event loop). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  // Reads ahead alone: no record is kept past its read (records are test/crm-proxy.test.ts's).
  h = await startHarness({ sharedSandbox: sandbox, api: { crm: { recordFreshMs: 0 } } });
});
afterAll(async () => {
  await h.close();
  await sandbox.close();
});
beforeEach(async () => {
  ({ alice, arthur } = freshPeople());
  await configure(h.api, alice);
  await login(h, alice);
  await login(h, arthur);
  await call(h.api, 'POST', '/api/rdstation/contact-mapping', {
    as: alice,
    body: { contactId: HOST_CONTACT, rdstationContactId: CONTACT },
  });
  await call(h.api, 'POST', `/api/rdstation/contact/${CONTACT}/last-deal`, {
    as: alice,
    body: { dealId: DEAL },
  });
});
afterEach(() => sandbox.setKnobs({ latencyMs: 0 }));

describe('read-ahead at the mapping', () => {
  it("reads the contact and its last deal once: the panel's GETs join them, in flight", async () => {
    sandbox.setKnobs({ latencyMs: 200 });
    const from = h.calls.length;
    expect((await mapping(alice)).json).toEqual({
      data: { mapped: true, rdstationContactId: CONTACT, lastDealId: DEAL },
    });
    // The mapping is answered without waiting for the CRM: both reads are still in flight.
    expect(crmCallsSince(from)).toEqual([
      `GET /crm/v2/deals/${DEAL}`,
      `GET /crm/v2/contacts/${CONTACT}`,
    ]);
    const [deal, contact] = await Promise.all([
      call(h.api, 'GET', `/api/rdstation/deals/${DEAL}`, { as: alice }),
      call(h.api, 'GET', `/api/rdstation/contacts/${CONTACT}`, { as: alice }),
    ]);
    expect(deal.status).toBe(200);
    expect(deal.json).toMatchObject({
      data: { data: { id: DEAL, name: 'Implantação CRM - Costa & Filhos' } },
    });
    expect(contact.json).toMatchObject({ data: { data: { id: CONTACT, name: 'Mariana Costa' } } });
    // The contact answered the api before it reached the panel: its organization is in flight.
    expect(crmCallsSince(from)).toEqual([
      `GET /crm/v2/deals/${DEAL}`,
      `GET /crm/v2/contacts/${CONTACT}`,
      `GET /crm/v2/organizations/${ORGANIZATION}`,
    ]);
    const organization = await call(h.api, 'GET', `/api/rdstation/organizations/${ORGANIZATION}`, {
      as: alice,
    });
    expect(organization.json).toMatchObject({
      data: { data: { id: ORGANIZATION, name: 'Costa & Filhos Comércio Ltda' } },
    });
    expect(crmCallsSince(from)).toHaveLength(3);
  });

  it('reads no organization ahead when the tenant changed before the contact answered', async () => {
    sandbox.setKnobs({ latencyMs: 100 });
    const from = h.calls.length;
    await mapping(alice);
    h.api.changes.publish(dealChange('mudanca-no-caminho', alice.systemKey));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(crmCallsSince(from)).toEqual([
      `GET /crm/v2/deals/${DEAL}`,
      `GET /crm/v2/contacts/${CONTACT}`,
    ]);
  });

  it('reads no organization ahead that a GET of the panel is reading already (back on a chat it holds stale)', async () => {
    sandbox.setKnobs({ latencyMs: 100 });
    const from = h.calls.length;
    await mapping(alice);
    // The header's organization, asked before the contact's read ahead answered: no read ahead to
    // take yet, so the GET reads the CRM itself.
    const organization = call(h.api, 'GET', `/api/rdstation/organizations/${ORGANIZATION}`, {
      as: alice,
    });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await organization).status).toBe(200);
    expect(crmCallsSince(from)).toEqual([
      `GET /crm/v2/deals/${DEAL}`,
      `GET /crm/v2/contacts/${CONTACT}`,
      `GET /crm/v2/organizations/${ORGANIZATION}`,
    ]);
  });

  it('hands a read over once: the next GET of the deal asks the CRM again', async () => {
    const from = h.calls.length;
    await mapping(alice);
    await settled();
    await call(h.api, 'GET', `/api/rdstation/deals/${DEAL}`, { as: alice });
    await call(h.api, 'GET', `/api/rdstation/deals/${DEAL}`, { as: alice });
    expect(crmCallsSince(from)).toEqual([
      `GET /crm/v2/deals/${DEAL}`,
      `GET /crm/v2/contacts/${CONTACT}`,
      `GET /crm/v2/organizations/${ORGANIZATION}`,
      `GET /crm/v2/deals/${DEAL}`,
    ]);
  });

  it('reads nothing ahead for a user who was just served them (back to a chat already seen)', async () => {
    await mapping(alice);
    await call(h.api, 'GET', `/api/rdstation/deals/${DEAL}`, { as: alice });
    await call(h.api, 'GET', `/api/rdstation/contacts/${CONTACT}`, { as: alice });
    const from = h.calls.length;
    expect((await mapping(alice)).status).toBe(200);
    await settled();
    expect(crmCallsSince(from)).toEqual([]);
  });

  it('reads nothing ahead for the tab just served them, and reads ahead for a new tab (a reload holds nothing)', async () => {
    const tab = (id: string) => ({ as: alice, headers: { 'x-panel-tab': id } });
    const mappingIn = (id: string) =>
      call(
        h.api,
        'GET',
        `/api/rdstation/contact-mapping/${encodeURIComponent(HOST_CONTACT)}`,
        tab(id),
      );
    await mappingIn('tab-a');
    await call(h.api, 'GET', `/api/rdstation/deals/${DEAL}`, tab('tab-a'));
    await call(h.api, 'GET', `/api/rdstation/contacts/${CONTACT}`, tab('tab-a'));
    await call(h.api, 'GET', `/api/rdstation/organizations/${ORGANIZATION}`, tab('tab-a'));
    let from = h.calls.length;
    await mappingIn('tab-a');
    await settled();
    expect(crmCallsSince(from)).toEqual([]);

    from = h.calls.length;
    await mappingIn('tab-b');
    await settled();
    // Read ahead at the mapping, before the new tab asks…
    const readAhead = [
      `GET /crm/v2/deals/${DEAL}`,
      `GET /crm/v2/contacts/${CONTACT}`,
      `GET /crm/v2/organizations/${ORGANIZATION}`,
    ];
    expect(crmCallsSince(from)).toEqual(readAhead);
    const deal = await call(h.api, 'GET', `/api/rdstation/deals/${DEAL}`, tab('tab-b'));
    const contact = await call(h.api, 'GET', `/api/rdstation/contacts/${CONTACT}`, tab('tab-b'));
    const organization = await call(
      h.api,
      'GET',
      `/api/rdstation/organizations/${ORGANIZATION}`,
      tab('tab-b'),
    );
    expect([deal.status, contact.status, organization.status]).toEqual([200, 200, 200]);
    // …and its GETs took those reads: no CRM call of their own.
    expect(crmCallsSince(from)).toEqual(readAhead);
  });

  it('reads ahead for each CRM user: never serves one user a read made with the token of another', async () => {
    await mapping(alice);
    await settled();
    const from = h.calls.length;
    await mapping(arthur);
    const deal = await call(h.api, 'GET', `/api/rdstation/deals/${DEAL}`, { as: arthur });
    expect(deal.status).toBe(200);
    await settled();
    expect(crmCallsSince(from)).toEqual([
      `GET /crm/v2/deals/${DEAL}`,
      `GET /crm/v2/contacts/${CONTACT}`,
      `GET /crm/v2/organizations/${ORGANIZATION}`,
    ]);
  });

  it('a write of the tenant drops what was read before it: the GET after it reads the CRM', async () => {
    sandbox.setKnobs({ latencyMs: 100 });
    await mapping(alice);
    const written = await call(h.api, 'PUT', `/api/rdstation/deals/${DEAL}`, {
      as: alice,
      body: { name: 'Implantação CRM - renovada' },
    });
    expect(written.status).toBe(200);
    const from = h.calls.length;
    const deal = await call(h.api, 'GET', `/api/rdstation/deals/${DEAL}`, { as: alice });
    expect(deal.json).toMatchObject({ data: { data: { name: 'Implantação CRM - renovada' } } });
    expect(crmCallsSince(from)).toEqual([`GET /crm/v2/deals/${DEAL}`]);
  });

  it('a change of the tenant from elsewhere (another process, a CRM webhook) drops them too', async () => {
    await mapping(alice);
    await settled();
    // Another tenant's change keeps them.
    h.api.changes.publish(dealChange('mudanca-1', `${alice.systemKey}-outro`));
    const from = h.calls.length;
    await call(h.api, 'GET', `/api/rdstation/contacts/${CONTACT}`, { as: alice });
    expect(crmCallsSince(from)).toEqual([]);
    h.api.changes.publish(dealChange('mudanca-2', alice.systemKey));
    await call(h.api, 'GET', `/api/rdstation/deals/${DEAL}`, { as: alice });
    expect(crmCallsSince(from)).toEqual([`GET /crm/v2/deals/${DEAL}`]);
  });

  it('a read ahead that fails fails nothing: the mapping answers, and the GET answers its error without asking again', async () => {
    await call(h.api, 'POST', `/api/rdstation/contact/${CONTACT}/last-deal`, {
      as: alice,
      body: { dealId: GONE_DEAL },
    });
    const from = h.calls.length;
    expect((await mapping(alice)).json).toEqual({
      data: { mapped: true, rdstationContactId: CONTACT, lastDealId: GONE_DEAL },
    });
    await settled();
    const deal = await call(h.api, 'GET', `/api/rdstation/deals/${GONE_DEAL}`, { as: alice });
    expect(deal).toMatchObject({
      status: 404,
      json: { message: 'Registro não encontrado no RD Station CRM.' },
    });
    // The CRM's answer to the read ahead is the panel's: one CRM request, not two.
    expect(crmCallsSince(from)).toEqual([
      `GET /crm/v2/deals/${GONE_DEAL}`,
      `GET /crm/v2/contacts/${CONTACT}`,
      `GET /crm/v2/organizations/${ORGANIZATION}`,
    ]);
    // Handed over once: asking again asks the CRM.
    await call(h.api, 'GET', `/api/rdstation/deals/${GONE_DEAL}`, { as: alice });
    expect(crmCallsSince(from)).toHaveLength(4);
  });

  it('an unmapped chat, or a contact without a last deal, reads only what the panel will ask', async () => {
    await call(h.api, 'POST', `/api/rdstation/contact/${CONTACT}/last-deal`, {
      as: alice,
      body: { dealId: null },
    });
    const from = h.calls.length;
    await mapping(alice);
    const unmapped = await call(h.api, 'GET', '/api/rdstation/contact-mapping/outro%40c.us', {
      as: alice,
    });
    expect(unmapped.json).toEqual({ data: { mapped: false, rdstationContactId: null } });
    await settled();
    expect(crmCallsSince(from)).toEqual([
      `GET /crm/v2/contacts/${CONTACT}`,
      `GET /crm/v2/organizations/${ORGANIZATION}`,
    ]);
  });
});
