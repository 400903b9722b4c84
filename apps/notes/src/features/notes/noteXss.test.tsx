import { screen, within } from '@testing-library/react';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { buildModalUrl } from '@crm-panel/contracts';
import { type Note } from '@crm-panel/crm-model';
import { NotesTab } from '@notes/exposed/NotesTab';
import { NoteViewForm } from '@notes/exposed/NoteViewForm';
import { renderWithProviders } from '@notes/test-utils';

const server = setupTestServer();

declare global {
  interface Window {
    __xss?: number;
  }
}

/** Classic and mutation XSS payloads; each sets window.__xss (or alerts) if it ever runs. */
const XSS_CORPUS: string[] = [
  '<script>window.__xss=1</script>texto seguro',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"><circle r="10"></circle></svg>',
  '<svg><script>window.__xss=1</script></svg>',
  '<svg><a xlink:href="javascript:window.__xss=1"><text>clique</text></a></svg>',
  '<a href="javascript:window.__xss=1">clique</a>',
  '<a href="JaVaScRiPt:window.__xss=1">clique</a>',
  '<a href="&#106;avascript:window.__xss=1">clique</a>',
  '<a href=" javascript:window.__xss=1">clique</a>',
  '<a href="java\tscript:window.__xss=1">clique</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">clique</a>',
  '<a href="vbscript:msgbox(1)">clique</a>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<div onclick="window.__xss=1" onmouseover="window.__xss=1">passe o mouse</div>',
  '<p style="background:url(javascript:window.__xss=1)">estilo</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<form action="javascript:window.__xss=1"><button>Enviar</button></form>',
  '<details open ontoggle="window.__xss=1">detalhes</details>',
  '<body onload="window.__xss=1">corpo',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '"><script>window.__xss=1</script>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<input autofocus onfocus="window.__xss=1">',
  '<video><source onerror="window.__xss=1"></video>',
  '<base href="javascript:/">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<link rel="stylesheet" href="javascript:window.__xss=1">',
  '<style>@import "javascript:window.__xss=1";</style>',
  '<template><script>window.__xss=1</script></template>',
  '<a href="https://exemplo.com.br" onclick="window.__xss=1" target="_self">link seguro</a>',
];

const FORBIDDEN =
  'script, iframe, frame, object, embed, svg, math, img, video, audio, source, form, input, button, style, link, meta, base, template, noscript, body';

/** Nothing in `root` can run code: no active elements, no handlers, no unsafe URLs. */
function expectInert(root: HTMLElement): void {
  expect(root.querySelectorAll(FORBIDDEN)).toHaveLength(0);
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      expect(attribute.name).not.toMatch(/^on/i);
      expect(attribute.name).not.toMatch(/^(style|srcdoc|xlink:href|formaction|action)$/i);
      expect(attribute.value).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
  }
  for (const link of Array.from(root.querySelectorAll('a[href]'))) {
    expect(link.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:)/i);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('target')).toBe('_blank');
  }
  expect(window.__xss).toBeUndefined();
}

beforeEach(() => {
  delete window.__xss;
});

describe('note HTML never runs anything', () => {
  it('in the tab: every payload of the corpus is rendered inert', async () => {
    server.db.state.notes['deal-1'] = XSS_CORPUS.map((description, index): Note => ({
      id: `note-xss-${index}`,
      description,
      registered_at: new Date(2025, 2, 1, 12, index % 60).toISOString(),
      user_id: 'user-1',
    }));
    await renderWithProviders(<NotesTab dealId="deal-1" dealName="Contrato anual Acme" />);

    const day = await screen.findByRole('region', { name: '01/03/2025' });
    expect(within(day).getAllByRole('listitem')).toHaveLength(XSS_CORPUS.length);
    expect(within(day).getByText('texto seguro')).toBeInTheDocument();
    expect(within(day).getByRole('link', { name: 'link seguro' })).toHaveAttribute(
      'href',
      'https://exemplo.com.br',
    );
    // Clicking what would have carried a handler must do nothing either.
    within(day).getByText('passe o mouse').click();
    expectInert(day);
  });

  it('in the tab: a long hostile note becomes a plain-text preview', async () => {
    const description = `<img src=x onerror="window.__xss=1"><p>${'Texto longo '.repeat(30)}</p><script>window.__xss=1</script>`;
    server.db.state.notes['deal-1'] = [
      {
        id: 'note-long-xss',
        description,
        registered_at: new Date(2025, 2, 1, 12, 0).toISOString(),
        user_id: 'user-1',
      },
    ];
    await renderWithProviders(<NotesTab dealId="deal-1" dealName="X" />);
    const day = await screen.findByRole('region', { name: '01/03/2025' });
    const preview = within(day).getByText(/^Texto longo .*\.\.\.$/);
    expect(preview.children).toHaveLength(0);
    expect(within(day).getByRole('button', { name: 'Ver mais' })).toBeInTheDocument();
    expectInert(preview);
  });

  it.each(XSS_CORPUS)('in the view: %s', async (body) => {
    await renderWithProviders(<NoteViewForm />, {
      route: buildModalUrl('note-view', {
        body,
        registeredAt: new Date(2025, 2, 1, 12, 0).toISOString(),
        dealName: 'Contrato anual Acme',
      }),
    });
    expectInert(screen.getByRole('article', { name: 'Conteúdo da nota' }));
  });
});
