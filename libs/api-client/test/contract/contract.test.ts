/** @jest-environment node */
import { CALL_NAMES, type CallAnswer, type CallName, runCalls } from './calls';
import { type FakeSide, startFakeSide } from './fakeSide';
import { type RealSide, startRealSide } from './realSide';
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

beforeAll(async () => {
  realSide = await startRealSide();
  real = await runCalls(realSide.world);
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
