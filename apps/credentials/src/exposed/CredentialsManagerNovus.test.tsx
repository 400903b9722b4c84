import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEFAULT_NOVUS_MAPPING, type NovusDiagnosticsReport } from '@crm-panel/crm-model';
import { setupTestServer } from '@crm-panel/api-client/testing';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { renderPage } from '@credentials/test-utils';
import { CredentialsManagerPage } from './CredentialsManagerPage';

const server = setupTestServer();

// Typing in a dozen fields takes a few seconds on a loaded machine.
jest.setTimeout(30_000);

const REPORT: NovusDiagnosticsReport = {
  hostOrigin: 'https://acme.novuscrm.com.br',
  origins: {
    parameter: 'https://acme.novuscrm.com.br',
    referrer: 'https://acme.novuscrm.com.br',
    ancestor: 'https://acme.novuscrm.com.br',
  },
  urlTenant: 'tenant-acme',
  userInfo: { at: '2026-12-05T10:00:00.000Z', reply: { id: 'user-ana', token: '[omitido]' } },
  lastEvent: {
    at: '2026-12-05T10:00:01.000Z',
    name: 'aoAbrirAtendimento',
    payload: { atendimentoId: 'at-1001', contato: { id: 'c-1', Fone: '+5511987654321' } },
  },
  understood: {
    userId: 'user-ana',
    systemKey: 'tenant-acme',
    attendanceId: 'at-1001',
    channelId: null,
    contactId: 'c-1',
    phone: null,
  },
  unexpected: [
    { origin: 'https://intruso.example', at: '2026-12-05T10:00:02.000Z', command: 'callback' },
  ],
};

const MISSING = [
  'Telefone do contato não encontrado (campos tentados: numero, Numero, telefone, Telefone, celular): sem ele o painel não sugere contatos pelo telefone.',
];

const DIAGNOSTICS = {
  report: REPORT,
  reportedAt: '2026-12-05T10:00:03.000Z',
  missing: MISSING,
  mapping: DEFAULT_NOVUS_MAPPING,
  defaults: DEFAULT_NOVUS_MAPPING,
  custom: false,
  mappingUpdatedAt: null,
  mappingUpdatedBy: null,
};

function serveDiagnostics(overrides: Record<string, unknown> = {}) {
  const puts: unknown[] = [];
  server.use(
    http.get(`${server.baseURL}/api/novus/diagnostics`, () =>
      HttpResponse.json({ data: { ...DIAGNOSTICS, ...overrides } }),
    ),
    http.put(`${server.baseURL}/api/novus/mapping`, async ({ request }) => {
      const body = await request.json();
      puts.push(body);
      if (JSON.stringify(body).includes('idDoUsuario'))
        return HttpResponse.json(
          {
            message:
              'Com este mapeamento o id do usuário não aparece na última resposta do getInfoUser (campos recebidos: id, token). Ninguém conseguiria entrar no painel; corrija o campo "Id do usuário".',
          },
          { status: 400 },
        );
      return HttpResponse.json({ data: { mapping: body, custom: true } });
    }),
  );
  return puts;
}

async function openNovusTab() {
  const adapter = Object.assign(createFakeHostAdapter(), { kind: 'novus' as const });
  const view = renderPage(<CredentialsManagerPage mode="page" />, {
    route: '/credentials-manager',
    adapter,
  });
  await view.user.click(await screen.findByRole('tab', { name: 'Diagnóstico do Novus' }));
  return view;
}

/** The cells of a field's row in 'O que o painel entendeu' (after its label). */
function cellsOf(region: HTMLElement, label: string): string[] {
  const row = within(region).getByRole('row', { name: new RegExp(`^${label}`) });
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

/** The panel reported under a wrong phone name; the api read the same messages again. */
const NOW_FIXED = {
  understoodNow: {
    userId: 'user-ana',
    systemKey: 'tenant-acme',
    attendanceId: 'at-1001',
    channelId: null,
    description: null,
    contactId: 'c-1',
    contactName: null,
    secondaryName: null,
    phone: '+5511987654321',
  },
  missing: [],
  mapping: {
    ...DEFAULT_NOVUS_MAPPING,
    contact: { ...DEFAULT_NOVUS_MAPPING.contact, phone: ['Fone'] },
  },
  custom: true,
  mappingUpdatedAt: '2026-12-05T11:00:00.000Z',
  mappingUpdatedBy: 'user-ana',
};

describe("CredentialsManagerPage: 'Diagnóstico do Novus'", () => {
  it('shows what the host sent, what the panel understood, what is missing and stray origins', async () => {
    serveDiagnostics();
    await openNovusTab();
    const missing = await screen.findByRole('region', { name: 'O que falta' });
    expect(missing).toHaveTextContent(MISSING[0] ?? '');
    const understood = screen.getByRole('region', { name: 'O que o painel entendeu' });
    expect(cellsOf(understood, 'Id do usuário')).toEqual(['user-ana']);
    expect(cellsOf(understood, 'Telefone do contato')).toEqual(['não encontrado']);
    const sent = screen.getByRole('region', { name: 'O que o Novus enviou' });
    expect(sent).toHaveTextContent('"token": "[omitido]"');
    expect(sent).toHaveTextContent('aoAbrirAtendimento · 05/12/2026');
    expect(sent).toHaveTextContent('"Fone": "+5511987654321"');
    const stray = screen.getByRole('region', { name: 'Mensagens de origem inesperada' });
    expect(stray).toHaveTextContent('https://intruso.example');
  });

  it('shows the last failed apiRequest read of the chat import (host, endpoint, error), or none', async () => {
    serveDiagnostics();
    await openNovusTab();
    const sent = await screen.findByRole('region', { name: 'O que o Novus enviou' });
    expect(sent).toHaveTextContent('Última falha do apiRequest (mensagens do chat)Nenhuma.');
  });

  it('shows a failed apiRequest read with its host, endpoint and error', async () => {
    serveDiagnostics({
      report: {
        ...REPORT,
        apiRequestFailure: {
          at: '2026-12-05T10:00:04.000Z',
          host: 'publica',
          endpoint: 'v1/atendimentos/at-1001/mensagens',
          error: 'Endpoint not allowed',
        },
      },
    });
    await openNovusTab();
    const sent = await screen.findByRole('region', { name: 'O que o Novus enviou' });
    expect(sent).toHaveTextContent(
      'publica · v1/atendimentos/at-1001/mensagens · Endpoint not allowed · 05/12/2026',
    );
  });

  it('beside what the panel understood when it reported, what the mapping in force reads: never both a phone and its absence', async () => {
    serveDiagnostics(NOW_FIXED);
    await openNovusTab();
    const understood = await screen.findByRole('region', { name: 'O que o painel entendeu' });
    expect(
      within(understood)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Campo', 'Entendido pelo painel em 05/12/2026 10:00', 'Com o mapeamento atual']);
    expect(cellsOf(understood, 'Telefone do contato')).toEqual([
      'não encontrado',
      '+5511987654321',
    ]);
    expect(screen.getByRole('region', { name: 'O que falta' })).toHaveTextContent(
      'Nada falta: o painel entendeu tudo o que precisa.',
    );
    expect(
      screen.getByText(
        'Este relato é anterior ao mapeamento salvo em 05/12/2026 11:00: a coluna “Com o mapeamento atual” mostra o que o painel entende agora do que o Novus enviou.',
      ),
    ).toBeInTheDocument();
  });

  it('gives every mapped field a row, each "not found" in its own gender with the names tried', async () => {
    serveDiagnostics(NOW_FIXED);
    await openNovusTab();
    const understood = await screen.findByRole('region', { name: 'O que o painel entendeu' });
    expect(
      within(understood)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Id do usuário',
      'Empresa (systemKey)',
      'Id do atendimento',
      'Id do canal',
      'Descrição',
      'Id do contato',
      'Nome do contato',
      'Nome secundário',
      'Telefone do contato',
    ]);
    // An older panel did not report the name, the nickname nor the description: a dash.
    expect(cellsOf(understood, 'Descrição')).toEqual([
      '—',
      'não encontrada (campos tentados: descricao, Descricao, titulo, assunto)',
    ]);
    expect(cellsOf(understood, 'Nome do contato')).toEqual([
      '—',
      'não encontrado (campos tentados: nome, Nome, name)',
    ]);
    expect(cellsOf(understood, 'Nome secundário')).toEqual([
      '—',
      'não encontrado (campos tentados: nomeSecundario, apelido, Apelido)',
    ]);
  });

  it('names "none" in agreement with each origin row', async () => {
    serveDiagnostics({
      report: {
        ...REPORT,
        hostOrigin: null,
        origins: { parameter: null, referrer: null, ancestor: null },
        urlTenant: null,
        understood: { ...REPORT.understood, systemKey: null },
      },
      understoodNow: { ...NOW_FIXED.understoodNow, systemKey: null },
    });
    await openNovusTab();
    const sent = await screen.findByRole('region', { name: 'O que o Novus enviou' });
    const value = (label: string) => within(sent).getByText(label).nextElementSibling?.textContent;
    expect(value('Origem com a qual o painel se comunica (hostOrigin permitido)')).toBe(
      '(nenhuma)',
    );
    expect(value('Parâmetro hostOrigin da URL do plugin')).toBe('(nenhum)');
    expect(value('Origem de quem abriu o painel (referrer)')).toBe('(nenhuma)');
    expect(value('Origem da página que contém o painel')).toBe('(nenhuma)');
    expect(value('Parâmetro hostTenant da URL do plugin')).toBe('(nenhum)');
    expect(value('Parâmetro hostUserIdField da URL do plugin')).toBe('(nenhum)');
    const understood = screen.getByRole('region', { name: 'O que o painel entendeu' });
    expect(cellsOf(understood, 'Empresa \\(systemKey\\)')).toEqual([
      'não encontrada',
      'não encontrada (campos tentados: systemKey)',
    ]);
  });

  it('a newer pre-session report is shown, labelled, with the older verified one dated', async () => {
    serveDiagnostics({
      reportedBy: 'user-ana',
      shown: 'pre-session',
      preSessionReport: { ...REPORT, userInfo: { at: REPORT.userInfo?.at, reply: { codigo: 7 } } },
      preSessionReportedAt: '2026-12-06T10:00:00.000Z',
    });
    await openNovusTab();
    expect(await screen.findByText('Relato sem sessão (não verificado)')).toBeInTheDocument();
    expect(screen.getByText(/Último relato do painel: 06\/12\/2026/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Há também um relato verificado (com sessão), mais antigo, de 05/12/2026 10:00.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'O que o Novus enviou' })).toHaveTextContent(
      '"codigo": 7',
    );
  });

  it('a refused save says what was refused, and keeps what was typed', async () => {
    serveDiagnostics();
    server.use(
      http.put(`${server.baseURL}/api/novus/mapping`, () =>
        HttpResponse.json(
          {
            message: 'Apenas administradores podem alterar o mapeamento de campos do Novus.',
            code: 'admin_required',
          },
          { status: 403 },
        ),
      ),
    );
    const { user } = await openNovusTab();
    const form = await screen.findByRole('form', { name: 'Mapeamento de campos' });
    const phone = within(form).getByRole('textbox', { name: 'Telefone do contato' });
    await user.clear(phone);
    await user.type(phone, 'Fone');
    await user.click(within(form).getByRole('button', { name: 'Salvar mapeamento' }));
    expect(
      await within(form).findByText(
        'Apenas administradores podem alterar o mapeamento de campos do Novus.',
      ),
    ).toBeInTheDocument();
    expect(phone).toHaveValue('Fone');
  });

  it("names whose session sent the tenant's report", async () => {
    serveDiagnostics({ reportedBy: 'user-ana', preSessionReport: null });
    await openNovusTab();
    expect(
      await screen.findByText(
        /Último relato do painel: .* \(enviado pela sessão do usuário user-ana\)/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Relato sem sessão (não verificado)')).toBeNull();
  });

  it('before any panel session, shows the pre-session report labelled as unverified', async () => {
    serveDiagnostics({
      report: null,
      reportedAt: null,
      reportedBy: null,
      preSessionReport: REPORT,
      preSessionReportedAt: '2026-12-05T10:00:03.000Z',
    });
    await openNovusTab();
    expect(await screen.findByText('Relato sem sessão (não verificado)')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Este relato veio de um painel que ainda não tinha sessão (o Novus não informou o usuário). Qualquer um com a chave do sistema pode enviar um relato assim: use-o como pista, não como prova.',
      ),
    ).toBeInTheDocument();
    const missing = screen.getByRole('region', { name: 'O que falta' });
    expect(missing).toHaveTextContent(MISSING[0] ?? '');
  });

  it("says the host refused getInfoUser, and lists the Novus port's messages it did not know", async () => {
    serveDiagnostics({
      report: null,
      reportedAt: null,
      reportedBy: null,
      preSessionReport: {
        ...REPORT,
        userInfo: null,
        userInfoError: { at: '2026-12-05T10:00:00.000Z', error: 'Usuário sem permissão' },
        unrecognized: [
          { at: '2026-12-05T10:00:05.000Z', command: 'callback', callbackId: 'aoTransferir-9' },
          { at: '2026-12-05T10:00:06.000Z', command: 'refresh_token', callbackId: null },
        ],
      },
      preSessionReportedAt: '2026-12-05T10:00:07.000Z',
    });
    await openNovusTab();
    const sent = await screen.findByRole('region', { name: 'O que o Novus enviou' });
    expect(sent).toHaveTextContent(
      'O Novus recusou o getInfoUser: Usuário sem permissão · 05/12/2026',
    );
    expect(sent).not.toHaveTextContent('O getInfoUser ainda não respondeu.');
    const unknown = screen.getByRole('region', { name: 'Mensagens não reconhecidas do Novus' });
    const items = within(unknown)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^05\/12\/2026.* · refresh_token$/),
      expect.stringMatching(/^05\/12\/2026.* · callback · callbackId aoTransferir-9$/),
    ]);
  });

  it('shows no unrecognized-messages section while there are none', async () => {
    serveDiagnostics();
    await openNovusTab();
    await screen.findByRole('region', { name: 'O que falta' });
    expect(
      screen.queryByRole('region', { name: 'Mensagens não reconhecidas do Novus' }),
    ).toBeNull();
  });

  it('checks the mapping in pt-BR keeping what was typed, then saves it', async () => {
    const puts = serveDiagnostics();
    const { user } = await openNovusTab();
    const form = await screen.findByRole('form', { name: 'Mapeamento de campos' });
    const phone = within(form).getByRole('textbox', { name: 'Telefone do contato' });
    await user.clear(phone);
    await user.type(phone, 'Fone, 9contato');
    const contactId = within(form).getByRole('textbox', { name: /Id do contato/ });
    await user.clear(contactId);
    await user.click(within(form).getByRole('button', { name: 'Salvar mapeamento' }));
    expect(
      await within(form).findByText(
        'Nome de campo inválido: "9contato". Use letras, números, _ ou - e pontos entre os níveis (ex.: canal.id).',
      ),
    ).toBeInTheDocument();
    expect(within(form).getByText('Informe ao menos um nome de campo.')).toBeInTheDocument();
    expect(puts).toEqual([]);
    expect(phone).toHaveValue('Fone, 9contato');
    await user.clear(phone);
    await user.type(phone, 'Fone');
    await user.type(contactId, 'id');
    await user.click(within(form).getByRole('button', { name: 'Salvar mapeamento' }));
    expect(
      await within(form).findByText(
        'Mapeamento salvo. Recarregue o painel no Novus para aplicá-lo.',
      ),
    ).toBeInTheDocument();
    expect(puts).toEqual([
      {
        ...DEFAULT_NOVUS_MAPPING,
        contact: { ...DEFAULT_NOVUS_MAPPING.contact, id: ['id'], phone: ['Fone'] },
      },
    ]);
  });

  it("shows the api's refusal and loses nothing typed", async () => {
    serveDiagnostics();
    const { user } = await openNovusTab();
    const form = await screen.findByRole('form', { name: 'Mapeamento de campos' });
    const userId = within(form).getByRole('textbox', { name: /Id do usuário/ });
    await user.clear(userId);
    await user.type(userId, 'idDoUsuario');
    await user.click(within(form).getByRole('button', { name: 'Salvar mapeamento' }));
    expect(
      await within(form).findByText(/Ninguém conseguiria entrar no painel/),
    ).toBeInTheDocument();
    expect(userId).toHaveValue('idDoUsuario');
  });

  it("'Restaurar padrões' puts the default names back in every field", async () => {
    const puts = serveDiagnostics({
      mapping: {
        ...DEFAULT_NOVUS_MAPPING,
        user: { ...DEFAULT_NOVUS_MAPPING.user, userId: ['uid'] },
      },
      custom: true,
      mappingUpdatedAt: '2026-12-05T09:00:00.000Z',
    });
    const { user } = await openNovusTab();
    const form = await screen.findByRole('form', { name: 'Mapeamento de campos' });
    const userId = within(form).getByRole('textbox', { name: /Id do usuário/ });
    expect(userId).toHaveValue('uid');
    await user.click(within(form).getByRole('button', { name: 'Restaurar padrões' }));
    expect(userId).toHaveValue(DEFAULT_NOVUS_MAPPING.user.userId.join(', '));
    expect(puts).toEqual([]);
  });

  it('a host that signs nothing: asks for the security password, refuses a wrong one, opens with the right one', async () => {
    const passwords: (string | null)[] = [];
    server.use(
      http.get(`${server.baseURL}/api/novus/diagnostics`, ({ request }) => {
        const password = request.headers.get('x-security-password');
        passwords.push(password);
        if (password === null)
          return HttpResponse.json(
            { message: 'Informe a senha de segurança.', code: 'security_password_required' },
            { status: 403 },
          );
        if (password !== 'senha-certa')
          return HttpResponse.json({ message: 'Senha de segurança incorreta' }, { status: 403 });
        return HttpResponse.json({ data: DIAGNOSTICS });
      }),
    );
    const { user } = await openNovusTab();
    const field = await screen.findByLabelText('Senha de segurança');
    expect(screen.queryByRole('form', { name: 'Mapeamento de campos' })).toBeNull();
    await user.type(field, 'errada');
    await user.click(screen.getByRole('button', { name: 'Ver diagnóstico' }));
    expect(await screen.findByText('Senha de segurança incorreta')).toBeVisible();
    await user.clear(screen.getByLabelText('Senha de segurança'));
    await user.type(screen.getByLabelText('Senha de segurança'), 'senha-certa');
    await user.click(screen.getByRole('button', { name: 'Ver diagnóstico' }));
    expect(await screen.findByRole('form', { name: 'Mapeamento de campos' })).toBeVisible();
    expect(passwords.at(-1)).toBe('senha-certa');
    expect(passwords).toContain('errada');
  });

  it("an attendant sees the api's refusal, nothing of the diagnostics", async () => {
    server.use(
      http.get(`${server.baseURL}/api/novus/diagnostics`, () =>
        HttpResponse.json(
          {
            message: 'Apenas administradores podem ver o diagnóstico do Novus.',
            code: 'admin_required',
          },
          { status: 403 },
        ),
      ),
    );
    await openNovusTab();
    expect(
      await screen.findByText('Apenas administradores podem ver o diagnóstico do Novus.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Mapeamento de campos' })).toBeNull();
  });

  it('outside Novus there is no such tab', async () => {
    renderPage(<CredentialsManagerPage mode="page" />, {
      route: '/credentials-manager',
      adapter: createFakeHostAdapter(),
    });
    await screen.findByRole('tab', { name: 'Histórico de alterações' });
    expect(screen.queryByRole('tab', { name: 'Diagnóstico do Novus' })).toBeNull();
    await waitFor(() =>
      expect(server.requests.some((r) => r.path === '/api/novus/diagnostics')).toBe(false),
    );
  });
});
