import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { createPanelQueryClient } from '@crm-panel/api-client';
import {
  HOST_CONTACT_ID_FIXTURE,
  mockErrorHandler,
  setupTestServer,
} from '@crm-panel/api-client/testing';
import type { DealToolbarProps, RemoteModuleId } from '@crm-panel/contracts';
import { createFakeHostAdapter, FAKE_ATTENDANCE } from '@crm-panel/host-bridge/testing';
import { registerManifestRemotes } from '@shell/federation/remoteLoader';
import { renderShell } from '@shell/test-utils';
import { useChatMemoryStore } from './chatMemory';
import { ContactLinkingRoute } from './ContactLinkingRoute';
import { MainPanel } from './MainPanel';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const server = setupTestServer();

/** How many times each stubbed area rendered. */
let renders: Partial<Record<RemoteModuleId, number>> = {};

/** Each remote renders what the shell handed it, so the tests read the composition. */
function stubRemote(id: RemoteModuleId) {
  if (id === 'deal/DealToolbar') {
    return function DealToolbarStub({ contactId, dealId, onDealChange }: DealToolbarProps) {
      return (
        <div>
          <p>
            toolbar contato={contactId} negociação={dealId ?? 'nenhuma'}
          </p>
          <button type="button" onClick={() => onDealChange?.('deal-2')}>
            Escolher deal-2
          </button>
        </div>
      );
    };
  }
  return function Stub(props: Record<string, unknown>) {
    renders[id] = (renders[id] ?? 0) + 1;
    return (
      <p>
        {id} {JSON.stringify(props)}
      </p>
    );
  };
}

beforeEach(() => {
  renders = {};
  useChatMemoryStore.setState({ byChat: {} });
  registerManifestRemotes({
    apiBaseUrl: server.baseURL,
    remotes: {
      deal: 'http://r/deal',
      notes: 'http://r/notes',
      tasks: 'http://r/tasks',
      products: 'http://r/products',
      contacts: 'http://r/contacts',
      credentials: 'http://r/credentials',
    },
    hostOrigins: [],
    contracts: {},
    overrideOrigins: [],
  });
  (loadRemote as jest.Mock).mockImplementation(async (id: RemoteModuleId) => ({
    default: stubRemote(id),
  }));
});

const linkedAttendance = {
  ...FAKE_ATTENDANCE,
  contato: { ...FAKE_ATTENDANCE.contato!, id: HOST_CONTACT_ID_FIXTURE },
};

/** Another chat whose contact is linked too (to contact-2, which has no last deal). */
function anotherLinkedChat() {
  server.db.state.contactMappings['host-contact-2'] = 'contact-2';
  return {
    ...linkedAttendance,
    atendimentoId: 'at-outro',
    contato: { ...linkedAttendance.contato, id: 'host-contact-2' },
  };
}

/** What the panel reads with no chat open: the account's reference data the next chat shows. */
const REFERENCE_READS = [
  'GET /api/rdstation/custom-fields',
  'GET /api/rdstation/pipelines',
  'GET /api/rdstation/sources',
  'GET /api/rdstation/users',
];
const requestsSoFar = () => server.requests.map((r) => `${r.method} ${r.path}`).sort();

it("says 'Nenhum contato selecionado' with no chat, and reads ahead only the account's reference data", async () => {
  renderShell(<MainPanel />, { adapter: createFakeHostAdapter({ attendance: null }) });
  expect(screen.getByText('Nenhum contato selecionado')).toBeInTheDocument();
  expect(
    screen.getByText('Abra um atendimento no chat para ver o contato dele no CRM.'),
  ).toBeInTheDocument();
  await waitFor(() => expect(requestsSoFar()).toEqual(REFERENCE_READS));
  // The main panel's areas' code starts loading with the panel, before any chat.
  expect((loadRemote as jest.Mock).mock.calls.map(([id]: [string]) => id)).toEqual([
    'contacts/ContactHeader',
    'deal/DealToolbar',
    'deal/DealGeneralTab',
  ]);
});

it("says 'Nenhum contato selecionado' for a chat without a contact, and why", async () => {
  const adapter = createFakeHostAdapter({ attendance: { ...FAKE_ATTENDANCE, contato: undefined } });
  renderShell(<MainPanel />, { adapter });
  expect(screen.getByText('Nenhum contato selecionado')).toBeInTheDocument();
  expect(
    screen.getByText(
      'Este atendimento não tem um contato no chat: sem nome nem telefone para vincular.',
    ),
  ).toBeInTheDocument();
  await waitFor(() => expect(requestsSoFar()).toEqual(REFERENCE_READS));
});

it('sends a visitor the host names without a contact id to /contact-linking, keyed by the attendance', async () => {
  const adapter = createFakeHostAdapter({
    attendance: {
      ...FAKE_ATTENDANCE,
      atendimentoId: 'at-visitante',
      contato: { id: '', nome: 'Carlos Mendes', nomeSecundario: null, numero: null },
    },
  });
  renderShell(<MainPanel />, { adapter });
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/contact-linking'));
  expect(server.requests.map((r) => r.path)).toContain(
    '/api/rdstation/contact-mapping/atendimento%3Aat-visitante',
  );
});

it("shows the chat's CRM contact and its last selected deal, with the deal's tabs", async () => {
  renderShell(<MainPanel />, { adapter: createFakeHostAdapter({ attendance: linkedAttendance }) });
  expect(
    await screen.findByText('toolbar contato=contact-1 negociação=deal-1'),
  ).toBeInTheDocument();
  expect(
    await screen.findByText(/contacts\/ContactHeader \{"contactId":"contact-1"\}/),
  ).toBeInTheDocument();
  expect(
    await screen.findByText(
      /deal\/DealGeneralTab \{"dealId":"deal-1","dealName":"Contrato anual Acme"\}/,
    ),
  ).toBeInTheDocument();
  for (const tab of ['Geral', 'Notas', 'Tarefas', 'Produtos e Serviços']) {
    expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
  }
  const paths = server.requests.map((r) => r.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      `/api/rdstation/contact-mapping/${HOST_CONTACT_ID_FIXTURE}`,
      '/api/rdstation/deals/deal-1',
    ]),
  );
  // The mapping's answer named the last deal: its id is not asked for again.
  expect(paths).not.toContain('/api/rdstation/contact/contact-1/last-deal');
});

it("says 'Aguardando o RD Station CRM…' while the CRM is busy, and goes on by itself", async () => {
  let refused = 0;
  server.use(
    http.get(`${server.baseURL}/api/rdstation/deals/deal-1`, () => {
      if (refused > 0) return undefined;
      refused += 1;
      return HttpResponse.json(
        {
          message:
            'Limite de requisições ao RD Station CRM atingido. Tente novamente em instantes.',
          code: 'crm_busy',
        },
        { status: 429, headers: { 'retry-after': '1' } },
      );
    }),
  );
  renderShell(<MainPanel />, {
    adapter: createFakeHostAdapter({ attendance: linkedAttendance }),
    queryClient: createPanelQueryClient(),
  });
  const notice = await screen.findByText('Aguardando o RD Station CRM…');
  // Polite, as a wait is: a status, not an alert.
  expect(notice.closest('[role="status"]')).not.toBeNull();
  // No error is shown: the deal is asked again after Retry-After, and the notice goes.
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(
    await screen.findByText(
      /deal\/DealGeneralTab \{"dealId":"deal-1","dealName":"Contrato anual Acme"\}/,
      {},
      { timeout: 3_000 },
    ),
  ).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.queryByText('Aguardando o RD Station CRM…')).not.toBeInTheDocument(),
  );
  expect(refused).toBe(1);
});

it('shows an error, not the wait, for a 429 of the api itself', async () => {
  server.use(
    http.get(`${server.baseURL}/api/rdstation/contact-mapping/${HOST_CONTACT_ID_FIXTURE}`, () =>
      HttpResponse.json(
        { message: 'Muitas requisições em pouco tempo. Aguarde um instante e tente novamente.' },
        { status: 429, headers: { 'retry-after': '1' } },
      ),
    ),
  );
  renderShell(<MainPanel />, {
    adapter: createFakeHostAdapter({ attendance: linkedAttendance }),
    queryClient: createPanelQueryClient(),
  });
  expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  expect(screen.queryByText('Aguardando o RD Station CRM…')).not.toBeInTheDocument();
});

it("does not render the contact's header again when the chat's deal answers", async () => {
  let answerDeal: () => void = () => undefined;
  const dealHeld = new Promise<void>((resolve) => (answerDeal = resolve));
  // Held, then left to the mock API's own answer.
  server.use(
    http.get(`${server.baseURL}/api/rdstation/deals/deal-1`, async () => {
      await dealHeld;
    }),
  );
  renderShell(<MainPanel />, { adapter: createFakeHostAdapter({ attendance: linkedAttendance }) });
  expect(await screen.findByText(/deal\/DealGeneralTab \{"dealId":"deal-1"\}/)).toBeInTheDocument();
  expect(
    screen.getByText(/contacts\/ContactHeader \{"contactId":"contact-1"\}/),
  ).toBeInTheDocument();
  const headerRenders = renders['contacts/ContactHeader'];

  act(() => answerDeal());
  // The panel renders again for the deal's name, handed to the deal's tabs...
  expect(
    await screen.findByText(
      /deal\/DealGeneralTab \{"dealId":"deal-1","dealName":"Contrato anual Acme"\}/,
    ),
  ).toBeInTheDocument();
  // ...and the header, handed the same contact, is left as it was.
  expect(renders['contacts/ContactHeader']).toBe(headerRenders);
});

it('asks for the last deal when the mapping does not name it', async () => {
  server.use(
    http.get(`${server.baseURL}/api/rdstation/contact-mapping/${HOST_CONTACT_ID_FIXTURE}`, () =>
      HttpResponse.json({ data: { mapped: true, rdstationContactId: 'contact-1' } }),
    ),
  );
  renderShell(<MainPanel />, { adapter: createFakeHostAdapter({ attendance: linkedAttendance }) });
  expect(
    await screen.findByText('toolbar contato=contact-1 negociação=deal-1'),
  ).toBeInTheDocument();
  expect(server.requests.map((r) => r.path)).toContain(
    '/api/rdstation/contact/contact-1/last-deal',
  );
});

it("saves the chosen deal as the contact's last selected deal", async () => {
  renderShell(<MainPanel />, { adapter: createFakeHostAdapter({ attendance: linkedAttendance }) });
  await userEvent.click(await screen.findByRole('button', { name: 'Escolher deal-2' }));
  expect(
    await screen.findByText('toolbar contato=contact-1 negociação=deal-2'),
  ).toBeInTheDocument();
  await waitFor(() =>
    expect(server.requests).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: '/api/rdstation/contact/contact-1/last-deal',
        body: { dealId: 'deal-2' },
      }),
    ),
  );
});

it('sends an unmapped chat contact to /contact-linking', async () => {
  const adapter = createFakeHostAdapter({
    attendance: { ...FAKE_ATTENDANCE, contato: { ...FAKE_ATTENDANCE.contato!, id: 'sem-vinculo' } },
  });
  renderShell(<MainPanel />, { adapter });
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/contact-linking'));
});

describe('/contact-linking', () => {
  const unlinkedChat = {
    ...FAKE_ATTENDANCE,
    atendimentoId: 'at-sem-vinculo',
    contato: { ...FAKE_ATTENDANCE.contato!, id: 'sem-vinculo' },
  };
  const withLinkingRoute = {
    routes: [{ path: '/contact-linking', element: <ContactLinkingRoute /> }],
  };
  const location = () => screen.getByTestId('location');

  it('sends a linked chat back to the panel: linked, then unlinked, then the linked one again', async () => {
    const adapter = createFakeHostAdapter({ attendance: linkedAttendance });
    renderShell(<MainPanel />, { adapter, ...withLinkingRoute });
    expect(
      await screen.findByText('toolbar contato=contact-1 negociação=deal-1'),
    ).toBeInTheDocument();

    act(() => adapter.openAttendance(unlinkedChat));
    expect(await screen.findByText('contacts/ContactLinkingPage {}')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/contact-linking');

    act(() => adapter.openAttendance(linkedAttendance));
    expect(
      await screen.findByText('toolbar contato=contact-1 negociação=deal-1'),
    ).toBeInTheDocument();
    expect(location()).not.toHaveTextContent('/contact-linking');
    expect(screen.queryByText(/ContactLinkingPage/)).not.toBeInTheDocument();
  });

  it('reads the link of a chat it has not seen before showing the linking page', async () => {
    renderShell(<MainPanel />, {
      adapter: createFakeHostAdapter({ attendance: linkedAttendance }),
      route: '/contact-linking',
      ...withLinkingRoute,
    });
    expect(screen.getByText('Carregando contato...')).toBeInTheDocument();
    expect(
      await screen.findByText('toolbar contato=contact-1 negociação=deal-1'),
    ).toBeInTheDocument();
    expect(location()).not.toHaveTextContent('/contact-linking');
  });

  it('keeps an unlinked chat on the linking page', async () => {
    renderShell(<MainPanel />, {
      adapter: createFakeHostAdapter({ attendance: unlinkedChat }),
      route: '/contact-linking',
      ...withLinkingRoute,
    });
    expect(await screen.findByText('contacts/ContactLinkingPage {}')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/contact-linking');
  });

  it("says 'Erro ao carregar dados do contato' when the link cannot be read, and retries", async () => {
    server.use(
      mockErrorHandler({
        baseURL: server.baseURL,
        method: 'get',
        path: '/api/rdstation/contact-mapping/sem-vinculo',
        status: 500,
      }),
    );
    renderShell(<MainPanel />, {
      adapter: createFakeHostAdapter({ attendance: unlinkedChat }),
      route: '/contact-linking',
      ...withLinkingRoute,
    });
    expect(await screen.findByText('Erro ao carregar dados do contato')).toBeInTheDocument();
    server.use(
      http.get(`${server.baseURL}/api/rdstation/contact-mapping/sem-vinculo`, () =>
        HttpResponse.json({ data: { mapped: false, rdstationContactId: null } }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('contacts/ContactLinkingPage {}')).toBeInTheDocument();
  });
});

it("shows 'Erro ao carregar dados do contato' with a retry that works", async () => {
  server.use(
    mockErrorHandler({
      baseURL: server.baseURL,
      method: 'get',
      path: `/api/rdstation/contact-mapping/${HOST_CONTACT_ID_FIXTURE}`,
      status: 500,
    }),
  );
  renderShell(<MainPanel />, { adapter: createFakeHostAdapter({ attendance: linkedAttendance }) });
  expect(await screen.findByText('Erro ao carregar dados do contato')).toBeInTheDocument();
  // The api is back: the retry loads the contact without a page reload.
  server.use(
    http.get(`${server.baseURL}/api/rdstation/contact-mapping/${HOST_CONTACT_ID_FIXTURE}`, () =>
      HttpResponse.json({ data: { mapped: true, rdstationContactId: 'contact-1' } }),
    ),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
  expect(
    await screen.findByText('toolbar contato=contact-1 negociação=deal-1'),
  ).toBeInTheDocument();
});

it('keeps each chat its deal and tab when the attendant switches away and back', async () => {
  const otherChat = anotherLinkedChat();
  const adapter = createFakeHostAdapter({ attendance: linkedAttendance });
  renderShell(<MainPanel />, { adapter });
  await userEvent.click(await screen.findByRole('button', { name: 'Escolher deal-2' }));
  await userEvent.click(screen.getByRole('tab', { name: 'Tarefas' }));
  expect(await screen.findByText(/tasks\/TasksTab \{"dealId":"deal-2"/)).toBeInTheDocument();

  act(() => adapter.openAttendance(otherChat));
  expect(
    await screen.findByText('toolbar contato=contact-2 negociação=nenhuma'),
  ).toBeInTheDocument();
  expect(screen.queryByText(/contact-1/)).not.toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Geral' })).toHaveAttribute('aria-selected', 'true');

  act(() => adapter.openAttendance(linkedAttendance));
  expect(
    await screen.findByText('toolbar contato=contact-1 negociação=deal-2'),
  ).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Tarefas' })).toHaveAttribute('aria-selected', 'true');
});

it("asks for a chat's CRM link in the host's open event, before rendering the chat, and once", async () => {
  const otherChat = anotherLinkedChat();
  const adapter = createFakeHostAdapter({ attendance: linkedAttendance });
  renderShell(<MainPanel />, { adapter });
  await screen.findByText('toolbar contato=contact-1 negociação=deal-1');
  // What the panel showed when the link's read left: the chat before, or the new chat's loading.
  const shownAtRead: string[] = [];
  const mappingUrl = `${server.baseURL}/api/rdstation/contact-mapping/host-contact-2`;
  const realFetch = globalThis.fetch;
  const fetched = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    // The api client's transport (axios over fetch) sends a Request.
    if ((input instanceof Request ? input.url : String(input)) === mappingUrl)
      shownAtRead.push(
        screen.queryByText('toolbar contato=contact-1 negociação=deal-1')
          ? 'chat anterior'
          : 'chat novo',
      );
    return realFetch(input, init);
  });
  try {
    act(() => adapter.openAttendance(otherChat));
    expect(
      await screen.findByText('toolbar contato=contact-2 negociação=nenhuma'),
    ).toBeInTheDocument();
    // It left in the event, before the new chat rendered, and the chat's own read found it in
    // flight: one read.
    expect(shownAtRead).toEqual(['chat anterior']);
    expect(
      server.requests.filter((r) => r.path === '/api/rdstation/contact-mapping/host-contact-2'),
    ).toHaveLength(1);
  } finally {
    fetched.mockRestore();
  }
});

it("asks for the general tab's reference data when the chat opens, and the deal's stages with the deal", async () => {
  renderShell(<MainPanel />, { adapter: createFakeHostAdapter({ attendance: linkedAttendance }) });
  await screen.findByText('toolbar contato=contact-1 negociação=deal-1');
  const deal = server.db.state.deals.find((d) => d.id === 'deal-1');
  await waitFor(() =>
    expect(server.requests.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/rdstation/users',
        '/api/rdstation/sources',
        '/api/rdstation/pipelines',
        '/api/rdstation/custom-fields',
        `/api/rdstation/pipelines/${deal?.pipeline_id}/stages`,
      ]),
    ),
  );
  // Reference data is asked for before (not after) the deal itself.
  const paths = server.requests.map((r) => r.path);
  expect(paths.indexOf('/api/rdstation/users')).toBeLessThan(
    paths.indexOf('/api/rdstation/deals/deal-1'),
  );
  // The panel's preload and the areas' own preloads share the cache: each read goes out once.
  for (const path of ['/api/rdstation/users', '/api/rdstation/deals/deal-1']) {
    expect(paths.filter((p) => p === path)).toHaveLength(1);
  }
  expect(paths.filter((p) => p.endsWith('/stages'))).toHaveLength(1);
});
