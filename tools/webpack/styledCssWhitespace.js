// A TypeScript transformer (ts-loader's `getCustomTransformers`) that takes the line breaks and
// indentation out of the CSS the panel writes in styled-components' templates (styled.x`…`,
// styled(X)`…`, css`…`, keyframes`…`, createGlobalStyle`…`): the minifier keeps a template's text
// as written, so each rule's new line and indentation reached the browser, about 440 B gzipped on
// the main panel. A run of white space holding a line break becomes nothing beside `;`, `{`, `}`
// or the template's ends, and one space elsewhere (between a value's parts, beside an
// interpolation), so the CSS reads the same. Left as written: a template with a backslash (its
// escapes would need cooking again) or a `//` (a line comment would swallow the next rule).
const ts = require('typescript');

const STYLED_MODULE = 'styled-components';
const TEMPLATE_HELPERS = new Set(['css', 'keyframes', 'createGlobalStyle']);

/** The local names a file gives styled-components' tag functions (`styled`, `css`, …). */
function styledNames(sourceFile) {
  const names = new Set();
  for (const statement of sourceFile.statements) {
    if (
      !ts.isImportDeclaration(statement) ||
      !ts.isStringLiteral(statement.moduleSpecifier) ||
      statement.moduleSpecifier.text !== STYLED_MODULE ||
      !statement.importClause
    )
      continue;
    const { name, namedBindings } = statement.importClause;
    if (name) names.add(name.text);
    if (namedBindings && ts.isNamedImports(namedBindings)) {
      for (const element of namedBindings.elements) {
        const imported = (element.propertyName ?? element.name).text;
        if (TEMPLATE_HELPERS.has(imported)) names.add(element.name.text);
      }
    }
  }
  return names;
}

/** Whether a tag is styled-components': its root (styled.div.attrs(…) → styled) is one of names. */
function isStyledTag(tag, names) {
  let node = tag;
  for (;;) {
    if (ts.isIdentifier(node)) return names.has(node.text);
    if (ts.isPropertyAccessExpression(node) || ts.isCallExpression(node)) node = node.expression;
    else return false;
  }
}

const TIGHT = /[;{}]/;

/**
 * One piece of a template's text with its line breaks taken out. `first`/`last`: the piece opens
 * or closes the template (else an interpolation stands there).
 */
function collapse(text, { first, last }) {
  return text.replace(/\s*\n\s*/g, (run, at) => {
    const before = at === 0 ? (first ? ';' : '') : text[at - 1];
    const end = at + run.length;
    const after = end === text.length ? (last ? ';' : '') : text[end];
    return TIGHT.test(before) || TIGHT.test(after) ? '' : ' ';
  });
}

/** The template's literal pieces, in order, as [node, text, first, last]. */
function pieces(template) {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return [[template, true, true]];
  const spans = template.templateSpans;
  return [
    [template.head, true, false],
    ...spans.map((span, i) => [span.literal, false, i === spans.length - 1]),
  ];
}

function rawOf(node, sourceFile) {
  // The parser keeps each piece's raw text; for a node without it, read it from the source.
  if (node.rawText !== undefined) return node.rawText;
  const text = node.getText(sourceFile);
  const open = 1;
  const close = ts.isTemplateHead(node) || ts.isTemplateMiddle(node) ? 2 : 1;
  return text.slice(open, text.length - close);
}

function minifiedTemplate(factory, template, sourceFile) {
  const raws = pieces(template).map(([node]) => rawOf(node, sourceFile));
  if (raws.some((raw) => raw.includes('\\') || raw.includes('//'))) return template;
  const texts = pieces(template).map(([, first, last], i) => collapse(raws[i], { first, last }));
  if (texts.every((text, i) => text === raws[i])) return template;
  if (ts.isNoSubstitutionTemplateLiteral(template))
    return factory.createNoSubstitutionTemplateLiteral(texts[0], texts[0]);
  const spans = template.templateSpans;
  return factory.createTemplateExpression(
    factory.createTemplateHead(texts[0], texts[0]),
    spans.map((span, i) => {
      const text = texts[i + 1];
      const literal =
        i === spans.length - 1
          ? factory.createTemplateTail(text, text)
          : factory.createTemplateMiddle(text, text);
      return factory.createTemplateSpan(span.expression, literal);
    }),
  );
}

/** The transformer factory for ts-loader's `getCustomTransformers().before`. */
function styledCssWhitespace(context) {
  const { factory } = context;
  return (sourceFile) => {
    const names = styledNames(sourceFile);
    if (!names.size) return sourceFile;
    const visit = (node) => {
      const visited = ts.visitEachChild(node, visit, context);
      if (!ts.isTaggedTemplateExpression(visited) || !isStyledTag(visited.tag, names))
        return visited;
      const template = minifiedTemplate(factory, visited.template, sourceFile);
      if (template === visited.template) return visited;
      return factory.updateTaggedTemplateExpression(
        visited,
        visited.tag,
        visited.typeArguments,
        template,
      );
    };
    return ts.visitNode(sourceFile, visit);
  };
}

module.exports = { styledCssWhitespace, collapse };
