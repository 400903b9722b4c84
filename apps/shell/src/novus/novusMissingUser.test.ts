import { type NovusDiagnosticsReport } from '@crm-panel/crm-model';
import { type HostAdapter } from '@crm-panel/host-bridge';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { novusMissingUserMessage } from './novusMissingUser';

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

  it('names the fields the reply had (never their values) and where an admin fixes the mapping', () => {
    const reply = { nome: 'Ana', email: 'ana@acme.com.br', codigo: 7 };
    expect(
      novusMissingUserMessage(novusPanel({ userInfo: { at: '2026-11-29T10:00:00Z', reply } })),
    ).toBe(
      'O Novus respondeu sem o id do usuário que o painel procura (campos recebidos: nome, email, codigo). Peça a um administrador para ajustar o campo "Id do usuário" em Gerenciar Integração → Diagnóstico do Novus, ou o parâmetro hostUserIdField da URL do plugin.',
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

  it('is nothing for other hosts', () => {
    expect(novusMissingUserMessage(createFakeHostAdapter())).toBeNull();
  });
});
