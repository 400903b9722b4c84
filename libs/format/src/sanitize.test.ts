import { createNoteSanitizer, htmlToText, sanitizeNoteHtml } from './sanitize';
import { truncate } from './text';

/** Renders sanitised HTML into a detached element so assertions look at the resulting DOM. */
function render(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = sanitizeNoteHtml(html);
  return host;
}

function assertHarmless(host: HTMLElement): void {
  expect(host.querySelector('script, style, iframe, svg, math, object, embed, img, form')).toBe(
    null,
  );
  for (const element of Array.from(host.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      expect(attribute.name).not.toMatch(/^on/i);
      expect(['href', 'target', 'rel']).toContain(attribute.name);
    }
  }
  for (const link of Array.from(host.querySelectorAll('a[href]'))) {
    expect(link.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:)/i);
  }
}

describe('sanitizeNoteHtml keeps formatting', () => {
  it('keeps paragraphs, emphasis, lists, quotes and code', () => {
    const html =
      '<p>Cliente <b>pediu</b> <strong>desconto</strong> de <i>10%</i>, <em>urgente</em> e <u>hoje</u>.</p>' +
      '<ul><li>item 1</li><li>item 2</li></ul><ol><li>passo</li></ol>' +
      '<blockquote>citação</blockquote><pre><code>codigo()</code></pre>linha<br>quebra';
    expect(sanitizeNoteHtml(html)).toBe(html);
  });

  it('keeps http, https and mailto links, opening them safely in a new tab', () => {
    const host = render(
      '<a href="https://crm.example.com/deals/1">negociação</a> ' +
        '<a href="http://example.com">site</a> <a href="mailto:ana@example.com">email</a>',
    );
    const links = Array.from(host.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://crm.example.com/deals/1',
      'http://example.com',
      'mailto:ana@example.com',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(host.textContent).toBe('negociação site email');
  });

  it('overrides a rel or target the note brought along', () => {
    const host = render('<a href="https://x.example" target="_self" rel="opener">x</a>');
    expect(host.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(host.querySelector('a')?.getAttribute('target')).toBe('_blank');
  });

  it('leaves plain text alone, escaping markup characters', () => {
    expect(sanitizeNoteHtml('Valor: 5 < 10 & 3 > 1')).toBe('Valor: 5 &lt; 10 &amp; 3 &gt; 1');
    expect(sanitizeNoteHtml('')).toBe('');
  });

  it('keeps the text of tags it does not allow', () => {
    expect(
      sanitizeNoteHtml('<font color="red">vermelho</font> <table><tr><td>c</td></tr></table>'),
    ).toBe('vermelho c');
  });
});

describe('sanitizeNoteHtml XSS corpus', () => {
  const corpus: Array<[string, string]> = [
    ['script tag', '<p>oi</p><script>alert(1)</script>'],
    ['script with src', '<script src="https://evil.example/x.js"></script>texto'],
    ['uppercase script', '<SCRIPT>alert(1)</SCRIPT>'],
    ['img onerror', '<img src=x onerror="alert(1)">'],
    ['svg onload', '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ['svg with script', '<svg><script>alert(1)</script></svg>'],
    ['math', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
    ['javascript: href', '<a href="javascript:alert(1)">clique</a>'],
    ['javascript: with whitespace', '<a href=" java\tscript:alert(1)">clique</a>'],
    ['entity-encoded javascript:', '<a href="&#106;avascript:alert(1)">clique</a>'],
    ['hex-entity javascript:', '<a href="&#x6A;&#x61;vascript&#x3A;alert(1)">clique</a>'],
    ['data: URL', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['vbscript: URL', '<a href="vbscript:msgbox(1)">x</a>'],
    ['relative URL', '<a href="/api/rdstation/credentials">x</a>'],
    ['style tag', '<style>body{display:none}</style><p>texto</p>'],
    ['style attribute', '<p style="position:fixed;top:0">texto</p>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['object/embed', '<object data="x.swf"></object><embed src="x.swf">'],
    ['event handler on allowed tag', '<p onclick="alert(1)" onmouseover=alert(1)>texto</p>'],
    ['malformed nesting', '<p><b>negrito<i>itálico</p></b>fora<a href="https://ok.example">'],
    ['unclosed attribute', '<a href="https://ok.example" onclick="alert(1)>x</a>'],
    ['broken tag', '<<script>alert(1)//<</script>'],
    ['mXSS noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
    ['comment trick', '<!--<img src="--><img src=x onerror=alert(1)//">'],
    ['form action', '<form action="javascript:alert(1)"><button>x</button></form>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
    ['base href', '<base href="https://evil.example/">'],
    ['data attributes', '<p data-x="1" class="c" id="i">texto</p>'],
  ];

  it.each(corpus)('neutralises %s', (_name, payload) => {
    const output = sanitizeNoteHtml(payload);
    expect(output).not.toMatch(
      /<script|<style|<iframe|<svg|<math|<img|<object|<embed|<meta|<base/i,
    );
    expect(output).not.toMatch(/\son\w+\s*=/i);
    expect(output).not.toMatch(/javascript:|vbscript:|data:text/i);
    assertHarmless(render(payload));
  });

  it('keeps the safe part of a mixed payload', () => {
    expect(sanitizeNoteHtml('<p>oi</p><script>alert(1)</script>')).toBe('<p>oi</p>');
    expect(sanitizeNoteHtml('<p onclick="alert(1)">texto</p>')).toBe('<p>texto</p>');
    expect(sanitizeNoteHtml('<a href="javascript:alert(1)">clique</a>')).toBe('<a>clique</a>');
    expect(sanitizeNoteHtml('<style>body{}</style><p>texto</p>')).toBe('<p>texto</p>');
  });

  it('re-serialises malformed HTML into well-formed markup (HTML5 parsing rules)', () => {
    expect(sanitizeNoteHtml('<p><b>negrito<i>itálico</p></b>fora')).toBe(
      '<p><b>negrito<i>itálico</i></b></p><i>fora</i>',
    );
  });
});

describe('htmlToText', () => {
  it('drops markup and separates blocks with a space', () => {
    expect(
      htmlToText('<p>Primeira</p><p>Segunda <b>linha</b></p><ul><li>a</li><li>b</li></ul>'),
    ).toBe('Primeira Segunda linha a b');
    expect(htmlToText('linha 1<br>linha 2')).toBe('linha 1 linha 2');
  });

  it('collapses whitespace and decodes entities', () => {
    expect(htmlToText('  muito\n\n   espaço&nbsp;&amp; texto  ')).toBe('muito espaço & texto');
  });

  it('never yields script or style content', () => {
    expect(htmlToText('<script>alert(1)</script><style>p{}</style>ok')).toBe('ok');
  });

  it('feeds previews with truncate', () => {
    const long = `<p>${'palavra '.repeat(40)}</p>`;
    const preview = truncate(htmlToText(long));
    expect(preview).toHaveLength(203);
    expect(preview.endsWith('...')).toBe(true);
  });
});

describe('createNoteSanitizer', () => {
  it('binds to a given window', () => {
    const sanitizer = createNoteSanitizer(window);
    expect(sanitizer.sanitize('<b>x</b><img src=x onerror=alert(1)>')).toBe('<b>x</b>');
    expect(sanitizer.toText('<p>a</p><p>b</p>')).toBe('a b');
  });
});
