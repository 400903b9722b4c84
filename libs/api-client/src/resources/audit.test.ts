import { MESSAGES } from '@crm-panel/crm-model';
import { getErrorCode, getErrorMessage } from '@api-client/client/errors';
import { auditFixture, integrationFixture, setupTestServer } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { exportAuditCsv, listAudit } from './audit';

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
    expect(text.startsWith('Data e hora;Pessoa;')).toBe(true);
    expect(text.split('\r\n').filter((line) => line !== '')).toHaveLength(3);
  });
});
