// House style the linter keeps (docs/ARCHITECTURE.md, 'State, by kind': Styles): a styled component's name starts
// with `Styled`, and the panel's apps take colours and sizes from the theme (libs/ui), never as raw
// values, so a change of palette or a size touches one place.

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

// Every CSS colour keyword (CSS Color Module Level 4, 'Named colors'). `transparent`,
// `currentColor` and `inherit` are not a palette choice and stay allowed.
const NAMED_COLOURS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
    'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk ' +
    'crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki ' +
    'darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue ' +
    'dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite ' +
    'gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki ' +
    'lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen ' +
    'lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen ' +
    'magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream ' +
    'mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum ' +
    'powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown ' +
    'seagreen sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan ' +
    'teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'
  ).split(' '),
);

const COLOUR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix)\(/i;
const HEX_IN_CSS = /#[0-9a-fA-F]{3,8}\b/;
const HEX_WHOLE = /^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
// A length with a unit: px, rem, em, ex, ch, pt, pc, cm, mm, in, vw, vh, vmin, vmax, dvh, svh…
// (a percentage or a bare number is a proportion, not a size from the scale).
const LENGTH = /(?<![\w.#-])\d*\.?\d+(?:px|r?em|ex|ch|pt|pc|cm|mm|in|[dsl]?v(?:w|h|min|max))\b/;

function namedColourIn(text) {
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (NAMED_COLOURS.has(word)) return word;
  }
  return null;
}

/** What raw value CSS text holds (a template or a style object's value), or null. */
function rawInCss(text) {
  // Leave comments out: they may name a colour or a size to say why a token was chosen.
  const css = text.replace(/\/\*[\s\S]*?\*\//g, '');
  if (HEX_IN_CSS.test(css) || COLOUR_FUNCTION.test(css)) return 'a raw colour';
  // A named colour is a value: after a ':' of a declaration or alone in the text.
  const values = css
    .split(/[;{}]/)
    .map((part) => (part.includes(':') ? part.slice(part.indexOf(':') + 1) : part));
  const named = values.map(namedColourIn).find(Boolean);
  if (named) return `the named colour '${named}'`;
  const length = LENGTH.exec(css);
  if (length) return `the raw size '${length[0]}'`;
  return null;
}

/** What raw value a string outside CSS holds when the whole string is one (a colour or size kept in a const or a prop). */
function rawWhole(text) {
  const value = text.trim();
  if (HEX_WHOLE.test(value) || (COLOUR_FUNCTION.test(value) && /\)$/.test(value)))
    return 'a raw colour';
  if (NAMED_COLOURS.has(value.toLowerCase())) return `the named colour '${value}'`;
  if (new RegExp(`^${LENGTH.source}$`).test(value)) return `the raw size '${value}'`;
  return null;
}

/** Whether a node sits in a styled/css template or a `style={{ … }}` object. */
function inCss(ancestors) {
  for (let i = ancestors.length - 1; i >= 0; i -= 1) {
    const node = ancestors[i];
    if (node.type === 'TaggedTemplateExpression') return isCssTemplate(node);
    if (node.type === 'JSXAttribute') return node.name.name === 'style';
    if (node.type === 'Program') return false;
  }
  return false;
}

/**
 * Apps take every colour and size from the theme (libs/ui): no colour literal of any form (hex,
 * rgb()/hsl()/…, a named colour), no length with a unit, whether written in a styled template, a
 * style object, a prop or a const. The theme is the one place a palette or a size changes.
 */
const noRawStyleValues = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Apps take colours and sizes from the theme tokens of libs/ui.' },
    schema: [],
  },
  create(context) {
    const check = (node, text) => {
      const ancestors = context.sourceCode.getAncestors(node);
      const parent = ancestors[ancestors.length - 1];
      // Module names are not values.
      if (parent && /^(?:Import|Export(?:All|Named))Declaration$/.test(parent.type)) return;
      const what = inCss(ancestors) ? rawInCss(text) : rawWhole(text);
      if (what) {
        context.report({
          node,
          message: `Use a theme token (libs/ui theme) instead of ${what} in an app.`,
        });
      }
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? node.value.raw);
      },
    };
  },
};

export default {
  meta: { name: 'crm-panel-style' },
  rules: { 'styled-prefix': styledPrefix, 'no-raw-style-values': noRawStyleValues },
};
