import {
  DEFAULT_NOVUS_MAPPING,
  NOVUS_MAPPING_FIELDS,
  NOVUS_UNDERSTOOD_FIELDS,
  novusEffectiveMapping,
  novusMissing,
  toHostAttendance,
  toHostUserInfo,
  understandNovus,
  understandNovusReport,
  type NovusDiagnosticsReport,
  type NovusFieldMapping,
} from './novus';

const PAYLOAD = {
  atendimentoId: 'at-1001',
  canalId: 'whatsapp',
  descricao: 'Dúvida sobre o plano',
  contato: { id: 'c-1', nome: 'Mariana Costa', apelido: 'Mari', numero: '+5511987654321' },
};

/** A report of a panel that read Mariana's chat under a mapping that missed her phone. */
const REPORT: NovusDiagnosticsReport = {
  hostOrigin: 'https://acme.novuscrm.com.br',
  origins: { parameter: null, referrer: null, ancestor: null },
  urlTenant: 'tenant-acme',
  userInfo: { at: '2026-12-05T10:00:00.000Z', reply: { usuario: { IdUsuario: 'user-ana' } } },
  lastEvent: { at: '2026-12-05T10:00:01.000Z', name: 'aoAbrirAtendimento', payload: PAYLOAD },
  understood: {
    userId: 'user-ana',
    systemKey: 'tenant-acme',
    attendanceId: 'at-1001',
    channelId: 'whatsapp',
    contactId: 'c-1',
    phone: null,
  },
  unexpected: [],
};

const withPhone = (phone: string[]): NovusFieldMapping => ({
  ...DEFAULT_NOVUS_MAPPING,
  contact: { ...DEFAULT_NOVUS_MAPPING.contact, phone },
});

describe('reading what a Novus host sent', () => {
  it('reads an attendance under the mapping, and its contact', () => {
    expect(toHostAttendance(PAYLOAD)).toEqual({
      atendimentoId: 'at-1001',
      canalId: 'whatsapp',
      descricao: 'Dúvida sobre o plano',
      contato: {
        id: 'c-1',
        nome: 'Mariana Costa',
        nomeSecundario: 'Mari',
        numero: '+5511987654321',
      },
    });
    expect(toHostAttendance(PAYLOAD, withPhone(['telefoneCelular']))?.contato?.numero).toBeNull();
  });

  it('keys an attendance without its own id by the contact, and names none without either', () => {
    expect(toHostAttendance({ contato: { id: 'c-9' } })?.atendimentoId).toBe('c-9');
    expect(toHostAttendance({ contato: { nome: 'Sem id' } })).toBeNull();
    expect(toHostAttendance('at-1')).toBeNull();
  });

  it('reads the user from the reply or its usuario object; the tenant from the URL otherwise', () => {
    expect(toHostUserInfo({ usuario: { IdUsuario: 7 } }, 'tenant-acme')).toEqual({
      userId: '7',
      systemKey: 'tenant-acme',
    });
    expect(toHostUserInfo({ userId: 'u', systemKey: 'tenant-beta' }, 'tenant-acme')).toEqual({
      userId: 'u',
      systemKey: 'tenant-beta',
    });
    expect(toHostUserInfo({ codigoAtendente: 'u' }, 'tenant-acme')).toBeNull();
    expect(toHostUserInfo({ id: 'u' }, ' ')).toBeNull();
  });

  it('understands every field the mapping names, the contact name, nickname and description included', () => {
    const understood = understandNovus(
      REPORT.userInfo?.reply,
      PAYLOAD,
      'tenant-acme',
      DEFAULT_NOVUS_MAPPING,
    );
    expect(understood).toEqual({
      userId: 'user-ana',
      systemKey: 'tenant-acme',
      attendanceId: 'at-1001',
      channelId: 'whatsapp',
      description: 'Dúvida sobre o plano',
      contactId: 'c-1',
      contactName: 'Mariana Costa',
      secondaryName: 'Mari',
      phone: '+5511987654321',
    });
    expect(Object.keys(understood).sort()).toEqual(
      NOVUS_UNDERSTOOD_FIELDS.map((field) => field.understood).sort(),
    );
    expect(NOVUS_UNDERSTOOD_FIELDS).toBe(NOVUS_MAPPING_FIELDS);
  });

  it("reads a report's messages again under another mapping; a closing event names no attendance", () => {
    expect(understandNovusReport(REPORT, DEFAULT_NOVUS_MAPPING).phone).toBe('+5511987654321');
    expect(understandNovusReport(REPORT, withPhone(['telefoneCelular'])).phone).toBeNull();
    const closed = {
      ...REPORT,
      lastEvent: { ...REPORT.lastEvent, name: 'aoFecharAtendimento' },
    } as NovusDiagnosticsReport;
    expect(understandNovusReport(closed, DEFAULT_NOVUS_MAPPING)).toMatchObject({
      userId: 'user-ana',
      attendanceId: null,
      phone: null,
    });
  });

  it("tries the plugin URL's user-id names first, as the panel does", () => {
    const report = {
      ...REPORT,
      userInfo: { at: REPORT.userInfo?.at ?? '', reply: { codigoAtendente: 'att-7', id: 'x' } },
      userIdFields: ['codigoAtendente'],
    };
    expect(understandNovusReport(report, DEFAULT_NOVUS_MAPPING).userId).toBe('att-7');
    expect(novusEffectiveMapping(DEFAULT_NOVUS_MAPPING, ['a']).user.userId).toEqual([
      'a',
      ...DEFAULT_NOVUS_MAPPING.user.userId,
    ]);
    expect(novusEffectiveMapping(DEFAULT_NOVUS_MAPPING, [])).toBe(DEFAULT_NOVUS_MAPPING);
  });
});

describe('novusMissing', () => {
  const PHONE_LINE = /^Telefone do contato não encontrado/;

  it('follows the mapping in force, not what the panel understood when it reported', () => {
    // The report says "no phone" (its panel read under a wrong mapping); the payload has
    // `numero`, which the defaults read: nothing is missing under them.
    expect(novusMissing(REPORT, DEFAULT_NOVUS_MAPPING)).toEqual([]);
    expect(novusMissing(REPORT, withPhone(['telefoneCelular']))).toEqual([
      'Telefone do contato não encontrado (campos tentados: telefoneCelular): sem ele o painel não sugere contatos pelo telefone.',
    ]);
    const fixedReport = { ...REPORT, understood: { ...REPORT.understood, phone: '+55' } };
    expect(novusMissing(fixedReport, withPhone(['telefoneCelular']))).toEqual([
      expect.stringMatching(PHONE_LINE),
    ]);
  });

  it('names the user-id fields tried, the URL ones first', () => {
    const report = {
      ...REPORT,
      userInfo: { at: REPORT.userInfo?.at ?? '', reply: { nome: 'Ana' } },
      userIdFields: ['codigoAtendente'],
    };
    expect(novusMissing(report, DEFAULT_NOVUS_MAPPING)).toEqual([
      'Id do usuário não encontrado na resposta do getInfoUser (campos tentados: codigoAtendente, userId, id, Id, idUsuario, IdUsuario).',
    ]);
  });

  it('says what the host has not sent yet, and counts stray messages', () => {
    // (A page whose origin is not allowed hears nothing at all: novusMissing.test.ts.)
    const empty = {
      ...REPORT,
      userInfo: null,
      lastEvent: null,
      unexpected: [
        { origin: 'https://a.example', at: '2026-12-05T10:00:02.000Z', command: null },
        { origin: 'https://b.example', at: '2026-12-05T10:00:03.000Z', command: 'callback' },
      ],
    };
    expect(novusMissing(empty, DEFAULT_NOVUS_MAPPING)).toEqual([
      'O getInfoUser ainda não respondeu.',
      'Nenhum evento de atendimento recebido ainda (abra um atendimento no Novus).',
      '2 mensagens chegaram de origem inesperada e foram ignoradas (veja abaixo).',
    ]);
  });
});
