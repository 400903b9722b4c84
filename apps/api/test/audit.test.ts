import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { MESSAGES } from '@crm-panel/crm-model';
import { type RecordChange } from '@api/changes/recordChange';
import { openDatabase } from '@api/db/database';
import { openBrowser } from './support/browserSession';
import {
  ACCOUNT1,
  type Harness,
  type Identity,
  SECURITY_PASSWORD,
  acceptTerms,
  call,
  configure,
  credentialsFor,
  login,
  startHarness,
} from './support/harness';
import { type StoreKind, sandboxAndStoresPerFile } from './support/stores';

// The audit trail. Every change made from the panel is stored; admins list it
// (filters, stable paging) and export it as CSV; nobody else sees any of it.

const stores = sandboxAndStoresPerFile();
const { deals, pipelines, users } = ACCOUNT1;
const stages = pipelines.vendas.stages;

let seq = 0;
function people() {
  seq += 1;
  const tenant = `tenant-audit-${process.pid}-${seq}`;
  return {
    admin: { systemKey: tenant, userId: 'alice' } as Identity,
    attendant: { systemKey: tenant, userId: 'carol', role: 'attendant' } as Identity,
    otherAdmin: { systemKey: `${tenant}-b`, userId: 'beatriz' } as Identity,
    open: { systemKey: `open-audit-${process.pid}-${seq}`, userId: 'dora' } as Identity,
  };
}

/** A change as a panel write of `identity` would publish it, at a chosen time. */
function changeOf(identity: Identity, at: string, overrides: Partial<RecordChange> = {}) {
  return {
    id: randomUUID(),
    systemKey: identity.systemKey,
    origin: 'panel' as const,
    actor: { userId: identity.userId, verified: true, name: identity.userId, crmUserId: null },
    attendanceId: 'at-1',
    chatId: 'canal-1',
    record: { type: 'deal' as const, id: 'd-1', dealId: 'd-1', contactId: null },
    action: 'updated' as const,
    fields: [{ field: 'rating', before: '1', after: '2' }],
    at,
    ...overrides,
  };
}

type Listed = { data: { data: Record<string, unknown>[]; links: { next?: string } } };

describe.each<StoreKind>(['sqlite', 'postgres'])('the audit trail on %s', (kind) => {
  const h = stores.harnessOn(kind);
  const list = async (identity: Identity, query = '') => {
    const result = await call(h.api, 'GET', `/api/audit${query}`, { as: identity });
    return { ...result, listed: result.json as Listed };
  };
  /** The subscriber stores after the write was answered: wait until `count` entries are there. */
  const stored = async (identity: Identity, count: number) => {
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await list(identity, '?limit=200')).listed.data.data.length >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`o histórico não chegou a ${count} registros`);
  };

  it("answers who changed a deal's stage, from which chat, and when", async () => {
    const { admin } = people();
    await configure(h.api, admin);
    await login(h, admin);
    await call(h.api, 'GET', `/api/rdstation/deals/${deals.implantacao.id}`, { as: admin });
    // The general tab reads the deal's stages: their names are what the entry records.
    await call(h.api, 'GET', `/api/rdstation/pipelines/${pipelines.vendas.id}/stages`, {
      as: admin,
    });
    const before = Date.now();
    const write = await call(h.api, 'PUT', `/api/rdstation/deals/${deals.implantacao.id}`, {
      as: admin,
      body: { stage_id: stages[4]?.id },
      headers: { 'x-attendance-id': 'at-1001', 'x-chat-id': 'canal-whatsapp' },
    });
    expect(write.status).toBe(200);
    await stored(admin, 1);
    const { status, listed } = await list(
      admin,
      `?recordType=deal&recordId=${deals.implantacao.id}`,
    );
    expect(status).toBe(200);
    expect(listed.data.links).toEqual({});
    expect(listed.data.data).toHaveLength(1);
    const [entry] = listed.data.data;
    expect(entry).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      origin: 'panel',
      actor: { userId: 'alice', name: users.ana.name, verified: true },
      attendanceId: 'at-1001',
      chatId: 'canal-whatsapp',
      // The panel declared no names: the history shows the ids.
      contactName: null,
      channelName: null,
      // Named as the CRM answered the write: no CRM request of its own.
      record: {
        type: 'deal',
        id: deals.implantacao.id,
        name: deals.implantacao.name,
        dealId: deals.implantacao.id,
        dealName: deals.implantacao.name,
        contactId: null,
      },
      action: 'updated',
      fields: [
        {
          field: 'stage_id',
          before: stages[3]?.id,
          after: stages[4]?.id,
          beforeLabel: 'Proposta enviada',
          afterLabel: 'Negociação',
        },
      ],
    });
    expect(Date.parse(String(entry?.at))).toBeGreaterThanOrEqual(before - 1000);
    // Put the sandbox's deal back for the other store's run.
    await call(h.api, 'PUT', `/api/rdstation/deals/${deals.implantacao.id}`, {
      as: admin,
      body: { stage_id: stages[3]?.id },
    });
  });

  it("names where a note and a deal product were written (the chat's contact, the channel), their deal and product", async () => {
    const { admin } = people();
    await configure(h.api, admin);
    await login(h, admin);
    const dealUrl = `/api/rdstation/deals/${deals.implantacao.id}`;
    // What the panel reads before it lets anyone write there: the deal, the catalogue's page.
    expect((await call(h.api, 'GET', dealUrl, { as: admin })).status).toBe(200);
    expect(
      (await call(h.api, 'GET', '/api/rdstation/products?limit=200&page=1', { as: admin })).status,
    ).toBe(200);
    const where = {
      'x-attendance-id': 'at-1001',
      'x-chat-id': 'canal-whatsapp-acme',
      // As the panel declares them: percent-encoded UTF-8.
      'x-contact-name': encodeURIComponent('Mariana Costa'),
      'x-channel-name': encodeURIComponent('WhatsApp Comercial'),
    };
    const crmCalls = h.calls.length;
    const note = await call(h.api, 'POST', `${dealUrl}/notes`, {
      as: admin,
      body: { description: 'Cliente pediu proposta' },
      headers: where,
    });
    expect(note.status).toBe(201);
    const product = await call(h.api, 'POST', `${dealUrl}/products`, {
      as: admin,
      body: { product_id: ACCOUNT1.products.suporte.id, price: 49.9, quantity: 1 },
      headers: where,
    });
    expect(product.status).toBe(201);
    // Naming costs no CRM request: one per write.
    expect(h.calls.length - crmCalls).toBe(2);
    await stored(admin, 2);
    const { listed } = await list(admin);
    const idOf = (json: unknown) => (json as { data: { data: { id: string } } }).data.data.id;
    const noteId = idOf(note.json);
    const dealProductId = idOf(product.json);
    expect(
      listed.data.data.map(({ contactName, channelName, record }) => ({
        contactName,
        channelName,
        record,
      })),
    ).toEqual([
      {
        contactName: 'Mariana Costa',
        channelName: 'WhatsApp Comercial',
        record: {
          type: 'dealProduct',
          id: dealProductId,
          name: 'Suporte Premium Anual',
          dealId: deals.implantacao.id,
          dealName: deals.implantacao.name,
          contactId: null,
        },
      },
      {
        contactName: 'Mariana Costa',
        channelName: 'WhatsApp Comercial',
        record: {
          type: 'note',
          id: noteId,
          name: null,
          dealId: deals.implantacao.id,
          dealName: deals.implantacao.name,
          contactId: null,
        },
      },
    ]);
    const csv = await call(h.api, 'GET', `/api/audit.csv?recordId=${dealProductId}`, {
      as: admin,
    });
    // The ids where they always were, the names in the last three columns.
    expect(csv.text.split('\r\n')[1]?.split(';').slice(4)).toEqual([
      '"at-1001"',
      '"canal-whatsapp-acme"',
      '"Produto da negociação"',
      '"Suporte Premium Anual"',
      `"${dealProductId}"`,
      `"${deals.implantacao.id}"`,
      '"Criação"',
      '"Produto"',
      '""',
      '"Suporte Premium Anual"',
      '""',
      `"${ACCOUNT1.products.suporte.id}"`,
      '"Mariana Costa"',
      '"WhatsApp Comercial"',
      `"${deals.implantacao.name}"`,
    ]);
    await call(h.api, 'DELETE', `${dealUrl}/products/${dealProductId}`, { as: admin });
  });

  it('a declared name is display-safe: controls and bidi overrides out, cut at 80, bad encodings dropped, never without its id', async () => {
    const { admin } = people();
    await configure(h.api, admin);
    await login(h, admin);
    const dealUrl = `/api/rdstation/deals/${deals.implantacao.id}`;
    let rating = 1;
    const names = async (headers: Record<string, string>) => {
      rating = (rating % 5) + 1;
      const write = await call(h.api, 'PUT', dealUrl, { as: admin, body: { rating }, headers });
      expect(write.status).toBe(200);
      const { listed } = await list(admin, '?limit=1');
      const [entry] = listed.data.data;
      return { contactName: entry?.contactName, channelName: entry?.channelName };
    };
    expect(
      await names({
        'x-attendance-id': 'at-1',
        'x-chat-id': 'canal-1',
        'x-contact-name': encodeURIComponent('\u202eMariana\n\tCosta\u200b '),
        'x-channel-name': encodeURIComponent('W'.repeat(200)),
      }),
    ).toEqual({ contactName: 'Mariana Costa', channelName: `${'W'.repeat(79)}…` });
    // Not UTF-8 once decoded: dropped, the write goes on.
    expect(
      await names({
        'x-attendance-id': 'at-1',
        'x-chat-id': 'canal-1',
        'x-contact-name': '%E0%A4%A',
        'x-channel-name': '%FF',
      }),
    ).toEqual({ contactName: null, channelName: null });
    // A name without the id it names is not recorded.
    expect(
      await names({
        'x-contact-name': encodeURIComponent('Mariana Costa'),
        'x-channel-name': encodeURIComponent('WhatsApp Comercial'),
      }),
    ).toEqual({ contactName: null, channelName: null });
    // Not percent-encoded (a raw space, a quote): refused like any invalid header, nothing sent.
    const crmCalls = h.calls.length;
    const raw = await call(h.api, 'PUT', dealUrl, {
      as: admin,
      body: { rating: 4 },
      headers: { 'x-attendance-id': 'at-1', 'x-contact-name': 'Mariana "Costa"' },
    });
    expect(raw.status).toBe(400);
    expect(h.calls.length).toBe(crmCalls);
  });

  it('filters by person, record and period (São Paulo days), newest first', async () => {
    const { admin } = people();
    await configure(h.api, admin);
    const ana = { ...admin, userId: 'ana' };
    const bia = { ...admin, userId: 'bia' };
    const published = [
      changeOf(ana, '2026-03-01T02:59:00.000Z'), // 28/02 23:59 in São Paulo
      changeOf(ana, '2026-03-01T03:00:00.000Z', {
        record: { type: 'task', id: 't-1', dealId: 'd-1', contactId: null },
      }),
      changeOf(bia, '2026-03-02T12:00:00.000Z'),
      changeOf(ana, '2026-03-03T02:59:59.999Z', {
        record: { type: 'deal', id: 'd-2', dealId: 'd-2', contactId: null },
      }),
    ];
    for (const change of published) h.api.changes.publish(change);
    await stored(admin, 4);
    const ids = async (query: string) =>
      (await list(admin, query)).listed.data.data.map((entry) => entry.id);
    const [first, second, third, fourth] = published.map((change) => change.id);
    expect(await ids('')).toEqual([fourth, third, second, first]);
    expect(await ids('?person=ana')).toEqual([fourth, second, first]);
    expect(await ids('?recordType=deal')).toEqual([fourth, third, first]);
    expect(await ids('?recordId=d-1')).toEqual([third, first]);
    expect(await ids('?recordType=task&recordId=t-1')).toEqual([second]);
    expect(await ids('?from=2026-03-01&to=2026-03-02')).toEqual([fourth, third, second]);
    expect(await ids('?to=2026-02-28')).toEqual([first]);
    expect(await ids('?person=ana&from=2026-03-02')).toEqual([fourth]);
    // Changes published without a record name (as entries recorded before names were): null.
    expect((await list(admin, '?recordId=d-2')).listed.data.data[0]?.record).toEqual({
      type: 'deal',
      id: 'd-2',
      name: null,
      dealId: 'd-2',
      dealName: null,
      contactId: null,
    });
    const backwards = await list(admin, '?from=2026-03-02&to=2026-03-01');
    expect(backwards.status).toBe(400);
    expect(backwards.json.message).toBe(
      'Período inválido: a data inicial deve ser anterior ou igual à final.',
    );
  });

  it('lists the people of the trail by name, each with the name of their latest entry', async () => {
    const { admin, otherAdmin } = people();
    await configure(h.api, admin);
    await configure(h.api, otherAdmin);
    const actor = (userId: string, name: string, verified: boolean) => ({
      actor: { userId, name, verified, crmUserId: null },
    });
    const ana = { ...admin, userId: 'host-ana' };
    const bia = { ...admin, userId: 'host-bia' };
    const caio = { ...admin, userId: 'host-caio' };
    const published = [
      // Bia's name was not known at her first change (the user id stood in); it is at her latest.
      changeOf(bia, '2026-07-01T12:00:00.000Z', actor('host-bia', 'host-bia', true)),
      changeOf(ana, '2026-07-02T12:00:00.000Z', actor('host-ana', 'Ana Souza', true)),
      changeOf(bia, '2026-07-03T12:00:00.000Z', actor('host-bia', 'Beatriz Lima', true)),
      changeOf(ana, '2026-07-04T12:00:00.000Z', actor('host-ana', 'Ana Souza', true)),
      // Claimed by a host that signs nothing: said as such.
      changeOf(caio, '2026-07-05T12:00:00.000Z', actor('host-caio', 'Caio Prado', false)),
      // Another tenant's person is never offered.
      changeOf(otherAdmin, '2026-07-06T12:00:00.000Z', actor('beatriz', 'Zélia Outra', true)),
    ];
    for (const change of published) h.api.changes.publish(change);
    await stored(admin, 5);
    await stored(otherAdmin, 1);
    const result = await call(h.api, 'GET', '/api/audit/people', { as: admin });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      data: {
        data: [
          { userId: 'host-ana', name: 'Ana Souza', verified: true },
          { userId: 'host-bia', name: 'Beatriz Lima', verified: true },
          { userId: 'host-caio', name: 'Caio Prado', verified: false },
        ],
        links: {},
      },
    });
    const other = await call(h.api, 'GET', '/api/audit/people', { as: otherAdmin });
    expect(other.json).toEqual({
      data: { data: [{ userId: 'beatriz', name: 'Zélia Outra', verified: true }], links: {} },
    });
  });

  it('pages in a stable order, ties on one millisecond included', async () => {
    const { admin } = people();
    await configure(h.api, admin);
    const same = '2026-04-01T12:00:00.000Z';
    const published = [
      changeOf(admin, '2026-04-01T11:00:00.000Z'),
      changeOf(admin, same),
      changeOf(admin, same),
      changeOf(admin, same),
      changeOf(admin, '2026-04-01T13:00:00.000Z'),
    ];
    for (const change of published) h.api.changes.publish(change);
    await stored(admin, 5);
    const seen: unknown[] = [];
    let next: string | undefined = '/api/audit?limit=2&person=alice';
    let pages = 0;
    while (next) {
      const result = await call(h.api, 'GET', next, { as: admin });
      const page = (result.json as Listed).data;
      seen.push(...page.data.map((entry) => entry.id));
      next = page.links.next;
      pages += 1;
    }
    expect(pages).toBe(3);
    const tied = published
      .slice(1, 4)
      .map((change) => change.id)
      .sort()
      .reverse();
    expect(seen).toEqual([published[4]?.id, ...tied, published[0]?.id]);
    const forged = await list(admin, '?cursor=bm90LWEtY3Vyc29y');
    expect(forged.status).toBe(400);
    expect(forged.json.message).toBe('Página do histórico inválida. Recarregue o histórico.');
  });

  it('exports the whole filtered set as CSV: BOM, pt-BR headers, São Paulo dates, no formulas', async () => {
    const { admin } = people();
    await configure(h.api, admin);
    h.api.changes.publish(
      changeOf(admin, '2026-05-10T01:30:00.000Z', {
        actor: { userId: 'alice', verified: false, name: 'Alice "A"', crmUserId: null },
        contactName: '=Mariana',
        channelName: 'WhatsApp; Comercial',
        record: {
          type: 'deal',
          id: 'd-1',
          name: 'Implantação; fase "2"',
          dealId: 'd-1',
          dealName: 'Implantação; fase "2"',
          contactId: null,
        },
        fields: [
          {
            field: 'stage_id',
            before: 'st-1',
            after: 'st-2',
            beforeLabel: 'Qualificação',
            afterLabel: 'Proposta',
          },
          // An id the api knew no name for, as in entries recorded before names were.
          { field: 'owner_id', before: null, after: 'u-9' },
          { field: 'name', before: 'Antigo', after: '=HYPERLINK("x")' },
        ],
      }),
    );
    h.api.changes.publish(changeOf(admin, '2026-05-11T12:00:00.000Z', { fields: [] }));
    h.api.changes.publish(changeOf({ ...admin, userId: 'outra' }, '2026-05-11T13:00:00.000Z'));
    await stored(admin, 3);
    const result = await call(h.api, 'GET', '/api/audit.csv?person=alice', { as: admin });
    expect(result.status).toBe(200);
    expect(result.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(result.headers['content-disposition']).toBe(
      'attachment; filename="historico-de-alteracoes.csv"',
    );
    expect(result.text.split('\r\n')).toEqual([
      '\uFEFF"Data e hora";"Pessoa";"ID da pessoa";"Identidade verificada";"Atendimento";"Chat";"Registro";"Nome do registro";"ID do registro";"Negociação";"Ação";"Campo";"Antes";"Depois";"Antes (ID)";"Depois (ID)";"Contato do atendimento";"Canal";"Nome da negociação"',
      // Recorded without names (as entries before names were): those cells are empty.
      '"11/05/2026 09:00";"alice";"alice";"Sim";"at-1";"canal-1";"Negociação";"";"d-1";"d-1";"Alteração";"";"";"";"";"";"";"";""',
      '"09/05/2026 22:30";"Alice ""A""";"alice";"Não";"at-1";"canal-1";"Negociação";"Implantação; fase ""2""";"d-1";"d-1";"Alteração";"Etapa do funil";"Qualificação";"Proposta";"st-1";"st-2";"\'=Mariana";"WhatsApp; Comercial";"Implantação; fase ""2"""',
      '"09/05/2026 22:30";"Alice ""A""";"alice";"Não";"at-1";"canal-1";"Negociação";"Implantação; fase ""2""";"d-1";"d-1";"Alteração";"Responsável";"";"u-9";"";"";"\'=Mariana";"WhatsApp; Comercial";"Implantação; fase ""2"""',
      '"09/05/2026 22:30";"Alice ""A""";"alice";"Não";"at-1";"canal-1";"Negociação";"Implantação; fase ""2""";"d-1";"d-1";"Alteração";"Nome";"Antigo";"\'=HYPERLINK(""x"")";"";"";"\'=Mariana";"WhatsApp; Comercial";"Implantação; fase ""2"""',
      '',
    ]);
  });

  describe('refusals', () => {
    it('an attendant of a signing host gets 403 in pt-BR, list and export', async () => {
      const { admin, attendant } = people();
      await configure(h.api, admin);
      await acceptTerms(h.api, attendant);
      for (const url of ['/api/audit', '/api/audit.csv', '/api/audit/people']) {
        const result = await call(h.api, 'GET', url, { as: attendant });
        expect(result.status).toBe(403);
        expect(result.json).toEqual({
          message: 'Apenas administradores podem ver o histórico de alterações.',
          code: 'admin_required',
        });
      }
    });

    it("another tenant's entries are never listed nor exported", async () => {
      const { admin, otherAdmin } = people();
      await configure(h.api, admin);
      await configure(h.api, otherAdmin);
      h.api.changes.publish(changeOf(admin, '2026-06-01T12:00:00.000Z'));
      await stored(admin, 1);
      const other = await list(otherAdmin, '?person=alice');
      expect(other.status).toBe(200);
      expect(other.listed.data.data).toEqual([]);
      const csv = await call(h.api, 'GET', '/api/audit.csv', { as: otherAdmin });
      expect(csv.text.split('\r\n').filter((line) => line !== '')).toHaveLength(1);
      expect((await list(admin)).listed.data.data).toHaveLength(1);
    });

    it('no session: 401, nothing listed', async () => {
      const { admin } = people();
      await configure(h.api, admin);
      const result = await call(h.api, 'GET', '/api/audit', { as: admin, noSession: true });
      expect(result.status).toBe(401);
      expect(result.json.code).toBe('session_required');
    });

    it('a host that signs nothing: the security password, as in the credentials manager', async () => {
      const { open } = people();
      const browser = await openBrowser(h.api, open);
      await browser.send('POST', '/api/rdstation/terms/accept', {});
      await browser.send('POST', '/api/rdstation/credentials', credentialsFor());
      // Nobody signed who this browser is: in the sign-in window the attendant says she is Ana.
      expect((await browser.signIn(users.ana.email)).status).toBe(200);
      expect((await browser.send('GET', '/api/rdstation/auth/status')).json).toMatchObject({
        crmUserSource: 'attendant-claim',
      });
      const withPassword = (password?: string) =>
        browser.withSecurityPassword('/api/audit', password);
      const without = await withPassword();
      expect(without.status).toBe(403);
      expect(without.json).toEqual({
        message: 'Informe a senha de segurança para ver o histórico de alterações.',
        code: 'security_password_required',
      });
      const wrong = await withPassword('senha-errada');
      expect(wrong.status).toBe(403);
      expect(wrong.json.message).toBe(MESSAGES.credentials.wrongSecurityPassword);
      const right = await withPassword(SECURITY_PASSWORD);
      expect(right.status).toBe(200);
      // What this browser writes is recorded as claimed, not verified: nobody signed who it is;
      // the name is that of the CRM user the attendant confirmed, her word only.
      const write = await browser.send('PUT', `/api/rdstation/deals/${deals.perdida.id}`, {
        rating: 2,
      });
      expect(write.status).toBe(200);
      for (let tries = 0; tries < 100; tries += 1) {
        const page = (await withPassword(SECURITY_PASSWORD)).json as Listed;
        if (page.data.data.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const listed = (await withPassword(SECURITY_PASSWORD)).json as Listed;
      expect(listed.data.data.map((entry) => entry.actor)).toEqual([
        { userId: 'dora', name: users.ana.name, verified: false },
      ]);
      expect(h.logs.join('\n')).not.toContain('senha-errada');
      for (let i = 0; i < 4; i += 1) await withPassword(`errada-${i}`);
      const blocked = await withPassword(SECURITY_PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.json.message).toBe(
        'Muitas tentativas com senha incorreta. Aguarde 15 minutos e tente novamente.',
      );
    });
  });
});

describe('a store that cannot take the entry', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ sharedSandbox: stores.sandbox() });
  });
  afterAll(async () => {
    await h.close();
  });

  it('does not acknowledge a write whose audit row was not stored: 500 in pt-BR, logged', async () => {
    const { admin } = people();
    await configure(h.api, admin);
    await login(h, admin);
    const side = openDatabase({ kind: 'sqlite', file: path.join(h.dataDir, 'crm-panel.sqlite') });
    const stored = await side.db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(0);
    await side.db.schema.dropTable('audit_events').execute();
    await side.close();
    const write = await call(h.api, 'PUT', `/api/rdstation/deals/${deals.licencas.id}`, {
      as: admin,
      body: { rating: 3 },
    });
    expect(write.status).toBe(500);
    expect(write.json).toEqual({
      message:
        'A alteração foi enviada, mas não pôde ser registrada no histórico de alterações. Recarregue o painel e confira antes de tentar novamente.',
    });
    expect(h.logs.join('\n')).toContain('registro de auditoria não gravado');
  });
});

describe('who wrote, once the api no longer holds the CRM users', () => {
  let h: Harness;
  beforeAll(async () => {
    // A reference cache that forgets at once: as if the attendant had been idle past its 60 s.
    h = await startHarness({ sharedSandbox: stores.sandbox(), api: { crm: { cacheTtlMs: 1 } } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('records the name of the CRM user chosen with the sign-in, never the host id', async () => {
    const { admin } = people();
    await configure(h.api, admin);
    await login(h, admin);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const write = await call(h.api, 'PUT', `/api/rdstation/deals/${deals.licencas.id}`, {
      as: admin,
      body: { rating: 4 },
    });
    expect(write.status).toBe(200);
    let listed: Listed | null = null;
    for (let tries = 0; tries < 100 && !listed?.data.data.length; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      listed = (await call(h.api, 'GET', '/api/audit', { as: admin })).json as Listed;
    }
    expect(listed?.data.data.map((entry) => entry.actor)).toEqual([
      { userId: 'alice', name: users.ana.name, verified: true },
    ]);
    const trailPeople = (await call(h.api, 'GET', '/api/audit/people', { as: admin })).json as {
      data: { data: unknown[] };
    };
    expect(trailPeople.data.data).toEqual([
      { userId: 'alice', name: users.ana.name, verified: true },
    ]);
  });
});
