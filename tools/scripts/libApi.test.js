// A shared lib's public API may change only with a new version: the shell and the remotes pick
// copies by version at run time, so one version must mean one surface (libApi.js).
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { sharedLibs } = require('../webpack/sharedLibs');
const {
  currentSurfaces,
  readSnapshot,
  compare,
  bumpNeeded,
  bumpedEnough,
  unnamedBindings,
} = require('./libApi');

const surfaces = currentSurfaces();

for (const lib of Object.values(sharedLibs())) {
  test(`${lib.name}: the public API is the one recorded for version ${lib.version}`, () => {
    const snapshot = readSnapshot(lib.folder);
    assert.ok(
      snapshot,
      `libs/${lib.folder}/public-api.json não existe: rode node tools/scripts/libApi.js`,
    );
    const change = compare(snapshot.entries, surfaces[lib.name]);
    const bump = bumpNeeded(change);
    assert.equal(
      bump === null && snapshot.version === lib.version,
      true,
      bump
        ? `A API pública de ${lib.name} mudou (${bump}: ` +
            `${[...change.removed.map((n) => `removido ${n}`), ...change.changed.map((n) => `alterado ${n}`), ...change.added.map((n) => `novo ${n}`)].join(', ')}) ` +
            `e está registrada para ${snapshot.version}. Aumente a versão em libs/${lib.folder}/package.json ` +
            `(major para removido/alterado, minor para novo) e rode node tools/scripts/libApi.js.`
        : `libs/${lib.folder}/public-api.json registra a versão ${snapshot.version}, a lib está em ${lib.version}: rode node tools/scripts/libApi.js.`,
    );
  });
}

test('a removed or changed name needs a major, an added one a minor', () => {
  const before = { '@x/a': { one: 'value 1', two: 'value 2' } };
  assert.equal(bumpNeeded(compare(before, { '@x/a': { one: 'value 1', two: 'value 2' } })), null);
  assert.equal(bumpNeeded(compare(before, { '@x/a': { one: 'value 1' } })), 'major');
  assert.equal(
    bumpNeeded(compare(before, { '@x/a': { one: 'value 1', two: 'value 3' } })),
    'major',
  );
  assert.equal(
    bumpNeeded(compare(before, { '@x/a': { one: 'value 1', two: 'value 2', three: 'value 3' } })),
    'minor',
  );
  assert.equal(bumpedEnough('1.2.3', '2.0.0', 'major'), true);
  assert.equal(bumpedEnough('1.2.3', '1.3.0', 'major'), false);
  assert.equal(bumpedEnough('1.2.3', '1.3.0', 'minor'), true);
  assert.equal(bumpedEnough('1.2.3', '1.2.4', 'minor'), false);
  assert.equal(bumpedEnough('1.2.3', '1.2.3', null), true);
});

test("a constant that is the lib's own version moves with it: not a change of surface", () => {
  const before = { '@x/c': { CONTRACT_VERSION: 'value "1.0.0"', other: 'value 1' } };
  const after = { '@x/c': { CONTRACT_VERSION: 'value "1.1.0"', other: 'value 1' } };
  assert.equal(bumpNeeded(compare(before, after, { before: '1.0.0', after: '1.1.0' })), null);
  // Without the versions, or when the value is not the lib's version, it is a change.
  assert.equal(bumpNeeded(compare(before, after)), 'major');
  assert.equal(bumpNeeded(compare(before, after, { before: '1.0.0', after: '1.2.0' })), 'major');
});

test('an interface that only gained optional members is a minor; a new required one or a changed one, a major', () => {
  const before = { '@x/a': { Ctx: 'type Ctx { a: string | null; b: { c: number; d: string } }' } };
  const optional = {
    '@x/a': { Ctx: 'type Ctx { a: string | null; b: { c: number; d: string }; e?: string }' },
  };
  const required = {
    '@x/a': { Ctx: 'type Ctx { a: string | null; b: { c: number; d: string }; e: string }' },
  };
  const narrowed = { '@x/a': { Ctx: 'type Ctx { a: string; b: { c: number; d: string } }' } };
  assert.equal(bumpNeeded(compare(before, optional)), 'minor');
  assert.equal(bumpNeeded(compare(before, required)), 'major');
  assert.equal(bumpNeeded(compare(before, narrowed)), 'major');
});

test('an interface of methods that only gained an optional one is a minor too', () => {
  const before = {
    '@x/a': { Port: 'type Port { close: () => void; send: (text: string) => Promise<void> }' },
  };
  const optional = {
    '@x/a': {
      Port: 'type Port { close: () => void; pause?: (() => void) | undefined; send: (text: string) => Promise<void> }',
    },
  };
  const changed = {
    '@x/a': { Port: 'type Port { close: () => void; send: (text: number) => Promise<void> }' },
  };
  assert.equal(bumpNeeded(compare(before, optional)), 'minor');
  assert.equal(bumpNeeded(compare(before, changed)), 'major');
});

test('a union reads the same whatever order the compiler created its members in', () => {
  const { canonicalTypeText } = require('./libApi');
  const one = '(message: { text: string; kind: "b" | "a"; }) => Promise<Date | null>';
  const other = '(message: { text: string; kind: "a" | "b"; }) => Promise<null | Date>';
  assert.equal(canonicalTypeText(one), canonicalTypeText(other));
  assert.equal(canonicalTypeText('"x" | "a"'), '"a" | "x"');
  // Not every difference is an order: another member still reads differently.
  assert.notEqual(canonicalTypeText('"a" | "b"'), canonicalTypeText('"a" | "c"'));
});

test("a parameter's destructured names are no part of the surface; its type is", () => {
  const before = { '@x/a': { Field: 'value ({label, error, ...rest}: FieldProps) => Element' } };
  const renamed = { '@x/a': { Field: 'value ({ref, ...props}: FieldProps) => Element' } };
  const retyped = { '@x/a': { Field: 'value ({ref, ...props}: OtherProps) => Element' } };
  assert.equal(bumpNeeded(compare(before, renamed)), null);
  assert.equal(bumpNeeded(compare(before, retyped)), 'major');
  assert.equal(
    unnamedBindings(
      'value (id: string, {refresh}?: RefreshOption, cb: (v: {x: number}) => void) => void',
    ),
    'value (id: string, props?: RefreshOption, cb: (v: {x: number}) => void) => void',
  );
});
