import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { queryKeys } from '@crm-panel/api-client';
import { mockErrorHandler, MOCK_BASE_URL, setupTestServer } from '@crm-panel/api-client/testing';
import { type HostAttendance } from '@crm-panel/crm-model';
import { createFakeHostAdapter, FAKE_ATTENDANCE } from '@crm-panel/host-bridge/testing';
import { ContactLinkingPage } from './ContactLinkingPage';
import { currentLocation, expectAccessible, renderPage, settle } from '@contacts/test-utils';

const server = setupTestServer();

const CONTACTS_PATH = '/api/rdstation/contacts';
const MAPPING_PATH = '/api/rdstation/contact-mapping';
const WITH_MAPPING_PATH = '/api/rdstation/contacts/with-mapping';

function attendanceWith(contato: HostAttendance['contato']): HostAttendance {
  return { ...FAKE_ATTENDANCE, atendimentoId: `at-${contato?.id ?? 'none'}`, contato };
}

function renderLinking(attendance: HostAttendance | null = FAKE_ATTENDANCE, fakeTimers = false) {
  const adapter = createFakeHostAdapter({ attendance });
  return renderPage(<ContactLinkingPage />, { route: '/contact-linking', adapter, fakeTimers });
}

const contactSearches = () =>
  server.requests.filter((request) => request.method === 'GET' && request.path === CONTACTS_PATH);

const posts = (path: string) =>
  server.requests.filter((request) => request.method === 'POST' && request.path === path);

const suggestionsRegion = () => screen.getByRole('region', { name: 'Sugestões' });

afterEach(() => {
  jest.useRealTimers();
});

describe('suggestions', () => {
  it('leads with them: before the chat contact and the other ways to link', async () => {
    renderLinking();
    await within(suggestionsRegion()).findByText('Maria Oliveira');
    const cards = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'))
      .map((id) => (id ? document.getElementById(id)?.textContent : null))
      .filter(
        (title) =>
          title === 'Sugestões' || title === 'Contato do chat' || title === 'Outro contato',
      );
    expect(cards).toEqual(['Sugestões', 'Contato do chat', 'Outro contato']);
  });

  it('offers the CRM contact with the same number, asking once with its national digits', async () => {
    renderLinking();
    const region = suggestionsRegion();
    expect(await within(region).findByText('Maria Oliveira')).toBeInTheDocument();
    expect(within(region).getByText('Mesmo telefone')).toBeInTheDocument();

    const filters = contactSearches()
      .map((request) => request.query.filter)
      .filter((filter) => filter !== undefined);
    // The api expands the digits into every form the CRM may hold (apps/api README, 'CRM lists').
    expect([...filters].sort()).toEqual(['name:~"Mariana Costa"', 'phone:"11987654321"']);
    for (const request of contactSearches()) {
      expect(request.query).toMatchObject({
        limit: '200',
        page: '1',
        order: 'name',
        direction: 'asc',
      });
    }
  });

  it('matches a chat number written without the extra 9 nor +55', async () => {
    renderLinking(
      attendanceWith({
        id: 'h-2',
        nome: 'Cliente',
        nomeSecundario: null,
        numero: '(11) 8765-4321',
      }),
    );
    const region = suggestionsRegion();
    expect(await within(region).findByText('Maria Oliveira')).toBeInTheDocument();
    expect(within(region).getByText('Mesmo telefone')).toBeInTheDocument();
  });

  it('finds a CRM contact stored in the old 8-digit form for a chat number with the 9', async () => {
    server.db.state.contacts.push({
      id: 'contact-antigo',
      name: 'Rita Antiga',
      organization_id: null,
      emails: [],
      phones: [{ phone: '(41) 8877-6655', type: 'mobile' }],
      job_title: null,
    });
    renderLinking(
      attendanceWith({ id: 'h-5', nome: 'R.', nomeSecundario: null, numero: '+55 41 98877-6655' }),
    );
    const region = suggestionsRegion();
    expect(await within(region).findByText('Rita Antiga')).toBeInTheDocument();
    expect(within(region).getByText('Mesmo telefone')).toBeInTheDocument();
  });

  it('offers CRM contacts with the same name', async () => {
    renderLinking(
      attendanceWith({ id: 'h-3', nome: 'João Pereira', nomeSecundario: null, numero: null }),
    );
    const region = suggestionsRegion();
    expect(await within(region).findByText('João Pereira')).toBeInTheDocument();
    expect(within(region).getByText('Nome semelhante')).toBeInTheDocument();
    expect(
      contactSearches()
        .map((request) => request.query.filter)
        .filter((filter) => filter !== undefined),
    ).toEqual(['name:~"João Pereira"']);
  });

  it('says so when nothing matches', async () => {
    renderLinking(
      attendanceWith({
        id: 'h-4',
        nome: 'Zé Ninguém',
        nomeSecundario: null,
        numero: '+55 31 99999-0000',
      }),
    );
    expect(
      await within(suggestionsRegion()).findByText(
        'Nenhum contato do CRM com o mesmo telefone ou nome.',
      ),
    ).toBeInTheDocument();
  });

  it('links a suggestion in one click and returns to the panel', async () => {
    const { user, queryClient } = renderLinking();
    const region = suggestionsRegion();
    await user.click(
      await within(region).findByRole('button', { name: 'Vincular Maria Oliveira' }),
    );

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(screen.getByText('Painel principal')).toBeInTheDocument();
    expect(posts(MAPPING_PATH).map((request) => request.body)).toEqual([
      { contactId: 'contato-mariana', rdstationContactId: 'contact-1' },
    ]);
    expect(server.db.state.contactMappings['contato-mariana']).toBe('contact-1');
    expect(queryClient.getQueryData(queryKeys.contactMapping('contato-mariana'))).toEqual({
      mapped: true,
      rdstationContactId: 'contact-1',
    });
  });

  it("shows 'Erro ao vincular contato' when the link fails, and stays", async () => {
    server.use(
      mockErrorHandler({ baseURL: MOCK_BASE_URL, method: 'post', path: MAPPING_PATH, status: 500 }),
    );
    const { user } = renderLinking();
    const region = suggestionsRegion();
    await user.click(
      await within(region).findByRole('button', { name: 'Vincular Maria Oliveira' }),
    );

    expect(await within(region).findByText('Erro ao vincular contato')).toBeInTheDocument();
    expect(currentLocation()).toBe('/contact-linking');
    expect(within(region).getByRole('button', { name: 'Vincular Maria Oliveira' })).toBeEnabled();
  });

  it("prefers the server's message when the link fails", async () => {
    server.use(
      mockErrorHandler({
        baseURL: MOCK_BASE_URL,
        method: 'post',
        path: MAPPING_PATH,
        status: 400,
        message: 'Contato do host inválido',
      }),
    );
    const { user } = renderLinking();
    const region = suggestionsRegion();
    await user.click(
      await within(region).findByRole('button', { name: 'Vincular Maria Oliveira' }),
    );
    expect(await within(region).findByText('Contato do host inválido')).toBeInTheDocument();
  });

  it("shows 'Erro ao buscar contatos' with a retry when the search fails", async () => {
    let failing = true;
    server.use(
      http.get(`${MOCK_BASE_URL}${CONTACTS_PATH}`, () =>
        failing ? HttpResponse.json({ message: 'Falha' }, { status: 500 }) : undefined,
      ),
    );
    const { user } = renderLinking();
    const region = suggestionsRegion();
    expect(await within(region).findByText('Erro ao buscar contatos')).toBeInTheDocument();

    failing = false;
    await user.click(within(region).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(region).findByText('Maria Oliveira')).toBeInTheDocument();
  });

  it('does not send the attendant to the panel when a link answers after a chat switch', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answered = false;
    server.use(
      http.post(`${MOCK_BASE_URL}${MAPPING_PATH}`, async () => {
        await held;
        answered = true;
        return HttpResponse.json({ data: { mapped: true, rdstationContactId: 'contact-1' } });
      }),
    );
    const { user, adapter, queryClient } = renderLinking();
    await user.click(
      await within(suggestionsRegion()).findByRole('button', { name: 'Vincular Maria Oliveira' }),
    );

    const other = attendanceWith({
      id: 'h-outro',
      nome: 'Fernanda Costa',
      nomeSecundario: null,
      numero: null,
    });
    act(() => adapter.openAttendance(other));
    expect(await screen.findByText('Fernanda Costa', { selector: 'dd' })).toBeInTheDocument();

    await act(async () => {
      release();
      await held;
    });
    await waitFor(() => expect(answered).toBe(true));
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.contactMapping('contato-mariana'))).toEqual({
        mapped: true,
        rdstationContactId: 'contact-1',
      }),
    );
    expect(currentLocation()).toBe('/contact-linking');
    expect(screen.getByText('Fernanda Costa', { selector: 'dd' })).toBeInTheDocument();
  });
});

describe('without a chat contact', () => {
  it("says 'Nenhum contato selecionado' and leads back to the panel", async () => {
    const { user } = renderLinking(null);
    expect(screen.getByText('Nenhum contato selecionado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltar ao painel' }));
    expect(screen.getByText('Painel principal')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('explains an attendance without contact with the main panel’s message', async () => {
    renderLinking(attendanceWith(undefined));
    await settle();
    expect(screen.getByText('Nenhum contato selecionado')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Este atendimento não tem um contato no chat: sem nome nem telefone para vincular.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar ao painel' })).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('links a visitor the host names without a contact id under its attendance', async () => {
    const visitor: HostAttendance = {
      ...FAKE_ATTENDANCE,
      atendimentoId: 'at-visitante',
      contato: { id: '', nome: 'Carlos Mendes', nomeSecundario: null, numero: '+55 31 99999-0000' },
    };
    const { user } = renderLinking(visitor);
    await user.click(screen.getByRole('tab', { name: 'Criar contato' }));
    expect(screen.getByLabelText(/^Nome/)).toHaveValue('Carlos Mendes');
    await user.click(screen.getByRole('button', { name: 'Criar e vincular contato' }));

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(posts(WITH_MAPPING_PATH).map((request) => request.body)).toEqual([
      {
        contact: {
          name: 'Carlos Mendes',
          phones: [{ phone: '+55 31 99999-0000', type: 'cellphone' }],
        },
        contactId: 'atendimento:at-visitante',
      },
    ]);
  });
});

describe('search mode', () => {
  it('searches CRM contacts (600 ms after typing) and links the chosen one', async () => {
    jest.useFakeTimers();
    const { user } = renderLinking(FAKE_ATTENDANCE, true);
    const combobox = screen.getByRole('combobox', { name: 'Contato do CRM' });

    await user.click(combobox);
    await user.type(combobox, 'Fernanda');
    const sent = () =>
      contactSearches().filter((request) => request.query.filter === 'name:~"Fernanda"');
    act(() => jest.advanceTimersByTime(599));
    expect(sent()).toHaveLength(0);
    act(() => jest.advanceTimersByTime(1));

    await user.click(await screen.findByRole('option', { name: /Fernanda Costa/ }));
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.query).toEqual({
      limit: '200',
      page: '1',
      order: 'name',
      direction: 'asc',
      filter: 'name:~"Fernanda"',
    });

    await user.click(screen.getByRole('button', { name: 'Vincular contato' }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(posts(MAPPING_PATH).map((request) => request.body)).toEqual([
      { contactId: 'contato-mariana', rdstationContactId: 'contact-3' },
    ]);
  });

  it('searches by a whole phone number (RD matches phones exactly, in any stored form)', async () => {
    jest.useFakeTimers();
    const { user } = renderLinking(FAKE_ATTENDANCE, true);
    const combobox = screen.getByRole('combobox', { name: 'Contato do CRM' });
    await user.click(combobox);
    await user.type(combobox, '(21) 3456-7890');
    act(() => jest.advanceTimersByTime(600));
    expect(await screen.findByRole('option', { name: /João Pereira/ })).toBeInTheDocument();
    expect(contactSearches().some((request) => request.query.filter === 'phone:"2134567890"')).toBe(
      true,
    );
  });

  it('keeps the choice and shows the error when the link fails', async () => {
    server.use(
      mockErrorHandler({ baseURL: MOCK_BASE_URL, method: 'post', path: MAPPING_PATH, status: 503 }),
    );
    const { user } = renderLinking();
    const link = screen.getByRole('button', { name: 'Vincular contato' });
    expect(link).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Contato do CRM' }));
    await user.click(await screen.findByRole('option', { name: /João Pereira/ }));
    await user.click(link);

    const panel = screen.getByRole('tabpanel', { name: 'Buscar contato' });
    expect(await within(panel).findByText('Erro ao vincular contato')).toBeInTheDocument();
    expect(within(panel).getByText('João Pereira')).toBeInTheDocument();
    expect(currentLocation()).toBe('/contact-linking');
  });
});

describe('create mode', () => {
  /** Mariana's chat, with a number no CRM contact has. */
  const UNKNOWN_NUMBER = attendanceWith({
    id: 'contato-mariana',
    nome: 'Mariana Costa',
    nomeSecundario: null,
    numero: '+55 31 99999-0000',
  });
  const SAME_PHONE_QUESTION =
    'Já existe um contato com este telefone: Maria Oliveira. Criar mesmo assim?';

  async function openCreate(attendance: HostAttendance = FAKE_ATTENDANCE) {
    const rendered = renderLinking(attendance);
    await rendered.user.click(screen.getByRole('tab', { name: 'Criar contato' }));
    return rendered;
  }

  const submit = () => screen.getByRole('button', { name: 'Criar e vincular contato' });

  it('starts from the chat contact; with its phone already in the CRM, creates only when told to', async () => {
    const { user, queryClient } = await openCreate();
    expect(screen.getByLabelText(/^Nome/)).toHaveValue('Mariana Costa');
    expect(screen.getByLabelText('Telefone')).toHaveValue('+5511987654321');

    await user.click(screen.getByLabelText('E-mail'));
    await user.paste('mariana@costaefilhos.com.br');
    await user.click(screen.getByLabelText('Cargo'));
    await user.paste('Gerente de Compras');
    await user.click(submit());

    const dialog = await screen.findByRole('alertdialog', {
      name: 'Telefone já cadastrado no CRM',
    });
    expect(dialog).toHaveAccessibleDescription(SAME_PHONE_QUESTION);
    expect(within(dialog).getByRole('button', { name: 'Vincular Maria Oliveira' })).toBeVisible();
    expect(posts(WITH_MAPPING_PATH)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Criar mesmo assim' }));

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(posts(WITH_MAPPING_PATH).map((request) => request.body)).toEqual([
      {
        contact: {
          name: 'Mariana Costa',
          emails: [{ email: 'mariana@costaefilhos.com.br', type: 'work' }],
          phones: [{ phone: '+5511987654321', type: 'cellphone' }],
          job_title: 'Gerente de Compras',
        },
        contactId: 'contato-mariana',
      },
    ]);
    const createdId = server.db.state.contactMappings['contato-mariana'];
    expect(createdId).toBeDefined();
    expect(queryClient.getQueryData(queryKeys.contactMapping('contato-mariana'))).toEqual({
      mapped: true,
      rdstationContactId: createdId,
    });
  });

  it('links the contact that has the phone instead, from the question', async () => {
    const { user } = await openCreate();
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Vincular Maria Oliveira' }));

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(posts(WITH_MAPPING_PATH)).toHaveLength(0);
    expect(posts(MAPPING_PATH).map((request) => request.body)).toEqual([
      { contactId: 'contato-mariana', rdstationContactId: 'contact-1' },
    ]);
  });

  it("'Cancelar' goes back to the form with nothing sent", async () => {
    const { user } = await openCreate();
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await settle();
    expect(posts(WITH_MAPPING_PATH)).toHaveLength(0);
    expect(posts(MAPPING_PATH)).toHaveLength(0);
    expect(screen.getByLabelText(/^Nome/)).toHaveValue('Mariana Costa');
  });

  it('checks the phone typed, not only the chat’s: a number nobody has creates at once', async () => {
    const { user } = await openCreate();
    await user.clear(screen.getByLabelText('Telefone'));
    await user.type(screen.getByLabelText('Telefone'), '+55 31 99999-0000');
    await user.click(submit());

    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(contactSearches().map((request) => request.query.filter)).toContain(
      'phone:"31999990000"',
    );
    expect(posts(WITH_MAPPING_PATH)).toHaveLength(1);
  });

  it("says 'Erro ao buscar contatos' when the phone cannot be checked, and creates nothing", async () => {
    const { user } = await openCreate(UNKNOWN_NUMBER);
    await within(suggestionsRegion()).findByText(
      'Nenhum contato do CRM com o mesmo telefone ou nome.',
    );
    server.use(
      mockErrorHandler({ baseURL: MOCK_BASE_URL, method: 'get', path: CONTACTS_PATH, status: 500 }),
    );
    await user.clear(screen.getByLabelText('Telefone'));
    await user.type(screen.getByLabelText('Telefone'), '+55 21 3456-7890');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao buscar contatos');
    expect(posts(WITH_MAPPING_PATH)).toHaveLength(0);
  });

  it("requires the name ('Nome é obrigatório') and sends nothing without it", async () => {
    const { user } = await openCreate();
    await user.clear(screen.getByLabelText(/^Nome/));
    await user.click(submit());

    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(posts(WITH_MAPPING_PATH)).toHaveLength(0);
  });

  it("says 'Contato criado sem ID' when the CRM gives no id, saves no link, keeps the form", async () => {
    server.use(
      http.post(`${MOCK_BASE_URL}${WITH_MAPPING_PATH}`, () =>
        HttpResponse.json(
          { data: { success: true, contact: { name: 'Mariana Costa' } } },
          { status: 201 },
        ),
      ),
    );
    const { user } = await openCreate(UNKNOWN_NUMBER);
    await user.click(screen.getByLabelText('E-mail'));
    await user.paste('mariana@costaefilhos.com.br');
    await user.click(submit());

    expect(await screen.findByText('Contato criado sem ID')).toBeInTheDocument();
    expect(currentLocation()).toBe('/contact-linking');
    expect(posts(MAPPING_PATH)).toHaveLength(0);
    expect(server.db.state.contactMappings['contato-mariana']).toBeUndefined();
    expect(screen.getByLabelText('E-mail')).toHaveValue('mariana@costaefilhos.com.br');
  });

  it("shows the server's message ('Contato criado sem ID' from the api)", async () => {
    server.use(
      mockErrorHandler({
        baseURL: MOCK_BASE_URL,
        method: 'post',
        path: WITH_MAPPING_PATH,
        status: 502,
        message: 'Contato criado sem ID',
      }),
    );
    const { user } = await openCreate(UNKNOWN_NUMBER);
    await user.click(submit());
    expect(await screen.findByText('Contato criado sem ID')).toBeInTheDocument();
  });

  it("shows 'Erro ao criar contato' on other failures and keeps everything typed", async () => {
    server.use(
      mockErrorHandler({
        baseURL: MOCK_BASE_URL,
        method: 'post',
        path: WITH_MAPPING_PATH,
        status: 500,
      }),
    );
    const { user } = await openCreate(UNKNOWN_NUMBER);
    await user.click(screen.getByLabelText('Cargo'));
    await user.paste('Compradora');
    await user.click(submit());

    expect(await screen.findByText('Erro ao criar contato')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nome/)).toHaveValue('Mariana Costa');
    expect(screen.getByLabelText('Cargo')).toHaveValue('Compradora');
    expect(submit()).toBeEnabled();
    expect(currentLocation()).toBe('/contact-linking');
  });
});

it('passes an accessibility check with its suggestions', async () => {
  const { container } = renderLinking();
  await within(suggestionsRegion()).findByText('Maria Oliveira');
  await expectAccessible(container);
});
