import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

const ALLOWED_TAGS = [
  'p',
  'div',
  'span',
  'br',
  'hr',
  'b',
  'i',
  'u',
  's',
  'strike',
  'strong',
  'em',
  'small',
  'sub',
  'sup',
  'mark',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'code',
  'pre',
];

// No style/class: notes come from other people's input and CSS can overlay or exfiltrate.
const ALLOWED_ATTR = ['href', 'target', 'rel'];

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  // Absolute http(s) and mailto links only: no javascript:, data:, vbscript: or relative paths.
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

const BLOCK_TAGS = new Set([
  'P',
  'DIV',
  'BR',
  'HR',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'LI',
  'BLOCKQUOTE',
  'PRE',
]);

export interface NoteSanitizer {
  /** Safe HTML, re-serialised; links open in a new tab with rel="noopener noreferrer". */
  sanitize(html: string): string;
  /** Plain text for previews: sanitised, blocks separated by a space, whitespace collapsed. */
  toText(html: string): string;
}

type PurifyWindow = Parameters<typeof createDOMPurify>[0];

/** A sanitiser bound to one window (the browser's, jsdom's in tests or on a server). */
export function createNoteSanitizer(win: PurifyWindow): NoteSanitizer {
  const purify: DOMPurify = createDOMPurify(win);
  if (!purify.isSupported) {
    throw new Error('@crm-panel/format: DOMPurify is not supported by the given window.');
  }
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      if (node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else {
        node.removeAttribute('target');
        node.removeAttribute('rel');
      }
    }
  });

  const collectText = (node: Node, out: string[]): void => {
    if (node.nodeType === 3) {
      out.push(node.nodeValue ?? '');
      return;
    }
    const block = BLOCK_TAGS.has(node.nodeName);
    if (block) out.push(' ');
    node.childNodes.forEach((child) => collectText(child, out));
    if (block) out.push(' ');
  };

  return {
    sanitize: (html) => purify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }),
    toText: (html) => {
      const fragment = purify.sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
      const parts: string[] = [];
      collectText(fragment, parts);
      return parts.join('').replace(/\s+/g, ' ').trim();
    },
  };
}

let defaultSanitizer: NoteSanitizer | null = null;

function sanitizer(): NoteSanitizer {
  if (defaultSanitizer) return defaultSanitizer;
  if (typeof window === 'undefined' || typeof window.document === 'undefined') {
    throw new Error(
      '@crm-panel/format: sanitizeNoteHtml/htmlToText need a DOM window (browser or jsdom). ' +
        'In Node, build one with createNoteSanitizer(new JSDOM("").window).',
    );
  }
  defaultSanitizer = createNoteSanitizer(window);
  return defaultSanitizer;
}

/** Note HTML made safe to render (PRODUCT.md §2: "sanitised by re-serialisation before display"). */
export function sanitizeNoteHtml(html: string): string {
  return sanitizer().sanitize(html);
}

/** Note HTML as plain text for previews (combine with `truncate`). */
export function htmlToText(html: string): string {
  return sanitizer().toText(html);
}
