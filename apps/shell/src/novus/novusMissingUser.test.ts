import { type NovusDiagnosticsReport } from '@crm-panel/crm-model';
import { type HostAdapter } from '@crm-panel/host-bridge';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { novusMissingUserMessage, novusOriginProblem } from './novusMissingUser';

const understood = {
  userId: null,
  systemKey: null,
  attendanceId: null,
  channelId: null,
  contactId: null,
  phone: null,
};

/** A Novus panel whose diagnostics say what the host sent so far. */
function novusPanel(report: Partial<NovusDiagnosticsReport>): HostAdapter {
  const diagnostics: NovusDiagnosticsReport = {
    hostOrigin: 'https://app.novuscrm.com.br',
    origins: { parameter: null, referrer: null, ancestor: null },
    urlTenant: null,
    userInfo: null,
    lastEvent: null,
    understood,
    unexpected: [],
    ...report,
  };
  const panel = {
    ...createFakeHostAdapter(),
    kind: 'novus' as const,
    diagnostics: () => diagnostics,
  };
  return panel;
}

describe('novusMissingUserMessage', () => {
  it('says the host has not answered getInfoUser yet', () => {
    expect(novusMissingUserMessage(novusPanel({}))).toBe(
      'O Novus ainda não respondeu quem é você (getInfoUser). Recarregue o painel.',
    );
  });

  it('names the fields the reply had (never their values), the plugin URL parameter first, then the view', () => {
    const reply = { nome: 'Ana', email: 'ana@acme.com.br', codigo: 7 };
    expect(
      novusMissingUserMessage(novusPanel({ userInfo: { at: '2026-11-29T10:00:00Z', reply } })),
    ).toBe(
      'O Novus respondeu sem o id do usuário que o painel procura (campos recebidos: nome, email, codigo). Peça a um administrador para acrescentar à URL do plugin, no cadastro do Novus, o parâmetro hostUserIdField com o nome do campo, entre os recebidos, que identifica o atendente (ex.: &hostUserIdField=nomeDoCampo). Depois que alguém entrar, o campo "Id do usuário" pode ser salvo em Gerenciar Integração → Diagnóstico do Novus.',
    );
  });

  it('says the company is missing when the user is known but no systemKey came', () => {
    expect(
      novusMissingUserMessage(
        novusPanel({
          userInfo: { at: '2026-11-29T10:00:00Z', reply: { id: 'user-ana' } },
          understood: { ...understood, userId: 'user-ana' },
        }),
      ),
    ).toBe(
      'O Novus não informou a empresa (systemKey): cadastre o plugin com o parâmetro hostTenant na URL.',
    );
  });

  it("says the host refused getInfoUser, in the host's words, instead of 'not answered yet'", () => {
    expect(
      novusMissingUserMessage(
        novusPanel({
          userInfoError: { at: '2026-11-29T10:00:00Z', error: 'Usuário sem permissão.' },
        }),
      ),
    ).toBe(
      'O Novus recusou o getInfoUser: Usuário sem permissão. Recarregue o painel; se continuar, fale com o suporte do Novus.',
    );
  });

  it('is nothing for other hosts', () => {
    expect(novusMissingUserMessage(createFakeHostAdapter())).toBeNull();
    expect(novusOriginProblem(createFakeHostAdapter())).toBeNull();
  });
});

describe('novusOriginProblem', () => {
  const PAGE = 'https://acme.novus.example';

  it('nothing when the page that frames the panel is the one it talks to', () => {
    const origins = { parameter: PAGE, referrer: PAGE, ancestor: PAGE };
    expect(novusOriginProblem(novusPanel({ hostOrigin: PAGE, origins }))).toBeNull();
  });

  it('names the origin seen when it is not allowed, and where to allow it', () => {
    const panel = novusPanel({
      hostOrigin: null,
      origins: { parameter: PAGE, referrer: PAGE, ancestor: PAGE },
    });
    const text = `O painel foi aberto pelo Novus em ${PAGE}, origem que não está entre as origens permitidas do painel. Peça a quem instalou o painel para incluir a origem da página do Novus em hostOrigins, no runtime-config.json do painel, e confira o parâmetro hostOrigin da URL do plugin no cadastro do Novus.`;
    expect(novusOriginProblem(panel)).toBe(text);
    // The missing-user card says the same: the origin is why there is no user.
    expect(novusMissingUserMessage(panel)).toBe(text);
  });

  it('says so when the panel saw no origin at all', () => {
    const panel = novusPanel({
      hostOrigin: null,
      origins: { parameter: null, referrer: null, ancestor: null },
    });
    expect(novusOriginProblem(panel)).toBe(
      'O painel foi aberto pelo Novus numa origem que o painel não conhece e que não está entre as origens permitidas do painel. Peça a quem instalou o painel para incluir a origem da página do Novus em hostOrigins, no runtime-config.json do painel, e confira o parâmetro hostOrigin da URL do plugin no cadastro do Novus.',
    );
  });

  it('names both origins when the page is not the one the panel talks to', () => {
    const other = 'https://outra.novus.example';
    const panel = novusPanel({
      hostOrigin: other,
      origins: { parameter: other, referrer: PAGE, ancestor: PAGE },
    });
    expect(novusOriginProblem(panel)).toBe(
      `A página do Novus que abriu o painel está em ${PAGE}, mas o painel fala com ${other} (parâmetro hostOrigin da URL do plugin): o navegador descarta as mensagens para outra origem. Corrija o parâmetro hostOrigin no cadastro do plugin no Novus para ${PAGE} (essa origem também precisa estar em hostOrigins, no runtime-config.json do painel).`,
    );
  });
});
