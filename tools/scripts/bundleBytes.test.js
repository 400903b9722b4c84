// What the bundle-size bench reads from the source maps: each library's code in a built file.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const {
  decodeMappings,
  exposedFiles,
  ownerOf,
  piecesByOwner,
  UNMAPPED,
  unmappedByKind,
} = require('./bundleBytes');

test('decodes the segments of a source map, with the source each one maps to', () => {
  // Line 1: column 0 → source 0, column 4 → source 1, column 9 → no source; line 2: column 2 →
  // source 1 (indexes are relative to the previous segment's).
  assert.deepEqual(decodeMappings('AAAA,ICAA,K;EAAA'), [
    [
      [0, 0],
      [4, 1],
      [9, undefined],
    ],
    [[2, 1]],
  ]);
});

test('names the owner of a source: a package, a workspace project or webpack itself', () => {
  assert.equal(
    ownerOf('webpack://shell/../../node_modules/react-router/dist/production/chunk-X.mjs'),
    'react-router',
  );
  assert.equal(
    ownerOf('webpack://x/../../node_modules/@tanstack/query-core/build/a.js'),
    '@tanstack/query-core',
  );
  assert.equal(
    ownerOf('webpack://shell/../../libs/api-client/src/client/http.ts'),
    'libs/api-client',
  );
  assert.equal(ownerOf('webpack://shell/webpack/runtime/jsonp chunk loading'), '(webpack runtime)');
  assert.equal(ownerOf('webpack://deal/webpack/container-entry'), '(webpack runtime)');
  assert.equal(ownerOf('webpack://deal/./src/features/shared/useDeal.ts'), 'apps/deal');
});

test("cuts each owner's code out of a file; what no segment maps stays an owner of its own", () => {
  const text = 'axio;rout;!!\nx;rr';
  const map = {
    sources: [
      'webpack://a/../../node_modules/axios/index.js',
      'webpack://a/../../node_modules/react-router/i.js',
    ],
    mappings: 'AAAA,KCAA,KAAA;AAAA,EDAA',
  };
  // Line 1: 'axio;' axios, 'rout;' react-router, '!!' react-router too (the last segment runs to
  // the end of the line); line 2: 'x;' react-router, 'rr' axios.
  const pieces = piecesByOwner(text, map);
  assert.equal(pieces.get('axios'), 'rout;!!\nx;');
  assert.equal(pieces.get('react-router'), 'axio;\nrr');
  assert.equal(pieces.has(UNMAPPED), false);
  const unmapped = piecesByOwner('head;axio', { sources: map.sources, mappings: 'KAAA' });
  assert.equal(unmapped.get(UNMAPPED), 'axio');
  assert.equal(unmapped.get('axios'), 'head;');
});

test("an exposed module's files leave out a sibling's first files and the shared modules' own", () => {
  // Deal's manifest as the manifest plugin writes it: DealToolbar and DealGeneralTab reach the
  // consume chunk of @crm-panel/contracts through host-bridge's fallback, and DealCreateForm loads
  // that chunk first, so both list DealCreateForm's file (and it theirs) as async; 324 is the
  // api-client fallback's axios chunk, 948 the ui fallback's.
  const expose = (name, sync, async) => ({ name, assets: { js: { sync, async } } });
  const manifest = {
    exposes: [
      expose('DealToolbar', ['toolbar.js'], ['324.js', 'create.js', '948.js']),
      expose('DealGeneralTab', ['363.js', 'general.js'], ['324.js', '948.js']),
      expose(
        'DealCreateForm',
        ['create.js'],
        ['324.js', '948.js', 'toolbar.js', '363.js', 'general.js'],
      ),
    ],
  };
  assert.deepEqual(exposedFiles(manifest, new Set(['324.js', '948.js'])), {
    DealToolbar: ['toolbar.js'],
    DealGeneralTab: ['363.js', 'general.js'],
    DealCreateForm: ['create.js'],
  });
  // A chunk an exposed module loads later that is neither a sibling's first file nor a shared
  // module's stays counted, and a chunk it shares with a sibling's first files counts for both.
  const lazy = {
    exposes: [
      expose('A', ['a.js', 'common.js'], ['later.js', 'b.js']),
      expose('B', ['b.js', 'common.js'], []),
    ],
  };
  assert.deepEqual(exposedFiles(lazy, new Set()), {
    A: ['a.js', 'common.js', 'later.js'],
    B: ['b.js', 'common.js'],
  });
});

/** A source map's `mappings` from [column, source?] segments per line (absolute values). */
function encodeMappings(lines) {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const vlq = (n) => {
    let v = n < 0 ? (-n << 1) | 1 : n << 1;
    let out = '';
    do {
      let digit = v & 31;
      v >>>= 5;
      if (v) digit |= 32;
      out += digits[digit];
    } while (v);
    return out;
  };
  let source = 0;
  return lines
    .map((segments) => {
      let column = 0;
      return segments
        .map(([col, src]) => {
          let seg = vlq(col - column);
          column = col;
          if (src !== undefined) {
            // source, original line and column (always 0 here)
            seg += vlq(src - source) + 'AA';
            source = src;
          }
          return seg;
        })
        .join(',');
    })
    .join(';');
}

test('sorts what no source map covers into webpack glue by its shape and template text', () => {
  const first =
    '"use strict";(self.webpackChunkshell=self.webpackChunkshell||[]).push([[1],' +
    '{12(e,t,n){n.r(t),n.d(t,{a:()=>r});let r=css`';
  const text = `${first}\n  color: red;\n\`},13(){}}]);`;
  const code = first.indexOf('let r=css`');
  const map = {
    sources: ['webpack://shell/../../libs/ui/src/a.ts'],
    mappings: encodeMappings([
      [
        [code, 0],
        [first.length - 1, 0],
      ],
      [],
      [[0, 0], [1]],
    ]),
  };
  const lines = text.split('\n');
  const texts = Object.fromEntries(
    Object.entries(unmappedByKind(text, map)).map(([kind, ranges]) => [
      kind,
      ranges.map((r) => lines[r.line].slice(r.from, r.to)),
    ]),
  );
  assert.deepEqual(texts, {
    'chunk wrappers': [
      '"use strict";(self.webpackChunkshell=self.webpackChunkshell||[]).push([[1],{',
      '}]);',
    ],
    'module wrappers': ['12(e,t,n){'],
    'export maps': ['n.r(t),', 'n.d(t,{a:()=>r});'],
    'template literal text (CSS)': ['  color: red;'],
    'empty modules': [',13(){}'],
    other: ['}'],
  });
});
