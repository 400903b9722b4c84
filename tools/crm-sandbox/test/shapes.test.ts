import fs from 'node:fs';
import path from 'node:path';
import { type RunningSandbox } from '@crm-sandbox/index';
import { type CrmClient, type Envelope, type Row, q, startWithClient, WELL_KNOWN } from './helpers';

// The RD Station CRM API v2 reference samples (keys, nesting, enums), copied from the team's research
// notes so the repository checks its sandbox on its own.
const SAMPLES = path.join(__dirname, 'rd-crm-v2-samples');
const A = WELL_KNOWN.account1;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

let sandbox: RunningSandbox;
let crm: CrmClient;

beforeAll(async () => {
  ({ sandbox, crm } = await startWithClient());
  const hook = await crm.post('/webhooks', {
    name: 'Painel',
    event_name: 'crm_deal_updated',
    http_method: 'POST',
    url: 'https://painel.example.com/webhooks/rd',
  });
  expect(hook.status).toBe(201);
});

afterAll(async () => {
  await sandbox.close();
});

function readSample(name: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(SAMPLES, `${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Differences between our value and the sample's: same keys in the same order for objects, same
 * JSON types for leaves (our strings may be null where RD allows it), dates in ISO 8601.
 */
function shapeDiff(ours: unknown, sample: unknown, where: string): string[] {
  if (where.endsWith('.custom_fields')) {
    if (!isPlainObject(ours)) return [`${where}: expected an object keyed by slug`];
    return Object.entries(ours)
      .filter(([, value]) => !(value === null || typeof value === 'string' || Array.isArray(value)))
      .map(([key]) => `${where}.${key}: unexpected value type`);
  }
  if (isPlainObject(sample)) {
    if (!isPlainObject(ours)) return [`${where}: expected an object`];
    const keys = Object.keys(ours);
    const expected = Object.keys(sample);
    if (keys.join(',') !== expected.join(',')) return [`${where}: keys ${keys} ≠ ${expected}`];
    return expected.flatMap((key) => shapeDiff(ours[key], sample[key], `${where}.${key}`));
  }
  if (Array.isArray(sample)) {
    if (!Array.isArray(ours)) return [`${where}: expected an array`];
    return ours.flatMap((item, index) => shapeDiff(item, sample[0], `${where}[${index}]`));
  }
  if (typeof sample === 'string') {
    if (ours === null) return [];
    if (typeof ours !== 'string')
      return [`${where}: expected a string, got ${JSON.stringify(ours)}`];
    if (ISO_DATE_TIME.test(sample) && !ISO_DATE_TIME.test(ours))
      return [`${where}: not an ISO date-time`];
    if (ISO_DATE.test(sample) && !/^\d{4}-\d{2}-\d{2}$/.test(ours)) return [`${where}: not a date`];
    return [];
  }
  return typeof ours === typeof sample
    ? []
    : [`${where}: expected ${typeof sample}, got ${typeof ours}`];
}

/** Some samples hold one object where others hold a list (RD's custom field pages are swapped). */
const sampleItem = (sample: Record<string, unknown>): unknown =>
  Array.isArray(sample.data) ? sample.data[0] : sample.data;

const CASES: [sample: string, request: string, kind: 'get' | 'list'][] = [
  ['crm-v2-get-deal', `/deals/${A.deals.implantacao.id}`, 'get'],
  ['crm-v2-list-deals', `/deals?${q(`name:~"costa & filhos"`)}`, 'list'],
  ['crm-v2-get-contact', `/contacts/${A.contact.id}`, 'get'],
  ['crm-v2-list-contacts', '/contacts?page[size]=100', 'list'],
  ['crm-v2-get-organization', `/organizations/${A.organization.id}`, 'get'],
  ['crm-v2-list-organizations', '/organizations?page[size]=50', 'list'],
  ['crm-v2-get-user', `/users/${A.users.ana.id}`, 'get'],
  ['crm-v2-list-users', '/users', 'list'],
  ['crm-v2-get-source', `/sources/${A.sources.indicacao.id}`, 'get'],
  ['crm-v2-list-sources', '/sources', 'list'],
  ['crm-v2-get-campaign', `/campaigns/${A.campaigns.webinar.id}`, 'get'],
  ['crm-v2-list-campaigns', '/campaigns', 'list'],
  ['crm-v2-get-lost-reason', `/lost_reasons/${A.lostReasons.precoAlto.id}`, 'get'],
  ['crm-v2-list-lost-reasons', '/lost_reasons', 'list'],
  ['crm-v2-get-segment', '/segments?page[size]=1', 'get'],
  ['crm-v2-list-segments', '/segments', 'list'],
  ['crm-v2-get-custom-field', `/custom_fields/${A.customFields.segmento.id}`, 'get'],
  ['crm-v2-list-custom-fields', '/custom_fields', 'list'],
  ['crm-v2-get-product', `/products/${A.products.suporte.id}`, 'get'],
  ['crm-v2-list-products', '/products?page[size]=100', 'list'],
  ['crm-v2-get-pipeline', `/pipelines/${A.pipelines.vendas.id}`, 'get'],
  ['crm-v2-list-pipelines', '/pipelines', 'list'],
  [
    'crm-v2-get-stage-from-pipeline',
    `/pipelines/${A.pipelines.vendas.id}/stages/${A.pipelines.vendas.stages[0].id}`,
    'get',
  ],
  ['crm-v2-list-stages-from-pipeline', `/pipelines/${A.pipelines.vendas.id}/stages`, 'list'],
  ['crm-v2-get-task', '/tasks?page[size]=1', 'get'],
  ['crm-v2-list-tasks', `/tasks?${q(`deal_id:${A.deals.implantacao.id}`)}`, 'list'],
  ['crm-v2-list-notes-from-deal', `/deals/${A.deals.implantacao.id}/notes`, 'list'],
  ['crm-v2-list-products-from-deal', `/deals/${A.deals.implantacao.id}/products`, 'list'],
  ['crm-v2-get-webhook', '/webhooks?page[size]=1', 'get'],
  ['crm-v2-list-webhooks', '/webhooks', 'list'],
];

describe('response shapes match the RD reference samples', () => {
  it('finds the samples folder', () => {
    expect(fs.existsSync(path.join(SAMPLES, 'crm-v2-get-deal.json'))).toBe(true);
  });

  it('the diff catches a missing key, an extra key, a wrong order and a wrong type', () => {
    const sample = { data: { id: 'string', price: 0, tags: ['string'] } };
    expect(shapeDiff({ id: 'x', price: 1, tags: ['a'] }, sample.data, 'data')).toEqual([]);
    expect(shapeDiff({ id: 'x', tags: [] }, sample.data, 'data')).toHaveLength(1);
    expect(shapeDiff({ price: 1, id: 'x', tags: [] }, sample.data, 'data')).toHaveLength(1);
    expect(shapeDiff({ id: 'x', price: '1', tags: [] }, sample.data, 'data')).toEqual([
      'data.price: expected number, got string',
    ]);
    expect(shapeDiff({ id: 'x', price: 1, tags: [2] }, sample.data, 'data')).toEqual([
      'data.tags[0]: expected a string, got 2',
    ]);
  });

  it.each(CASES)('%s ← GET %s', async (name, request, kind) => {
    const sample = readSample(name);
    let response = await crm.get<unknown>(request);
    expect(response.status).toBe(200);
    if (kind === 'get' && request.includes('?')) {
      // No well-known id: read the first listed record by its id.
      const [first] = (response.body as Envelope<Row[]>).data;
      response = await crm.get<unknown>(`${request.split('?')[0]}/${String(first?.id)}`);
      expect(response.status).toBe(200);
    }
    if (kind === 'get') {
      expect(Object.keys(response.body)).toEqual(['data']);
      expect(shapeDiff(response.body.data, sampleItem(sample), 'data')).toEqual([]);
    } else {
      expect(Object.keys(response.body)).toEqual(['data', 'links']);
      const rows = response.body.data as unknown[];
      expect(rows.length).toBeGreaterThan(0);
      expect(shapeDiff(rows, [sampleItem(sample)], 'data')).toEqual([]);
      // The swapped custom-field sample has no links; every other list sample has all five.
      const allowed = Object.keys((sample.links ?? readSample('crm-v2-list-deals').links) as Row);
      expect(Object.keys(response.body.links).every((key) => allowed.includes(key))).toBe(true);
    }
  });

  it('uses only the enum values of the reference', async () => {
    const deals = [
      ...(await crm.get<Row[]>('/deals?page[size]=100')).body.data,
      ...(await crm.get<Row[]>('/deals?page[size]=100&page[number]=2')).body.data,
    ];
    expect(new Set(deals.map((deal) => deal.status))).toEqual(
      new Set(['ongoing', 'paused', 'won', 'lost']),
    );
    const tasks = (await crm.get<Row[]>('/tasks?page[size]=100')).body.data;
    for (const task of tasks) {
      expect(['call', 'email', 'meeting', 'task', 'lunch', 'visit', 'whatsapp']).toContain(
        task.type,
      );
      expect(['open', 'completed', 'canceled']).toContain(task.status);
    }
    const items = (await crm.get<Row[]>(`/deals/${A.deals.implantacao.id}/products`)).body.data;
    expect(items.map((item) => [item.discount_type, item.billing_frequency])).toEqual([
      ['percentage', 'monthly'],
      ['amount', 'one-time'],
      ['amount', 'annually'],
    ]);
    const contacts = (await crm.get<Row[]>('/contacts?page[size]=100')).body.data;
    const phoneTypes = new Set(
      contacts.flatMap((c) => (c.phones as { type: string }[]).map((p) => p.type)),
    );
    expect([...phoneTypes].every((type) => ['work', 'fax', 'home', 'mobile'].includes(type))).toBe(
      true,
    );
  });
});
