import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LENIENT_KNOBS, type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { CRM_WEBHOOK_EVENTS } from '@api/changes/crmWebhooks';
import { crmCheckCli } from '@api/check/cli';
import { type CrmCheckReport, formatReport, runCrmCheck, shapeCount } from '@api/check/crmCheck';
import { WRITE_SHAPES, writeShapeOf } from '@api/check/writeShapes';
import { ACCOUNT1, startHarness } from './support/harness';

// `npm run crm:check -- --writes` against the sandbox: every write shape the product sends
// (src/check/writeShapes.ts) goes out through the api's own routes and is listed with what the CRM
// answered; a refused one fails the check. And the list is held to the api: a write route, a body
// field or a CRM write call the list does not cover fails here.

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  // Each check sends some 150 requests: each starts with the account's whole minute of budget.
  await fetch(`${sandbox.url}/__admin/rate-limit/reset`, { method: 'POST' });
});
afterEach(() => {
  sandbox.reset();
});

const ANA = ACCOUNT1.users.ana.email;
const tokenOf = (email: string) => sandbox.issueTokens(ACCOUNT1.clientId, email).access_token;
const checkWrites = (extra: { fetch?: typeof fetch } = {}) =>
  runCrmCheck({
    baseUrl: `${sandbox.url}/crm/v2`,
    accessToken: tokenOf(ANA),
    userEmail: ANA,
    writes: true,
    ...extra,
  });

/** The sandbox's own answer to a CRM GET, with Ana's token. */
async function crmGet(pathAndQuery: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${sandbox.url}/crm/v2${pathAndQuery}`, {
    headers: { authorization: `Bearer ${tokenOf(ANA)}` },
  });
  const body = (await response.json()) as { data?: Record<string, unknown>[] };
  return body.data ?? [];
}

function expectEveryShapeAccepted(report: CrmCheckReport) {
  expect(report.shapes.filter((row) => row.status !== 'ok')).toEqual([]);
  expect(report.shapes.map((row) => row.shape)).toEqual(WRITE_SHAPES.map((row) => row.shape));
  expect(shapeCount(report.shapes)).toEqual({ accepted: 57, total: 57 });
  expect(report.notSent).toEqual([]);
  expect(report.ok).toBe(true);
}

describe('crm:check --writes against the sandbox', () => {
  it('strict: sends all 57 write shapes, lists each, and says what it left', async () => {
    const report = await checkWrites();
    expectEveryShapeAccepted(report);
    const text = formatReport(report);
    expect(text).toContain('Escritas: 57 de 57 formas aceitas pelo CRM');
    for (const { shape, what, sender } of WRITE_SHAPES) {
      expect(text).toContain(`[ok] ${shape}\n    ${what} (${sender})\n    api → CRM:   2`);
    }
    // Each shape went out as the api sends it, e.g. the pipeline change clears the stage.
    const pipeline = report.shapes.find(
      (row) => row.shape === 'PUT /deals/{id} {pipeline_id, stage_id:null}',
    );
    expect(pipeline?.crm).toEqual([expect.stringMatching(/^200 PUT \/deals\/[0-9a-f]+$/)]);
    expect(report.shapes.find((row) => row.shape === 'DELETE /webhooks/{id}')?.crm).toHaveLength(
      CRM_WEBHOOK_EVENTS.length,
    );

    // What RD cannot delete stays, named; products and webhooks were removed.
    const kinds = report.leftovers.map((line) => line.split(' ')[0]);
    expect(kinds).toEqual([
      ...Array(4).fill('contato'),
      ...Array(3).fill('negociação'),
      'nota',
      ...Array(7).fill('tarefa'),
    ]);
    expect(report.leftovers.filter((line) => line.endsWith(', concluída'))).toHaveLength(7);
    expect(text).toContain(
      'Ficou na conta (a API v2 não documenta exclusão de contatos, negociações, notas e tarefas; apague no CRM):',
    );
    expect(await crmGet('/webhooks?page[size]=100')).toEqual([]);
    const dealA = /^negociação (\S+) '.* negociação A /.exec(report.leftovers[4] ?? '')?.[1];
    expect(dealA).toBeDefined();
    expect(await crmGet(`/deals/${dealA}/products?page[size]=100`)).toEqual([]);
    expect(text).toMatch(/Tudo certo\.\nTempo: \d+\.\d s$/);
  });

  it('lenient: every reading flipped, all 57 shapes still accepted', async () => {
    sandbox.setKnobs(LENIENT_KNOBS);
    expectEveryShapeAccepted(await checkWrites());
  });

  it('pages capped at 50: the reads step down and all 57 shapes are accepted', async () => {
    sandbox.setKnobs({ maxPageSize: 50 });
    const report = await checkWrites();
    expect(report.rows.filter((row) => row.status !== 'ok')).toEqual([]);
    expectEveryShapeAccepted(report);
  });

  it('a write the CRM refuses is listed with its answer and fails the check (exit 1)', async () => {
    // The sandbox refuses the one request that clears a deal's source.
    const refusing: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (
        init?.method === 'PUT' &&
        /\/crm\/v2\/deals\/[^/]+$/.test(url) &&
        init.body === JSON.stringify({ data: { source_id: null } })
      )
        sandbox.forceStatus(422, 1);
      return fetch(input, init);
    };
    const printed: string[] = [];
    const code = await crmCheckCli(
      ['--writes'],
      {
        CRM_BASE_URL: `${sandbox.url}/crm/v2`,
        CRM_ACCESS_TOKEN: tokenOf(ANA),
        CRM_CHECK_EMAIL: ANA,
      },
      { log: (line) => printed.push(line), error: (line) => printed.push(line) },
      refusing,
    );
    expect(code).toBe(1);
    const text = printed.join('\n');
    expect(text).toContain('Escritas: 56 de 57 formas aceitas pelo CRM');
    expect(text).toMatch(
      /\[falhou\] PUT \/deals\/\{id\} \{source_id:null\}\n {4}Fonte removida \(painel\)\n {4}api → CRM: {3}422 PUT \/deals\/[0-9a-f]+ → \{"errors":/,
    );
    expect(text).toContain('[ok] PUT /deals/{id} {source_id}\n');
    expect(text).toMatch(/1 verificação\(ões\) falharam\.\nTempo: /);
  });

  it('a shape the account cannot take is listed as not sent, with why, and fails the check', async () => {
    for (const reason of await crmGet('/lost_reasons?page[size]=100'))
      await sandbox.change({
        account: ACCOUNT1.id,
        resource: 'lost_reasons',
        id: String(reason.id),
        delete: true,
      });
    const report = await checkWrites();
    expect(report.ok).toBe(false);
    expect(shapeCount(report.shapes)).toEqual({ accepted: 56, total: 57 });
    expect(report.notSent).toEqual(['venda perdida: a conta não tem motivo de perda']);
    const text = formatReport(report);
    expect(text).toContain(
      '[não enviada] PUT /deals/{id} {lost_reason_id, status=lost}\n    Venda perdida com o motivo (painel)\n',
    );
    expect(text).toContain(
      'Não enviado (e por quê):\n- venda perdida: a conta não tem motivo de perda',
    );
  });

  it('exit codes: 0 when every shape is accepted, 2 on a usage error', async () => {
    const env = { CRM_BASE_URL: `${sandbox.url}/crm/v2`, CRM_ACCESS_TOKEN: tokenOf(ANA) };
    const printed: string[] = [];
    const io = {
      log: (line: string) => printed.push(line),
      error: (line: string) => printed.push(line),
    };
    expect(await crmCheckCli(['--writes'], env, io)).toBe(0);
    expect(printed.join('\n')).toContain('Escritas: 57 de 57 formas aceitas pelo CRM');
    expect(await crmCheckCli(['--writes'], { ...env, CRM_PAGE_SIZE: 'cem' }, io)).toBe(2);
    expect(printed).toContain('CRM_PAGE_SIZE deve ser um número inteiro positivo.');
    expect(await crmCheckCli(['--writes'], { CRM_BASE_URL: env.CRM_BASE_URL }, io)).toBe(2);
  });

  it('npm run crm:check -- --writes exits 0 as a command', async () => {
    const root = path.resolve(__dirname, '../../..');
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile(
        path.join(root, 'node_modules/.bin/tsx'),
        ['apps/api/src/check/main.ts', '--writes'],
        {
          cwd: root,
          env: {
            PATH: process.env.PATH,
            CRM_BASE_URL: `${sandbox.url}/crm/v2`,
            CRM_ACCESS_TOKEN: tokenOf(ANA),
          },
        },
        (error, stdout) => resolve({ code: error ? (error.code as number) : 0, stdout }),
      );
    });
    expect(result.stdout).toContain('Escritas: 57 de 57 formas aceitas pelo CRM');
    expect(result.code).toBe(0);
  }, 60_000);
});

describe('the write shapes are the api’s', () => {
  it('names each request by method, path with ids out, and the fields of data', () => {
    expect(
      writeShapeOf('PUT', '/deals/6b0b%20x', { data: { stage_id: null, pipeline_id: 'p1' } }),
    ).toBe('PUT /deals/{id} {pipeline_id, stage_id:null}');
    expect(
      writeShapeOf('POST', '/contacts', {
        data: { name: 'a', phones: [{ phone: '+55', type: 'mobile' }], emails: [{ email: 'e' }] },
      }),
    ).toBe('POST /contacts {emails[]{email}, name, phones[]{phone, type=mobile}}');
    expect(writeShapeOf('PUT', '/deals/d1', { data: { contact_ids: [] } })).toBe(
      'PUT /deals/{id} {contact_ids:[]}',
    );
    expect(writeShapeOf('DELETE', '/deals/d1/products/p1', undefined)).toBe(
      'DELETE /deals/{id}/products/{id}',
    );
    const shapes = WRITE_SHAPES.map((row) => row.shape);
    expect(new Set(shapes).size).toBe(shapes.length);
    expect(shapes).toHaveLength(57);
  });

  it('every write route of the api and every field its body lets through is in a shape', async () => {
    const harness = await startHarness({ sharedSandbox: sandbox });
    try {
      const document = harness.api.swagger() as {
        paths: Record<string, Record<string, { requestBody?: unknown }>>;
      };
      // Writes that stay in this api's store (or are the sign-in itself), never a CRM write.
      const storeWrites = new Set([
        'POST /api/rdstation/credentials',
        'DELETE /api/rdstation/credentials',
        'POST /api/rdstation/terms/accept',
        'POST /api/rdstation/auth/revoke',
        'POST /api/rdstation/auth/v1-token',
        'POST /api/rdstation/auth/crm-user',
        'POST /api/rdstation/auth/confirm',
        'POST /api/rdstation/auth/tab/start',
        'POST /api/rdstation/auth/tab/redeem',
        'POST /api/rdstation/contact-mapping',
        'POST /api/rdstation/contact/{id}/last-deal',
      ]);
      // Checked against the session and never sent (identity/authorship.ts).
      const neverSent = new Set(['POST /tasks created_by_id']);
      const fieldsOf = (shape: string) =>
        shape
          .slice(shape.indexOf(' {') + 2, -1)
          .split(/, (?![^{]*\})/)
          .map((field) => /^[a-z_]+/.exec(field)?.[0] ?? '')
          .filter(Boolean);
      const missing: string[] = [];
      for (const [route, operations] of Object.entries(document.paths)) {
        if (!route.startsWith('/api/rdstation/')) continue;
        for (const [method, operation] of Object.entries(operations)) {
          const upper = method.toUpperCase();
          if (!['POST', 'PUT', 'DELETE', 'PATCH'].includes(upper)) continue;
          if (storeWrites.has(`${upper} ${route}`)) continue;
          const crmPath = route
            .replace('/api/rdstation', '')
            .replace('/with-mapping', '')
            .replace(/\{[^}]+\}/g, '{id}');
          const head = `${upper} ${crmPath}`;
          const listed = WRITE_SHAPES.filter(
            (row) => row.shape === head || row.shape.startsWith(`${head} {`),
          );
          if (listed.length === 0) {
            missing.push(`${upper} ${route}: nenhuma forma`);
            continue;
          }
          const schema = (
            operation.requestBody as {
              content?: Record<string, { schema?: { properties?: Record<string, unknown> } }>;
            }
          )?.content?.['application/json']?.schema;
          const bodySchema = route.endsWith('/with-mapping')
            ? (schema?.properties?.contact as { properties?: Record<string, unknown> } | undefined)
            : schema;
          const covered = new Set(listed.flatMap((row) => fieldsOf(row.shape)));
          for (const field of Object.keys(bodySchema?.properties ?? {}))
            if (!covered.has(field) && !neverSent.has(`${head} ${field}`))
              missing.push(`${head}: ${field}`);
        }
      }
      expect(missing).toEqual([]);
    } finally {
      await harness.close();
    }
  });

  it('every CRM write call in the api is one the list knows (a new one fails here)', () => {
    const root = path.resolve(__dirname, '../src');
    const found: Record<string, number> = {};
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'check') walk(full);
        } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          // A write route of the CRM proxy, or a write through the CRM client.
          const count = (
            fs
              .readFileSync(full, 'utf8')
              .match(
                /(?:registerWriteRoute\([^{]*\{|\.request\([^,(){}]*,\s*\{)\s*method: '(?:POST|PUT|DELETE|PATCH)'/g,
              ) ?? []
          ).length;
          if (count > 0) found[path.relative(root, full)] = count;
        }
      }
    };
    walk(root);
    // Each is in WRITE_SHAPES: the routes by the test above, the webhooks by event. (The OAuth
    // token request is RD's sign-in, not the CRM API: crm:check --sign-in makes it.)
    expect(found).toEqual({
      'changes/crmWebhooks.ts': 3,
      'routes/contacts.ts': 3,
      'routes/deals.ts': 6,
      'routes/tasks.ts': 2,
    });
    for (const event of CRM_WEBHOOK_EVENTS)
      expect(WRITE_SHAPES.map((row) => row.shape)).toContain(
        `POST /webhooks {event_name=${event}, http_method=POST, name, url}`,
      );
  });
});
