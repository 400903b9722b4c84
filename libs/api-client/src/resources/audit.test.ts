import { MESSAGES } from '@crm-panel/crm-model';
import { getErrorCode, getErrorMessage } from '@api-client/client/errors';
import { auditFixture, integrationFixture, setupTestServer } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { exportAuditCsv, listAudit, listAuditPeople } from './audit';

const server = setupTestServer();

describe('audit calls', () => {
  it('listAudit: GET /api/audit with the filters and the page size; the next cursor from links.next', async () => {
    server.db.state.audit.entries = [...auditFixture, ...auditFixture].map((entry, index) => ({
      ...entry,
      id: `e-${index}`,
    }));
    const first = await listAudit({ person: 'host-user-1', recordType: 'deal' }, null);
    expect(server.lastRequest()).toEqual({
      method: 'GET',
      path: '/api/audit',
      query: { person: 'host-user-1', recordType: 'deal', limit: '50' },
      body: undefined,
      headers: IDENTITY_HEADERS,
    });
    expect(first.entries.map((entry) => entry.id)).toEqual(['e-1', 'e-2', 'e-4', 'e-5']);
    expect(first.cursor).toBeNull();
  });

  it('asks for the page after a cursor, and sends the security password only when given', async () => {
    await listAudit({ recordId: 'deal-1', from: '2026-11-01', to: '2026-11-30' }, 'audit-2', {
      securityPassword: 'senha-segura',
    });
    const sent = server.lastRequest();
    expect(sent.query).toEqual({
      recordId: 'deal-1',
      from: '2026-11-01',
      to: '2026-11-30',
      limit: '50',
      cursor: 'audit-2',
    });
    expect(sent.headers['x-security-password']).toBe('senha-segura');
  });

  it("an attendant's refusal comes back with the api's pt-BR message and code", async () => {
    server.db.state.audit.access = 'attendant';
    const error: unknown = await listAudit({}, null).catch((caught: unknown) => caught);
    expect(getErrorMessage(error, '')).toBe(
      'Apenas administradores podem ver o histórico de alterações.',
    );
    expect(getErrorCode(error)).toBe('admin_required');
  });

  it('a wrong security password is refused like the removal (403)', async () => {
    server.db.state.audit.access = 'password';
    const error: unknown = await listAudit({}, null, { securityPassword: 'errada' }).catch(
      (caught: unknown) => caught,
    );
    expect(getErrorMessage(error, '')).toBe(MESSAGES.credentials.wrongSecurityPassword);
    const page = await listAudit({}, null, {
      securityPassword: integrationFixture.securityPassword,
    });
    expect(page.entries).toHaveLength(3);
  });

  it('exportAuditCsv: GET /api/audit.csv with the same filters, as a file', async () => {
    const file = await exportAuditCsv({ person: 'host-user-1' });
    expect(server.lastRequest()).toMatchObject({
      path: '/api/audit.csv',
      query: { person: 'host-user-1' },
    });
    expect(file).toBeInstanceOf(Blob);
    // jsdom's XHR decodes the body (dropping the BOM) before it makes the Blob: the api's own
    // test (apps/api/test/audit.test.ts) checks the bytes.
    const text = (await file.text()).replace(/^\uFEFF/, '');
    // What the api writes (crm-model's auditCsvLines): every column, one line per changed field,
    // São Paulo time, names beside their ids.
    expect(text.split('\r\n')).toEqual([
      '"Data e hora";"Pessoa";"ID da pessoa";"Identidade verificada";"Atendimento";"Chat";"Registro";"Nome do registro";"ID do registro";"Negociação";"Ação";"Campo";"Antes";"Depois";"Antes (ID)";"Depois (ID)";"Contato do atendimento";"Canal";"Nome da negociação"',
      '"20/11/2026 10:05";"Ana Souza";"host-user-1";"Sim";"at-1001";"canal-whatsapp";"Negociação";"Contrato anual Acme";"deal-1";"deal-1";"Alteração";"Etapa do funil";"Prospecção";"Qualificação";"stage-1";"stage-2";"Mariana Costa";"WhatsApp Comercial";"Contrato anual Acme"',
      '"20/11/2026 10:05";"Ana Souza";"host-user-1";"Sim";"at-1001";"canal-whatsapp";"Negociação";"Contrato anual Acme";"deal-1";"deal-1";"Alteração";"Responsável";"Bruno Lima";"Carla Mendes";"user-2";"user-3";"Mariana Costa";"WhatsApp Comercial";"Contrato anual Acme"',
      '"19/11/2026 09:00";"Ana Souza";"host-user-1";"Sim";"at-1000";"canal-whatsapp";"Negociação";"";"deal-1";"deal-1";"Alteração";"Avaliação";"";"4";"";"";"";"";""',
      '"19/11/2026 09:00";"Ana Souza";"host-user-1";"Sim";"at-1000";"canal-whatsapp";"Negociação";"";"deal-1";"deal-1";"Alteração";"Fonte";"source-1";"source-2";"";"";"";"";""',
      '"19/11/2026 09:00";"Ana Souza";"host-user-1";"Sim";"at-1000";"canal-whatsapp";"Negociação";"";"deal-1";"deal-1";"Alteração";"Nome";"Contrato Acme";"Contrato anual Acme";"";"";"";"";""',
      '',
    ]);
  });

  it('listAuditPeople: GET /api/audit/people → the people of the trail by name, each once', async () => {
    const people = await listAuditPeople({ securityPassword: 'senha-segura' });
    expect(server.lastRequest()).toMatchObject({
      method: 'GET',
      path: '/api/audit/people',
      query: {},
    });
    expect(server.lastRequest().headers['x-security-password']).toBe('senha-segura');
    expect(people).toEqual([
      { userId: 'host-user-1', name: 'Ana Souza', verified: true },
      { userId: 'host-user-2', name: 'Bruno Lima', verified: false },
    ]);
    server.db.state.audit.access = 'attendant';
    const error: unknown = await listAuditPeople().catch((caught: unknown) => caught);
    expect(getErrorCode(error)).toBe('admin_required');
  });
});
