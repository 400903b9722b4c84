// The CSS of styled-components' templates without its line breaks and indentation, the rest of a
// file as written (styledCssWhitespace.js), through TypeScript as ts-loader runs it.
const { test } = require('node:test');
const assert = require('node:assert/strict');
const ts = require('typescript');
const { styledCssWhitespace } = require('./styledCssWhitespace');

// TypeScript's printer may write a space between a tag it rebuilt and its template.
const transpile = (source) =>
  ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.ESNext },
    transformers: { before: [styledCssWhitespace] },
  }).outputText;

test("styled's templates lose their line breaks and indentation, the CSS the same", () => {
  const out = transpile(`
import styled, { css as style, keyframes } from 'styled-components';
const focus = style\`
  outline: 2px solid \${(p) => p.color};
  outline-offset: 2px;
\`;
const pulse = keyframes\`
  from {
    opacity: 0;
  }
\`;
export const Box = styled.div.attrs({ role: 'note' })\`
  display: flex;
  border: 1px solid
    \${(p) => p.border};
  &:hover {
    \${focus}
  }
  animation: \${pulse} 1s;
\`;
export const Row = styled(Box)\`gap: 4px;\`;
`);
  assert.match(out, /style ?`outline: 2px solid \$\{\(p\) => p\.color\};outline-offset: 2px;`/);
  assert.match(out, /keyframes ?`from \{opacity: 0;\}`/);
  assert.match(
    out,
    /\) ?`display: flex;border: 1px solid \$\{\(p\) => p\.border\};&:hover \{\$\{focus\}\}animation: \$\{pulse\} 1s;`/,
  );
  assert.match(out, /styled\(Box\) ?`gap: 4px;`/);
});

test('other templates, and styled ones that a change could break, stay as written', () => {
  const source = `
import styled from 'styled-components';
const css = (parts) => parts.join('');
export const message = \`Linha um
  linha dois\`;
export const notStyled = css\`
  color: red;
\`;
export const withComment = styled.p\`
  // the next rule would be swallowed
  color: red;
\`;
export const withEscape = styled.p\`
  &::before { content: '\\\\201C'; }
\`;
`;
  const out = transpile(source);
  assert.match(out, /`Linha um\n {2}linha dois`/);
  assert.match(out, /css ?`\n {2}color: red;\n`/);
  assert.match(out, /styled\.p ?`\n {2}\/\/ the next rule would be swallowed\n {2}color: red;\n`/);
  assert.match(out, /styled\.p ?`\n {2}&::before \{ content: '\\\\201C'; \}\n`/);
});

test('a file that does not import styled-components is left alone', () => {
  const source = 'const styled = { div: (s) => s };\nexport const x = styled.div`\n  a: b;\n`;\n';
  assert.match(transpile(source), /styled\.div ?`\n {2}a: b;\n`/);
});
