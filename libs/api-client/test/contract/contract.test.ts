/** @jest-environment node */
import { READ_SHAPES, readShapeOf, WRITE_SHAPES, writeShapeOf } from '@crm-panel/api/testing';
import { CALL_NAMES, type CallAnswer, type CallName, runCalls } from './calls';
import { type FakeSide, startFakeSide } from './fakeSide';
import { type CrmRequest, type RealSide, startRealSide } from './realSide';
import {
  type CompareOptions,
  compareShapes,
  formatDifferences,
  shapeOf,
  type ShapeOptions,
} from './shape';

// Api-client's resource calls against the real api (buildApp + crm-sandbox +
// host-sim) and against the MSW fake of '@crm-panel/api-client/testing'; both must answer in the
// same shape (shape.ts says what counts as a difference: null matches any type, keys and types
// must agree). The real side runs first and is stopped before the fake one starts: msw/node
// intercepts every request of the process while it listens. Both are stopped in afterAll too, in
// case a step between failed.

/** Deals' custom fields are keyed by the account's slugs: data, not structure. */
const SHAPE_OPTIONS: ShapeOptions = { mapKeys: ['custom_fields'] };
/** A list page has `links.next` only while another page follows (the real CRM has more records). */
const COMPARE_OPTIONS: CompareOptions = { optionalPaths: ['links.next'] };

let realSide: RealSide | undefined;
let fakeSide: FakeSide | undefined;
let real: Record<CallName, CallAnswer>;
let fake: Record<CallName, CallAnswer>;
let crmBaseUrl = '';
let crmRequests: CrmRequest[] = [];

beforeAll(async () => {
  realSide = await startRealSide();
  real = await runCalls(realSide.world);
  ({ crmBaseUrl, crmRequests } = realSide);
  await realSide.close();
  fakeSide = await startFakeSide();
  fake = await runCalls(fakeSide.world);
  fakeSide.close();
}, 30_000);

afterAll(async () => {
  fakeSide?.close();
  await realSide?.close();
});

function differencesOf(name: CallName, part: keyof CallAnswer): string | null {
  const differences = compareShapes(
    shapeOf(real[name][part], SHAPE_OPTIONS),
    shapeOf(fake[name][part], SHAPE_OPTIONS),
    COMPARE_OPTIONS,
  );
  return differences.length === 0
    ? null
    : `${name} (${part === 'result' ? 'resolved value' : 'response body'}) differs in shape:\n${formatDifferences(differences)}`;
}

describe('api-client against the real api and against the MSW fake', () => {
  it.each(CALL_NAMES.map((name) => [name]))('%s answers in the same shape', (name) => {
    const found = [differencesOf(name, 'result'), differencesOf(name, 'wire')].filter(
      (message): message is string => message !== null,
    );
    expect(found.join('\n')).toBe('');
  });

  it('every call reached an api on both sides (no swallowed failure)', () => {
    const silent = CALL_NAMES.flatMap((name) =>
      [
        real[name].wire === undefined ? `${name} (real)` : null,
        fake[name].wire === undefined ? `${name} (fake)` : null,
      ].filter((entry): entry is string => entry !== null),
    );
    expect(silent).toEqual([]);
  });
});

/** A CRM request as crm:check names its shape (apps/api src/check/readShapes.ts, writeShapes.ts). */
function shapeOfRequest(request: CrmRequest): string {
  if (request.method === 'GET') return readShapeOf(request.url, crmBaseUrl);
  const path = decodeURIComponent(request.url.pathname.slice(new URL(crmBaseUrl).pathname.length));
  return writeShapeOf(
    request.method,
    path,
    request.body === '' ? undefined : JSON.parse(request.body),
  );
}

/** `POST /deals {a, b=x, c[]{d}}` → `POST /deals` and its body's fields `a`, `b=x`, `c[]{d}`. */
function partsOf(shape: string): { head: string; fields: string[] } {
  const open = shape.indexOf(' {');
  if (open < 0) return { head: shape, fields: [] };
  return { head: shape.slice(0, open), fields: shape.slice(open + 2, -1).split(/, (?![^{]*\})/) };
}

describe('what the panel’s calls send to the CRM', () => {
  // `crm:check --writes` sends each shape of its lists to a real RD account: a shape the product
  // sends that is not listed there would never be checked. A read is listed as it goes out. A
  // write is listed when each field of its body, with its value where the shape names one
  // (`billing_frequency=monthly`), is in a listed write of the same method and path: the forms
  // combine optional fields freely, and RD takes or refuses a body by its fields. (RD's OAuth and
  // the API v1 token check go to other addresses than the API v2 and are not in these lists.)
  it('every CRM API v2 request the api sent for them is a request shape crm:check lists', () => {
    const reads = new Set(READ_SHAPES.flatMap((row) => [row.shape, ...(row.alternatives ?? [])]));
    const writes = WRITE_SHAPES.map((row) => partsOf(row.shape));
    const listed = (shape: string) => {
      if (shape.startsWith('GET ')) return reads.has(shape);
      const { head, fields } = partsOf(shape);
      const same = writes.filter((row) => row.head === head);
      return (
        same.length > 0 && fields.every((field) => same.some((row) => row.fields.includes(field)))
      );
    };
    const sent = [...new Set(crmRequests.map(shapeOfRequest))];
    expect(sent.length).toBeGreaterThan(40);
    expect(sent.filter((shape) => !listed(shape))).toEqual([]);
    // The deal picker's search with 'Negociações com esse contato' went out as the api's scan.
    expect(sent).toContain(
      'GET /deals?filter=name:~"…"&page[number]&page[size]&sort[updated_at]=desc',
    );
  });
});
