import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LENIENT_KNOBS, type RunningSandbox, startSandbox } from '@crm-panel/crm-sandbox';
import { CRM_WEBHOOK_EVENTS } from '@api/changes/crmWebhooks';
import { crmCheckCli } from '@api/check/cli';
import {
  type CrmCheckReport,
  formatReport,
  REQUEST_SHAPES,
  runCrmCheck,
  SHAPE_RULE,
  shapeCount,
} from '@api/check/crmCheck';
import { READ_SHAPES, readShapeOf } from '@api/check/readShapes';
import { WRITE_SHAPES, writeShapeOf } from '@api/check/writeShapes';
import { ACCOUNT1, startHarness } from './support/harness';

// `npm run crm:check -- --writes` against the sandbox: every request shape the product sends, reads
// (src/check/readShapes.ts) and writes (src/check/writeShapes.ts), goes out through the api's own
// routes and is listed with what the CRM answered; a refused one fails the check, and so does one
// the lists do not know. And the lists are held to the api: a route, a body field or a CRM write
// call they do not cover fails here.

let sandbox: RunningSandbox;
// The sandbox's and the check's clock: a wait for RD's minute (a check whose pages are capped sends
// more than 120 requests) moves it on at once instead of taking a minute of test.
let offset = 0;
const clock = {
  now: () => Date.now() + offset,
  sleep: async (ms: number) => {
    offset += ms;
  },
};
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, now: clock.now });
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
const ALL = { accepted: 92, total: 92, writes: 54, reads: 38 };
const ALL_LINE = 'Requisições ao CRM: 92 de 92 formas aceitas (54 escritas + 38 leituras)';
const checkWrites = (extra: { fetch?: typeof fetch } = {}) =>
  runCrmCheck({
    baseUrl: `${sandbox.url}/crm/v2`,
    accessToken: tokenOf(ANA),
    userEmail: ANA,
    writes: true,
    now: clock.now,
    sleep: clock.sleep,
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
  expect(report.shapes.map((row) => row.what)).toEqual(REQUEST_SHAPES.map((row) => row.what));
  // Each row names the form that went out: the strict one, or where the api adapted, another.
  report.shapes.forEach((row, index) => {
    const listed = REQUEST_SHAPES[index];
    expect([listed?.shape, ...(listed?.alternatives ?? [])]).toContain(row.shape);
  });
  expect(shapeCount(report.shapes)).toEqual(ALL);
  expect(report.notSent).toEqual([]);
  expect(report.ok).toBe(true);
}

/** Every deal and contact write body the api sent to the CRM, parsed. */
function writeBodies(): { fetch: typeof fetch; bodies: Record<string, unknown>[] } {
  const bodies: Record<string, unknown>[] = [];
  return {
    bodies,
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (/\/crm\/v2\/(deals|contacts)(\/[^/]+)?$/.test(url) && typeof init?.body === 'string')
        bodies.push(JSON.parse(init.body) as Record<string, unknown>);
      return fetch(input, init);
    },
  };
}

describe('crm:check --writes against the sandbox', () => {
  it('strict: sends all 92 request shapes (54 writes + 38 reads), lists each, and says what it left', async () => {
    const wire = writeBodies();
    const report = await checkWrites({ fetch: wire.fetch });
    expectEveryShapeAccepted(report);
    const text = formatReport(report);
    expect(text).toContain(`${ALL_LINE}\n${SHAPE_RULE}\n\nLeituras:\n\n[ok] GET /users?`);
    for (const { shape, what, sender, probe } of REQUEST_SHAPES) {
      // A probe of `~` the sandbox refuses (strict) is answered with a 400, and that is its answer.
      expect(text).toContain(
        `[ok] ${shape}\n    ${what} (${sender})\n    api → CRM:   ${probe ? '400' : '2'}`,
      );
    }
    expect(text).toContain('\nEscritas:\n\n[ok] POST /contacts {name}\n');
    // Each shape went out as the api sends it, e.g. the pipeline change names the new pipeline's
    // first stage, and no deal or contact body holds a value RD does not document.
    const pipeline = report.shapes.find(
      (row) => row.shape === 'PUT /deals/{id} {pipeline_id, stage_id}',
    );
    expect(pipeline?.crm).toEqual([expect.stringMatching(/^200 PUT \/deals\/[0-9a-f]+$/)]);
    const moves = wire.bodies.filter(
      (body) => (body.data as Record<string, unknown>).pipeline_id !== undefined,
    );
    expect(moves).toHaveLength(4);
    const move = moves.find((body) => !('name' in (body.data as Record<string, unknown>)));
    const to = String((move?.data as Record<string, unknown>).pipeline_id);
    const [first] = await crmGet(`/pipelines/${to}/stages?page[size]=100`);
    expect(move).toEqual({ data: { pipeline_id: to, stage_id: first?.id } });
    const sent = JSON.stringify(wire.bodies);
    expect(sent).not.toMatch(/"(stage_id|source_id|organization_id)":null|"contact_ids":\[\]/);
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

  it('lenient: every reading flipped, all 92 shapes still accepted', async () => {
    sandbox.setKnobs(LENIENT_KNOBS);
    expectEveryShapeAccepted(await checkWrites());
  });

  it('pages capped at 50: the reads step down and all 92 shapes are accepted', async () => {
    sandbox.setKnobs({ maxPageSize: 50 });
    const report = await checkWrites();
    expect(report.rows.filter((row) => row.status !== 'ok')).toEqual([]);
    expectEveryShapeAccepted(report);
  });

  it('a write the CRM refuses is listed with its answer and fails the check (exit 1)', async () => {
    // The sandbox refuses the one request that sets a deal's rating.
    const refusing: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (
        init?.method === 'PUT' &&
        /\/crm\/v2\/deals\/[^/]+$/.test(url) &&
        init.body === JSON.stringify({ data: { rating: 4 } })
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
    expect(text).toContain(
      'Requisições ao CRM: 91 de 92 formas aceitas (54 escritas + 38 leituras)',
    );
    expect(text).toMatch(
      /\[falhou\] PUT \/deals\/\{id\} \{rating\}\n {4}Qualificação \(painel\)\n {4}api → CRM: {3}422 PUT \/deals\/[0-9a-f]+ → \{"errors":/,
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
    // Without a reason, the searches by a reason's name have nothing to search for either.
    expect(shapeCount(report.shapes)).toEqual({ ...ALL, accepted: 89 });
    expect(report.shapes.filter((row) => row.status !== 'ok').map((row) => row.shape)).toEqual([
      'GET /lost_reasons?filter=name:~"…"&page[number]&page[size]',
      'GET /lost_reasons?filter=name:"…"&page[number]&page[size]&sort[name]=asc',
      'PUT /deals/{id} {lost_reason_id, status=lost}',
    ]);
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
    expect(printed.join('\n')).toContain(ALL_LINE);
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
    expect(result.stdout).toContain(ALL_LINE);
    expect(result.code).toBe(0);
  }, 60_000);
});

describe('the request shapes are the api’s', () => {
  it('names each write by method, path with ids out, and the fields of data', () => {
    expect(
      writeShapeOf('PUT', '/deals/6b0b%20x', { data: { stage_id: 's1', pipeline_id: 'p1' } }),
    ).toBe('PUT /deals/{id} {pipeline_id, stage_id}');
    expect(
      writeShapeOf('POST', '/contacts', {
        data: { name: 'a', phones: [{ phone: '+55', type: 'mobile' }], emails: [{ email: 'e' }] },
      }),
    ).toBe('POST /contacts {emails[]{email}, name, phones[]{phone, type=mobile}}');
    expect(
      writeShapeOf('PUT', '/contacts/c1', { data: { name: 'a', organization_id: null } }),
    ).toBe('PUT /contacts/{id} {name, organization_id:null}');
    expect(writeShapeOf('PUT', '/deals/d1', { data: { contact_ids: [] } })).toBe(
      'PUT /deals/{id} {contact_ids:[]}',
    );
    expect(writeShapeOf('DELETE', '/deals/d1/products/p1', undefined)).toBe(
      'DELETE /deals/{id}/products/{id}',
    );
    const shapes = WRITE_SHAPES.map((row) => row.shape);
    expect(new Set(shapes).size).toBe(shapes.length);
    expect(shapes).toHaveLength(54);
    // No write the product sends holds a value RD's reference gives no way to write.
    expect(
      shapes.filter((shape) =>
        /(stage_id|source_id|organization_id):null|contact_ids:\[\]/.test(shape),
      ),
    ).toEqual([]);
  });

  it('names each read by path with ids out, and its query without values', () => {
    const base = 'https://api.rd.services/crm/v2';
    const read = (pathAndQuery: string) => readShapeOf(new URL(`${base}${pathAndQuery}`), base);
    expect(read('/deals/6b0b1?x=1')).toBe('GET /deals/{id}?x');
    expect(
      read(
        `/tasks?filter=${encodeURIComponent('deal_id:"d 1" and status:"open"')}&sort[due_date]=desc&page[number]=2&page[size]=50`,
      ),
    ).toBe(
      'GET /tasks?filter=deal_id:"…" and status:"…"&page[number]&page[size]&sort[due_date]=desc',
    );
    expect(read(`/contacts?filter=${encodeURIComponent('phone:("+55 1","1")')}&page[size]=1`)).toBe(
      'GET /contacts?filter=phone:(…)&page[size]',
    );
    expect(read('/pipelines/p1/stages/s2')).toBe('GET /pipelines/{id}/stages/{id}');
    const forms = READ_SHAPES.flatMap((row) => [row.shape, ...(row.alternatives ?? [])]);
    expect(new Set(forms).size).toBe(forms.length);
    expect(READ_SHAPES).toHaveLength(38);
    expect(REQUEST_SHAPES).toHaveLength(92);
  });

  it('every read route of the api reaches the CRM in a listed read shape', async () => {
    const harness = await startHarness({ sharedSandbox: sandbox });
    try {
      const document = harness.api.swagger() as { paths: Record<string, Record<string, unknown>> };
      // Reads answered from this api's store or the sign-in, never a CRM read.
      const storeReads = new Set([
        '/api/rdstation/terms/status',
        '/api/rdstation/credentials/status',
        '/api/rdstation/auth/status',
        '/api/rdstation/contact-mapping/{id}',
        '/api/rdstation/contact/{id}/last-deal',
        // The sign-in's pages and redirects (RD's OAuth, not its CRM API).
        '/api/rdstation/auth/start',
        '/api/rdstation/auth/begin',
        '/api/rdstation/auth/callback',
      ]);
      // Where the CRM path is not the route's own.
      const crmPathOf: Record<string, string> = {
        '/api/rdstation/user/profile': '/users/{id}',
        '/api/rdstation/auth/crm-users': '/users',
      };
      const forms = READ_SHAPES.flatMap((row) => [row.shape, ...(row.alternatives ?? [])]);
      const missing: string[] = [];
      for (const [route, operations] of Object.entries(document.paths)) {
        if (!route.startsWith('/api/rdstation/') || !('get' in operations)) continue;
        if (storeReads.has(route)) continue;
        const crmPath =
          crmPathOf[route] ??
          route
            .replace('/api/rdstation', '')
            .replace(/\{[^}]+\}/g, '{id}')
            .replace(/^\/([a-z]+)-([a-z]+)/, '/$1_$2');
        const head = `GET ${crmPath}`;
        if (!forms.some((form) => form === head || form.startsWith(`${head}?`)))
          missing.push(`GET ${route} → ${head}`);
      }
      expect(missing).toEqual([]);
    } finally {
      await harness.close();
    }
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
