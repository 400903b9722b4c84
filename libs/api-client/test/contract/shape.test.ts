/** @jest-environment node */
import { compareShapes, formatDifferences, shapeOf } from './shape';

const diff = (real: unknown, fake: unknown, optionalPaths: string[] = []) =>
  compareShapes(
    shapeOf(real, { mapKeys: ['custom_fields'] }),
    shapeOf(fake, { mapKeys: ['custom_fields'] }),
    { optionalPaths },
  );

describe('shapeOf / compareShapes', () => {
  it('values do not matter, keys and types do', () => {
    expect(diff({ id: 'a', n: 1 }, { n: 2, id: 'b' })).toEqual([]);
    expect(diff({ id: 'a', n: 1 }, { id: 'a', n: '1' })).toEqual([
      { path: '$.n', real: 'number', fake: 'string' },
    ]);
    expect(diff({ id: 'a' }, { id: 'a', extra: true })).toEqual([
      { path: '$.extra', real: '(missing)', fake: 'boolean' },
    ]);
    expect(diff({ id: 'a', gone: [] }, { id: 'a' })).toEqual([
      { path: '$.gone', real: 'array (empty)', fake: '(missing)' },
    ]);
  });

  it('null matches any type, an empty array any array', () => {
    expect(diff({ a: null, b: [] }, { a: { x: 1 }, b: [{ y: 'z' }] })).toEqual([]);
    expect(diff({ a: 'text' }, { a: null })).toEqual([]);
  });

  it("an array's items are merged: a key of any item counts", () => {
    expect(diff([{ a: 1 }, { a: 2, b: 'x' }], [{ a: 3 }])).toEqual([
      { path: '$[].b', real: 'string', fake: '(missing)' },
    ]);
  });

  it('custom_fields are compared as a map of values, optional paths may be absent', () => {
    expect(diff({ custom_fields: { slug_a: 'x' } }, { custom_fields: { other: 'y' } })).toEqual([]);
    expect(diff({ links: { next: '/p2' } }, { links: {} }, ['links.next'])).toEqual([]);
    expect(diff({ links: { next: '/p2' } }, { links: { next: 2 } }, ['links.next'])).toHaveLength(
      1,
    );
  });

  it('formats one entry per path', () => {
    expect(formatDifferences([{ path: '$.n', real: 'number', fake: 'string' }])).toBe(
      '  $.n\n    real: number\n    fake: string',
    );
  });
});
