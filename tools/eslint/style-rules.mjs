// House style the linter keeps (docs/ARCHITECTURE.md, 'Style'): a styled component's name starts
// with `Styled`, and the panel's apps take colours and sizes from the theme (libs/ui), never as raw
// values, so a change of palette or a width touches one place.

/** `styled.div`, `styled(X)`, `styled.div.attrs(…)`, `styled(X).attrs(…)`, `styled.div<P>`. */
function isStyledTag(tag) {
  let node = tag;
  if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression') {
    if (node.callee.property.name !== 'attrs' && node.callee.property.name !== 'withConfig') {
      return false;
    }
    node = node.callee.object;
  }
  if (node.type === 'MemberExpression')
    return node.object.type === 'Identifier' && node.object.name === 'styled';
  if (node.type === 'CallExpression')
    return node.callee.type === 'Identifier' && node.callee.name === 'styled';
  return false;
}

const CSS_TAGS = new Set(['css', 'createGlobalStyle', 'keyframes']);

function isCssTemplate(node) {
  return isStyledTag(node.tag) || (node.tag.type === 'Identifier' && CSS_TAGS.has(node.tag.name));
}

const styledPrefix = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A styled component is named `Styled…`.' },
    schema: [],
  },
  create(context) {
    return {
      VariableDeclarator(node) {
        const init = node.init;
        if (!init || init.type !== 'TaggedTemplateExpression' || !isStyledTag(init.tag)) return;
        if (node.id.type !== 'Identifier' || /^Styled[A-Z0-9]/.test(node.id.name)) return;
        context.report({
          node: node.id,
          message: `Styled component '${node.id.name}' must be named 'Styled…' (house style).`,
        });
      },
    };
  },
};

const RAW_COLOUR = /#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\(/;
const RAW_PX = /(?<![\w.-])\d+(?:\.\d+)?px\b/;

function rawValue(text) {
  if (RAW_COLOUR.test(text)) return 'a raw colour';
  if (RAW_PX.test(text)) return 'a raw px value';
  return null;
}

/** Style text in apps: styled/css templates and the values of `style={{ … }}` objects. */
const noRawStyleValues = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Apps take colours and px sizes from the theme tokens of libs/ui.' },
    schema: [],
  },
  create(context) {
    const report = (node, text) => {
      const what = rawValue(text);
      if (what) {
        context.report({
          node,
          message: `Use a theme token (libs/ui theme) instead of ${what} in an app's styles.`,
        });
      }
    };
    const styleObject = (object) => {
      for (const property of object.properties) {
        if (property.type !== 'Property') continue;
        const value = property.value;
        if (value.type === 'Literal' && typeof value.value === 'string') report(value, value.value);
        if (value.type === 'TemplateLiteral') {
          for (const quasi of value.quasis) report(quasi, quasi.value.cooked ?? quasi.value.raw);
        }
      }
    };
    return {
      TaggedTemplateExpression(node) {
        if (!isCssTemplate(node)) return;
        for (const quasi of node.quasi.quasis) report(quasi, quasi.value.raw);
      },
      JSXAttribute(node) {
        if (node.name.name !== 'style') return;
        const expression =
          node.value?.type === 'JSXExpressionContainer' ? node.value.expression : null;
        if (expression?.type === 'ObjectExpression') styleObject(expression);
      },
    };
  },
};

export default {
  meta: { name: 'crm-panel-style' },
  rules: { 'styled-prefix': styledPrefix, 'no-raw-style-values': noRawStyleValues },
};
