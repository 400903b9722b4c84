// What the bundle-size bench reads from the source maps: each library's code in a built file.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { decodeMappings, ownerOf, piecesByOwner, UNMAPPED } = require('./bundleBytes');

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
