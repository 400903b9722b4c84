// The shape of a JSON value, and the differences between two shapes, for the contract test.
//
// A shape keeps the structure and drops the values: an object's keys (sorted) with the shapes of
// their values; an array's items merged into one shape (the union of every item's shape, so a key
// that only some records carry still counts); a scalar's type name. Rules of the comparison:
// - `null` matches any type: the CRM sends null for an unset field of any type, so a field that
//   is null on one side and a string (or object, or array) on the other is no difference.
// - An empty array is 'array of unknown' and matches any array.
// - A missing or extra key, or two different non-null types (number vs string), is a difference.
// - Under a `mapKeys` key (e.g. `custom_fields`) the keys are data (slugs), not structure: only
//   the value types are compared, and one side may use fewer of them than the other.
// - A key listed in `optionalPaths` (a path suffix, e.g. `links.next`) is there or not depending on
//   the data (a next page exists or not): one side may lack it; when both have it, it is compared.

export type ScalarType = 'string' | 'number' | 'boolean' | 'null';

export interface Shape {
  /** The scalar types seen here ('null' included). */
  scalars: Set<ScalarType>;
  /** Keys of the objects seen here, merged; undefined when no object was seen. */
  object?: Map<string, Shape>;
  /** The merged shape of the items of the arrays seen here; null: only empty arrays were seen. */
  array?: Shape | null;
  /** Under a data-keyed object: the merged shape of its values. */
  map?: Shape;
}

export interface ShapeOptions {
  /** Keys whose object holds data keys (slugs, ids): compared as a map of values. */
  mapKeys?: readonly string[];
}

export interface CompareOptions {
  /** Path suffixes (e.g. 'links.next') of keys that are present or not depending on the data. */
  optionalPaths?: readonly string[];
}

const empty = (): Shape => ({ scalars: new Set() });

export function shapeOf(value: unknown, options: ShapeOptions = {}, asMap = false): Shape {
  if (value === null || value === undefined) return { scalars: new Set(['null']) };
  if (Array.isArray(value)) {
    const items = value.map((item) => shapeOf(item, options));
    return { scalars: new Set(), array: items.length === 0 ? null : items.reduce(mergeShapes) };
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (asMap) {
      const values = entries.map(([, item]) => shapeOf(item, options));
      return {
        scalars: new Set(),
        map: values.length === 0 ? empty() : values.reduce(mergeShapes),
      };
    }
    const keys = new Map<string, Shape>();
    for (const [key, item] of entries.sort(([a], [b]) => a.localeCompare(b))) {
      keys.set(key, shapeOf(item, options, options.mapKeys?.includes(key) ?? false));
    }
    return { scalars: new Set(), object: keys };
  }
  const type = typeof value;
  if (type === 'string' || type === 'number' || type === 'boolean') {
    return { scalars: new Set([type]) };
  }
  throw new Error(`not a JSON value: ${type}`);
}

/** The union of two shapes (the items of one array). */
export function mergeShapes(a: Shape, b: Shape): Shape {
  const merged: Shape = { scalars: new Set([...a.scalars, ...b.scalars]) };
  if (a.object || b.object) {
    const keys = new Map(a.object ?? []);
    for (const [key, shape] of b.object ?? []) {
      const known = keys.get(key);
      keys.set(key, known ? mergeShapes(known, shape) : shape);
    }
    merged.object = keys;
  }
  if (a.array !== undefined || b.array !== undefined) {
    const items = [a.array, b.array].filter((item): item is Shape => Boolean(item));
    merged.array = items.length === 0 ? null : items.reduce(mergeShapes);
  }
  const maps = [a.map, b.map].filter((map): map is Shape => map !== undefined);
  if (maps.length > 0) merged.map = maps.reduce(mergeShapes);
  return merged;
}

/** 'string | null', 'object', 'array', … — the kinds of a shape, for the diff. */
export function describeShape(shape: Shape): string {
  const kinds: string[] = [...shape.scalars].filter((type) => type !== 'null').sort();
  if (shape.object) kinds.push(`object {${[...shape.object.keys()].join(', ')}}`);
  if (shape.array !== undefined) kinds.push(shape.array === null ? 'array (empty)' : 'array');
  if (shape.map) kinds.push('map');
  if (shape.scalars.has('null')) kinds.push('null');
  return kinds.length === 0 ? 'nothing' : kinds.join(' | ');
}

export interface ShapeDifference {
  path: string;
  real: string;
  fake: string;
}

/** Kinds of a shape other than null. */
function kinds(shape: Shape): string[] {
  const found: string[] = [...shape.scalars].filter((type) => type !== 'null');
  if (shape.object) found.push('object');
  if (shape.array !== undefined) found.push('array');
  if (shape.map) found.push('map');
  return found.sort();
}

/** Every place where the two shapes differ (see the rules at the top of this file). */
export function compareShapes(
  real: Shape,
  fake: Shape,
  options: CompareOptions = {},
  path = '$',
  subsetOk = false,
): ShapeDifference[] {
  const realKinds = kinds(real);
  const fakeKinds = kinds(fake);
  // Only null (or nothing) on one side: null matches any type.
  if (realKinds.length === 0 || fakeKinds.length === 0) return [];
  const sameKinds = subsetOk
    ? realKinds.every((kind) => fakeKinds.includes(kind)) ||
      fakeKinds.every((kind) => realKinds.includes(kind))
    : realKinds.join() === fakeKinds.join();
  if (!sameKinds) return [{ path, real: describeShape(real), fake: describeShape(fake) }];
  const differences: ShapeDifference[] = [];
  if (real.object && fake.object) {
    const keys = [...new Set([...real.object.keys(), ...fake.object.keys()])].sort();
    for (const key of keys) {
      const realValue = real.object.get(key);
      const fakeValue = fake.object.get(key);
      const at = `${path}.${key}`;
      if (realValue && fakeValue) {
        differences.push(...compareShapes(realValue, fakeValue, options, at));
      } else if (!options.optionalPaths?.some((suffix) => at.endsWith(`.${suffix}`))) {
        differences.push({
          path: at,
          real: realValue ? describeShape(realValue) : '(missing)',
          fake: fakeValue ? describeShape(fakeValue) : '(missing)',
        });
      }
    }
  }
  if (real.array && fake.array) {
    differences.push(...compareShapes(real.array, fake.array, options, `${path}[]`));
  }
  if (real.map && fake.map) {
    differences.push(...compareShapes(real.map, fake.map, options, `${path}{*}`, true));
  }
  return differences;
}

/** One line per difference: `path: real <shape> ≠ fake <shape>`. */
export function formatDifferences(differences: ShapeDifference[]): string {
  return differences
    .map(({ path, real, fake }) => `  ${path}\n    real: ${real}\n    fake: ${fake}`)
    .join('\n');
}
