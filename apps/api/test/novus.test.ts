import {
  DEFAULT_NOVUS_MAPPING,
  type NovusDiagnosticsReport,
  type NovusUnderstanding,
} from '@crm-panel/crm-model';
import { openBrowser } from './support/browserSession';
import {
  type CallResult,
  type Harness,
  type Identity,
  SECURITY_PASSWORD,
  acceptTerms,
  call,
  credentialsFor,
  freshTenants,
  sessionHeaders,
  startHarness,
} from './support/harness';
import { type StoreKind, sandboxAndStoresPerFile } from './support/stores';

// A Novus install that explains itself: what a panel in a Novus frame reports is kept per tenant
// (bounded, no secrets) and only the tenant's admins read it and change the field mapping.

const stores = sandboxAndStoresPerFile();

function people() {
  const { signed, open } = freshTenants('novus');
  return {
    admin: { systemKey: signed, userId: 'alice' } as Identity,
    attendant: { systemKey: signed, userId: 'carol', role: 'attendant' } as Identity,
    otherAdmin: { systemKey: `${signed}-b`, userId: 'beatriz' } as Identity,
    open: { systemKey: open, userId: 'dora' } as Identity,
  };
}

function reportOf(overrides: Partial<NovusDiagnosticsReport> = {}): NovusDiagnosticsReport {
  return {
    hostOrigin: 'https://acme.novuscrm.com.br',
    origins: {
      parameter: 'https://acme.novuscrm.com.br',
      referrer: 'https://acme.novuscrm.com.br',
      ancestor: 'https://acme.novuscrm.com.br',
    },
    urlTenant: null,
    userInfo: {
      at: '2026-12-05T10:00:00.000Z',
      reply: { IdUsuario: 77, nome: 'Ana', token: 'segredo-do-host', chaveApiPublica: 'k-1' },
    },
    lastEvent: {
      at: '2026-12-05T10:00:01.000Z',
      name: 'aoAbrirAtendimento',
      payload: { contato: { id: 'c-9', nome: 'Mariana', celular: '+5511987654321' } },
    },
    understood: {
      userId: null,
      systemKey: null,
      attendanceId: 'c-9',
      channelId: null,
      contactId: 'c-9',
      phone: '+5511987654321',
    },
    unexpected: [
      { origin: 'https://intruso.example', at: '2026-12-05T10:00:02.000Z', command: 'callback' },
    ],
    ...overrides,
  };
}

describe.each<StoreKind>(['sqlite', 'postgres'])('Novus diagnostics on %s', (kind) => {
  const h = stores.harnessOn(kind);
  /** A report as the panel sends it once it has a session: with that session's token. */
  const report = (who: Identity, body: NovusDiagnosticsReport) =>
    call(h.api, 'POST', '/api/novus/diagnostics', {
      as: who,
      body: { systemKey: who.systemKey, report: body },
    });
  /** A report with the tenant key only: a panel with no session yet, or anyone holding the key. */
  const reportWithoutSession = (systemKey: string, body: NovusDiagnosticsReport) =>
    call(h.api, 'POST', '/api/novus/diagnostics', {
      as: null,
      body: { systemKey, report: body },
    });
  const diagnostics = async (who: Identity) =>
    (await call(h.api, 'GET', '/api/novus/diagnostics', { as: who })).json.data as {
      report: NovusDiagnosticsReport | null;
      reportedBy: string | null;
      preSessionReport: NovusDiagnosticsReport | null;
      preSessionReportedAt: string | null;
      shown: 'session' | 'pre-session' | null;
      understoodNow: NovusUnderstanding | null;
      missing: string[];
    };
  /** Lets the store's clock move on, so two reports never share a millisecond. */
  const nextMillisecond = async () => {
    const start = Date.now();
    while (Date.now() === start) await new Promise((resolve) => setImmediate(resolve));
  };
  const PHONE_MISSING = (names: string) =>
    `Telefone do contato não encontrado (campos tentados: ${names}): sem ele o painel não sugere contatos pelo telefone.`;

  it('keeps the last report per tenant, secrets left out, and shows admins what is missing', async () => {
    const { admin, otherAdmin } = people();
    await acceptTerms(h.api, admin);
    const posted = await report(admin, reportOf({ urlTenant: admin.systemKey }));
    expect(posted.status).toBe(204);
    const read = await call(h.api, 'GET', '/api/novus/diagnostics', { as: admin });
    expect(read.status).toBe(200);
    const data = read.json.data as Record<string, unknown>;
    const stored = data.report as NovusDiagnosticsReport;
    // The host's token and API key never reach the store, nor the screen.
    expect(stored.userInfo?.reply).toEqual({
      IdUsuario: 77,
      nome: 'Ana',
      token: '[omitido]',
      chaveApiPublica: '[omitido]',
    });
    expect(read.text).not.toContain('segredo-do-host');
    expect(data.custom).toBe(false);
    expect(data.mapping).toEqual(DEFAULT_NOVUS_MAPPING);
    // Worked out under the mapping in force from what the host sent: the panel reported no user
    // id, yet the reply's IdUsuario is one of the defaults' names, so it is not missing.
    expect(data.missing).toEqual([
      'Id do canal não encontrado (campos tentados: canalId, idCanal, IdCanal, canal.id, canal.Id).',
      'Uma mensagem chegou de origem inesperada e foi ignorada (veja abaixo).',
    ]);
    // Another tenant's admin sees nothing of it.
    await acceptTerms(h.api, otherAdmin);
    const other = await call(h.api, 'GET', '/api/novus/diagnostics', { as: otherAdmin });
    expect(other.status).toBe(200);
    expect((other.json.data as Record<string, unknown>).report).toBeNull();
  });

  it("keeps the last failed apiRequest read and names it under 'O que falta'", async () => {
    const { admin } = people();
    await acceptTerms(h.api, admin);
    const failure = {
      at: '2026-12-05T10:00:03.000Z',
      host: 'publica',
      endpoint: 'v1/atendimentos/c-9/mensagens',
      error: 'Host not allowed',
    };
    const posted = await report(
      admin,
      reportOf({ urlTenant: admin.systemKey, apiRequestFailure: failure }),
    );
    expect(posted.status).toBe(204);
    const data = await diagnostics(admin);
    expect(data.report?.apiRequestFailure).toEqual(failure);
    expect(data.missing).toContain(
      'A leitura das mensagens do chat pelo apiRequest falhou (host publica, endpoint v1/atendimentos/c-9/mensagens): Host not allowed. Peça ao suporte do Novus CRM para liberar este host para plugins na conta.',
    );
    // Unknown fields are dropped, as elsewhere in the report; a wrong type is refused.
    const extra = await report(
      admin,
      reportOf({ apiRequestFailure: { ...failure, senha: 'segredo-extra' } as typeof failure }),
    );
    expect(extra.status).toBe(204);
    expect((await diagnostics(admin)).report?.apiRequestFailure).toEqual(failure);
    const wrongType = await report(
      admin,
      reportOf({ apiRequestFailure: { ...failure, error: 502 } as unknown as typeof failure }),
    );
    expect(wrongType.status).toBe(400);
  });

  it('accumulates unexpected messages up to 20, oldest dropped', async () => {
    const { admin } = people();
    await acceptTerms(h.api, admin);
    for (let batch = 0; batch < 3; batch += 1) {
      const unexpected = Array.from({ length: 10 }, (_, i) => ({
        origin: `https://outro-${batch}.example`,
        at: `2026-12-05T10:${String(batch).padStart(2, '0')}:${String(i).padStart(2, '0')}.000Z`,
        command: null,
      }));
      expect((await report(admin, reportOf({ unexpected }))).status).toBe(204);
    }
    const read = await call(h.api, 'GET', '/api/novus/diagnostics', { as: admin });
    const stored = (read.json.data as { report: NovusDiagnosticsReport }).report;
    expect(stored.unexpected).toHaveLength(20);
    expect(stored.unexpected[0]?.origin).toBe('https://outro-1.example');
    expect(stored.unexpected[19]).toEqual({
      origin: 'https://outro-2.example',
      at: '2026-12-05T10:02:09.000Z',
      command: null,
    });
  });

  it('refuses reports for unknown tenants and oversized bodies; unknown fields are dropped', async () => {
    expect((await reportWithoutSession('desconhecido-x', reportOf())).status).toBe(404);
    const { admin } = people();
    await acceptTerms(h.api, admin);
    const extra = await call(h.api, 'POST', '/api/novus/diagnostics', {
      as: admin,
      body: { systemKey: admin.systemKey, report: { ...reportOf(), senha: 'segredo-extra' } },
    });
    expect(extra.status).toBe(204);
    const read = await call(h.api, 'GET', '/api/novus/diagnostics', { as: admin });
    expect(read.status).toBe(200);
    expect(read.text).not.toContain('segredo-extra');
    const wrongType = await call(h.api, 'POST', '/api/novus/diagnostics', {
      as: admin,
      body: { systemKey: admin.systemKey, report: { ...reportOf(), unexpected: 'muitas' } },
    });
    expect(wrongType.status).toBe(400);
    const huge = await report(
      admin,
      reportOf({
        userInfo: { at: '2026-12-05T10:00:00.000Z', reply: { texto: 'x'.repeat(20_000) } },
      }),
    );
    expect(huge.status).toBe(413);
  });

  it('saves a mapping the panel then reads, and refuses one that loses the user id', async () => {
    const { admin } = people();
    await acceptTerms(h.api, admin);
    await report(admin, reportOf());
    const losing = {
      ...DEFAULT_NOVUS_MAPPING,
      user: { userId: ['idDoUsuario'], systemKey: [] },
    };
    const refused = await call(h.api, 'PUT', '/api/novus/mapping', { as: admin, body: losing });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(
      'Com este mapeamento o id do usuário não aparece na última resposta do getInfoUser (campos recebidos: IdUsuario, nome, token, chaveApiPublica). Ninguém conseguiria entrar no painel; corrija o campo "Id do usuário".',
    );
    const invalid = await call(h.api, 'PUT', '/api/novus/mapping', {
      as: admin,
      body: { ...DEFAULT_NOVUS_MAPPING, contact: { ...DEFAULT_NOVUS_MAPPING.contact, id: [] } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.message).toBe('Id do contato: Informe ao menos um nome de campo.');
    const badHost = await call(h.api, 'PUT', '/api/novus/mapping', {
      as: admin,
      body: { ...DEFAULT_NOVUS_MAPPING, chatMessagesHost: '{' },
    });
    expect(badHost.status).toBe(400);
    expect(badHost.json.message).toBe('Host do proxy inválido: use só letras, números, _ ou -.');
    const badEndpoint = await call(h.api, 'PUT', '/api/novus/mapping', {
      as: admin,
      body: { ...DEFAULT_NOVUS_MAPPING, chatMessagesEndpoint: 'https://outro.example/x' },
    });
    expect(badEndpoint.status).toBe(400);
    expect(badEndpoint.json.message).toBe(
      'Endpoint inválido: o endpoint deve ser relativo ao host do proxy, não uma URL.',
    );
    const fixed = {
      ...DEFAULT_NOVUS_MAPPING,
      user: { userId: ['IdUsuario'], systemKey: [] },
      contact: { ...DEFAULT_NOVUS_MAPPING.contact, phone: ['celular'] },
      chatMessagesEndpoint: 'api/chat/{chatId}/messages?channelId={channelId}',
    };
    const saved = await call(h.api, 'PUT', '/api/novus/mapping', { as: admin, body: fixed });
    expect(saved.status).toBe(200);
    const panel = await call(h.api, 'GET', `/api/novus/mapping?systemKey=${admin.systemKey}`, {
      as: null,
    });
    expect(panel.status).toBe(200);
    expect(panel.json).toEqual({ data: { mapping: fixed, custom: true } });
    const read = await call(h.api, 'GET', '/api/novus/diagnostics', { as: admin });
    expect(read.json.data).toMatchObject({ custom: true, mappingUpdatedBy: 'alice' });
  });

  it('reads what the host sent again under the mapping in force: a save shows its effect at once', async () => {
    const { admin } = people();
    await acceptTerms(h.api, admin);
    const wrong = {
      ...DEFAULT_NOVUS_MAPPING,
      contact: { ...DEFAULT_NOVUS_MAPPING.contact, phone: ['telefoneCelular'] },
    };
    expect(
      (await call(h.api, 'PUT', '/api/novus/mapping', { as: admin, body: wrong })).status,
    ).toBe(200);
    // The panel, under the wrong mapping, found no phone; the payload holds "celular".
    const underWrong = reportOf({
      urlTenant: admin.systemKey,
      understood: { ...reportOf().understood, phone: null },
    });
    expect((await report(admin, underWrong)).status).toBe(204);
    const wrongView = await diagnostics(admin);
    expect(wrongView.missing).toContain(PHONE_MISSING('telefoneCelular'));
    expect(wrongView.understoodNow?.phone).toBeNull();

    // The fix, saved: the same report, read under it, has the phone, and nothing says otherwise.
    expect(
      (await call(h.api, 'PUT', '/api/novus/mapping', { as: admin, body: DEFAULT_NOVUS_MAPPING }))
        .status,
    ).toBe(200);
    const fixedView = await diagnostics(admin);
    expect(fixedView.report?.understood.phone).toBeNull();
    expect(fixedView.understoodNow).toEqual({
      userId: '77',
      systemKey: admin.systemKey,
      attendanceId: 'c-9',
      channelId: null,
      description: null,
      contactId: 'c-9',
      contactName: 'Mariana',
      secondaryName: null,
      phone: '+5511987654321',
    });
    expect(fixedView.missing.filter((line) => line.startsWith('Telefone'))).toEqual([]);
  });

  it("keeps every field the panel understood, and the plugin URL's user-id names it read with", async () => {
    const { admin } = people();
    await acceptTerms(h.api, admin);
    const full = reportOf({
      userIdFields: ['codigoAtendente'],
      userInfo: { at: '2026-12-05T10:00:00.000Z', reply: { codigoAtendente: 'att-7' } },
      understood: {
        ...reportOf().understood,
        userId: 'att-7',
        description: 'Dúvida',
        contactName: 'Mariana',
        secondaryName: 'Mari',
      },
    });
    expect((await report(admin, full)).status).toBe(204);
    const read = await diagnostics(admin);
    expect(read.report?.userIdFields).toEqual(['codigoAtendente']);
    expect(read.report?.understood).toMatchObject({
      description: 'Dúvida',
      contactName: 'Mariana',
      secondaryName: 'Mari',
    });
    // Read again with the URL's names first, as the panel reads: the user id is not missing.
    expect(read.understoodNow?.userId).toBe('att-7');
    expect(read.missing.filter((line) => line.startsWith('Id do usuário'))).toEqual([]);
  });

  it('a newer pre-session report is shown, never hidden behind an older verified one', async () => {
    const { admin } = people();
    await acceptTerms(h.api, admin);
    expect((await report(admin, reportOf({ urlTenant: admin.systemKey }))).status).toBe(204);
    expect((await diagnostics(admin)).shown).toBe('session');
    await nextMillisecond();
    // A new reply shape without the user id: the case that matters most.
    const newShape = reportOf({
      urlTenant: admin.systemKey,
      userInfo: { at: '2026-12-06T10:00:00.000Z', reply: { codigoAtendente: 7 } },
    });
    expect((await reportWithoutSession(admin.systemKey, newShape)).status).toBe(204);
    const read = await diagnostics(admin);
    expect(read.shown).toBe('pre-session');
    expect(read.report).not.toBeNull();
    expect(read.missing).toContain(
      'Id do usuário não encontrado na resposta do getInfoUser (campos tentados: userId, id, Id, idUsuario, IdUsuario).',
    );
    expect(read.understoodNow?.userId).toBeNull();
    await nextMillisecond();
    expect((await report(admin, reportOf({ urlTenant: admin.systemKey }))).status).toBe(204);
    const again = await diagnostics(admin);
    expect(again.shown).toBe('session');
    expect(again.understoodNow?.userId).toBe('77');
  });

  it('refuses a mapping that loses the user id the mapping in force reads in the pre-session reply', async () => {
    const { admin } = people();
    await acceptTerms(h.api, admin);
    const preSession = reportOf({
      userInfo: {
        at: '2026-12-05T10:00:00.000Z',
        reply: { codigoAtendente: 'att-7', nome: 'Ana' },
      },
    });
    expect((await reportWithoutSession(admin.systemKey, preSession)).status).toBe(204);
    // The defaults read no user id in it: a mapping that still reads none is not held back (the
    // slot is anyone's, a made-up reply must not block a save), one that reads it is saved.
    const other = {
      ...DEFAULT_NOVUS_MAPPING,
      contact: { ...DEFAULT_NOVUS_MAPPING.contact, phone: ['fone'] },
    };
    expect(
      (await call(h.api, 'PUT', '/api/novus/mapping', { as: admin, body: other })).status,
    ).toBe(200);
    const reading = {
      ...DEFAULT_NOVUS_MAPPING,
      user: { ...DEFAULT_NOVUS_MAPPING.user, userId: ['codigoAtendente'] },
    };
    expect(
      (await call(h.api, 'PUT', '/api/novus/mapping', { as: admin, body: reading })).status,
    ).toBe(200);
    // Losing it again is refused: nobody whose panel sends that reply could enter.
    const losing = await call(h.api, 'PUT', '/api/novus/mapping', {
      as: admin,
      body: DEFAULT_NOVUS_MAPPING,
    });
    expect(losing.status).toBe(400);
    expect(losing.json.message).toBe(
      'Com este mapeamento o id do usuário não aparece na última resposta do getInfoUser (campos recebidos: codigoAtendente, nome). Ninguém conseguiria entrar no painel; corrija o campo "Id do usuário".',
    );
    const panel = await call(h.api, 'GET', `/api/novus/mapping?systemKey=${admin.systemKey}`, {
      as: null,
    });
    expect(panel.json).toEqual({ data: { mapping: reading, custom: true } });
  });

  describe('refusals', () => {
    it('an attendant of a signing host gets 403 in pt-BR, reading and saving', async () => {
      const { admin, attendant } = people();
      await acceptTerms(h.api, admin);
      await acceptTerms(h.api, attendant);
      await report(admin, reportOf());
      const read = await call(h.api, 'GET', '/api/novus/diagnostics', { as: attendant });
      expect(read.status).toBe(403);
      expect(read.json).toEqual({
        message: 'Apenas administradores podem ver o diagnóstico do Novus.',
        code: 'admin_required',
      });
      expect(read.text).not.toContain('IdUsuario');
      const save = await call(h.api, 'PUT', '/api/novus/mapping', {
        as: attendant,
        body: DEFAULT_NOVUS_MAPPING,
      });
      expect(save.status).toBe(403);
      expect(save.json).toEqual({
        message: 'Apenas administradores podem alterar o mapeamento de campos do Novus.',
        code: 'admin_required',
      });
      const panel = await call(h.api, 'GET', `/api/novus/mapping?systemKey=${admin.systemKey}`, {
        as: null,
      });
      expect(panel.json).toEqual({ data: { mapping: DEFAULT_NOVUS_MAPPING, custom: false } });
    });

    it("an admin's mapping changes only their own tenant", async () => {
      const { admin, otherAdmin } = people();
      await acceptTerms(h.api, admin);
      await acceptTerms(h.api, otherAdmin);
      const mine = {
        ...DEFAULT_NOVUS_MAPPING,
        contact: { ...DEFAULT_NOVUS_MAPPING.contact, phone: ['fone'] },
      };
      expect(
        (await call(h.api, 'PUT', '/api/novus/mapping', { as: admin, body: mine })).status,
      ).toBe(200);
      const other = await call(
        h.api,
        'GET',
        `/api/novus/mapping?systemKey=${otherAdmin.systemKey}`,
        {
          as: null,
        },
      );
      expect(other.json).toEqual({ data: { mapping: DEFAULT_NOVUS_MAPPING, custom: false } });
    });

    it('no session: 401', async () => {
      const { admin } = people();
      const result = await call(h.api, 'GET', '/api/novus/diagnostics', {
        as: admin,
        noSession: true,
      });
      expect(result.status).toBe(401);
    });

    it('a host that signs nothing: the security password, as in the credentials manager', async () => {
      const { open } = people();
      const browser = await openBrowser(h.api, open);
      await browser.send('POST', '/api/rdstation/terms/accept', {});
      await browser.send('POST', '/api/rdstation/credentials', credentialsFor());
      expect((await browser.signIn()).status).toBe(200);
      const sent = await call(h.api, 'POST', '/api/novus/diagnostics', {
        as: null,
        headers: browser.headers,
        body: { systemKey: open.systemKey, report: reportOf() },
      });
      expect(sent.status).toBe(204);
      const withPassword = (password?: string) =>
        browser.withSecurityPassword('/api/novus/diagnostics', password);
      const without = await withPassword();
      expect(without.status).toBe(403);
      expect(without.json).toEqual({
        message: 'Informe a senha de segurança para ver o diagnóstico do Novus.',
        code: 'security_password_required',
      });
      expect((await withPassword('senha-errada')).status).toBe(403);
      // Saving says what was refused: the mapping, not the view.
      const save = await call(h.api, 'PUT', '/api/novus/mapping', {
        as: null,
        headers: browser.headers,
        body: DEFAULT_NOVUS_MAPPING,
      });
      expect(save.status).toBe(403);
      expect(save.json).toEqual({
        message: 'Informe a senha de segurança para alterar o mapeamento de campos do Novus.',
        code: 'security_password_required',
      });
      const right = await withPassword(SECURITY_PASSWORD);
      expect(right.status).toBe(200);
      expect((right.json.data as { report: NovusDiagnosticsReport }).report.understood.phone).toBe(
        '+5511987654321',
      );
    });

    it("a report with the tenant key only goes to its own slot and never replaces a session's report", async () => {
      const { admin } = people();
      await acceptTerms(h.api, admin);
      expect((await report(admin, reportOf())).status).toBe(204);
      // Anyone holding the tenant key (it is in the plugin URL) posts a report of their own.
      const forged = reportOf({
        understood: { ...reportOf().understood, phone: '+5500000000000' },
        unexpected: [],
      });
      expect((await reportWithoutSession(admin.systemKey, forged)).status).toBe(204);
      const read = await diagnostics(admin);
      expect(read.report?.understood.phone).toBe('+5511987654321');
      expect(read.reportedBy).toBe('alice');
      expect(read.report?.unexpected).toEqual(reportOf().unexpected);
      // Kept apart, for the view to label as unverified.
      expect(read.preSessionReport?.understood.phone).toBe('+5500000000000');
      expect(read.preSessionReportedAt).toEqual(expect.any(String));
    });

    it('before any session the pre-session report is what the view explains', async () => {
      const { admin } = people();
      await acceptTerms(h.api, admin);
      const withoutUserId = reportOf({
        userInfo: { at: '2026-12-05T10:00:00.000Z', reply: { codigoAtendente: 7, nome: 'Ana' } },
      });
      expect((await reportWithoutSession(admin.systemKey, withoutUserId)).status).toBe(204);
      const read = await diagnostics(admin);
      expect(read.report).toBeNull();
      expect(read.reportedBy).toBeNull();
      expect(read.preSessionReport?.understood.contactId).toBe('c-9');
      expect(read.missing).toContain(
        'Id do usuário não encontrado na resposta do getInfoUser (campos tentados: userId, id, Id, idUsuario, IdUsuario).',
      );
    });

    it('a panel whose Novus origin is not allowed reports it before any session, with the getInfoUser refusal and the unknown port messages kept', async () => {
      const { admin } = people();
      await acceptTerms(h.api, admin);
      const unrecognized = Array.from({ length: 20 }, (_, i) => ({
        at: `2026-12-05T10:00:${String(i).padStart(2, '0')}.000Z`,
        command: 'callback',
        callbackId: `aoTransferirAtendimento-${i}`,
      }));
      const refused = reportOf({
        hostOrigin: null,
        origins: { parameter: 'https://acme.novus.example', referrer: null, ancestor: null },
        userInfo: null,
        userInfoError: { at: '2026-12-05T10:00:00.000Z', error: 'Usuário sem permissão' },
        lastEvent: null,
        unexpected: [],
        unrecognized,
      });
      expect((await reportWithoutSession(admin.systemKey, refused)).status).toBe(204);
      const read = await diagnostics(admin);
      expect(read.preSessionReport?.hostOrigin).toBeNull();
      expect(read.preSessionReport?.userInfoError).toEqual(refused.userInfoError);
      expect(read.preSessionReport?.unrecognized).toEqual(unrecognized);
      expect(read.missing).toEqual([
        'A origem da página do Novus (https://acme.novus.example) não está entre as origens permitidas do painel (hostOrigins): o painel não fala com ela.',
        'O Novus recusou o getInfoUser: Usuário sem permissão',
        '20 mensagens não reconhecidas do Novus foram ignoradas (veja abaixo).',
      ]);
    });

    it("a token that is no session of the report's tenant and user is refused, nothing kept", async () => {
      const { admin, otherAdmin, attendant } = people();
      await acceptTerms(h.api, admin);
      expect((await report(admin, reportOf())).status).toBe(204);
      const forged = reportOf({
        understood: { ...reportOf().understood, phone: '+5500000000000' },
      });
      // Another tenant's session, for this tenant's report.
      const crossTenant = await call(h.api, 'POST', '/api/novus/diagnostics', {
        as: otherAdmin,
        body: { systemKey: admin.systemKey, report: forged },
      });
      expect(crossTenant.status).toBe(401);
      expect(crossTenant.json).toEqual({
        message: 'A identificação enviada não corresponde à sua sessão no painel.',
        code: 'session_mismatch',
      });
      // This tenant's session of one user, sent as another.
      const otherUser = await call(h.api, 'POST', '/api/novus/diagnostics', {
        as: null,
        headers: { ...(await sessionHeaders(h.api, attendant)), 'x-user-id': 'alice' },
        body: { systemKey: admin.systemKey, report: forged },
      });
      expect(otherUser.status).toBe(401);
      // A made-up token is no session: refused, not taken as a pre-session report.
      const madeUp = await call(h.api, 'POST', '/api/novus/diagnostics', {
        as: null,
        headers: { authorization: `Bearer ${'x'.repeat(43)}` },
        body: { systemKey: admin.systemKey, report: forged },
      });
      expect(madeUp.status).toBe(401);
      expect(madeUp.json.code).toBe('session_expired');
      const read = await diagnostics(admin);
      expect(read.report?.understood.phone).toBe('+5511987654321');
      expect(read.preSessionReport).toBeNull();
    });

    it('an Authorization that is no session token at all is refused too, never taken into the pre-session slot', async () => {
      const { admin } = people();
      await acceptTerms(h.api, admin);
      for (const authorization of ['Basic YWxpY2U6c2VuaGE=', 'Bearer curto', 'Bearer', '']) {
        const sent = await call(h.api, 'POST', '/api/novus/diagnostics', {
          as: null,
          headers: { authorization },
          body: { systemKey: admin.systemKey, report: reportOf() },
        });
        expect({ authorization, status: sent.status, body: sent.json }).toEqual({
          authorization,
          status: 401,
          body: {
            message:
              'Sua sessão no painel expirou ou não é válida. Recarregue o painel para continuar.',
            code: 'session_expired',
          },
        });
      }
      expect((await diagnostics(admin)).preSessionReport).toBeNull();
    });
  });
});

describe('Novus reports a minute, counted in the store', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      sharedSandbox: stores.sandbox(),
      api: { identity: { novusReportsPerMinute: 3 } },
    });
  });
  afterAll(async () => {
    await h.close();
  });
  const post = (systemKey: string, headers: Record<string, string> = {}) =>
    call(h.api, 'POST', '/api/novus/diagnostics', {
      as: null,
      headers,
      body: { systemKey, report: reportOf() },
    });
  const refused = (result: CallResult) => {
    expect(result.status).toBe(429);
    expect(result.json).toEqual({
      message: 'Muitas requisições em pouco tempo. Aguarde um instante e tente novamente.',
    });
    expect(Number(result.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(result.headers['retry-after'])).toBeLessThanOrEqual(60);
  };

  it("fills a tenant's pre-session slot at most 3 times a minute, whatever the address; a session's report still goes in", async () => {
    const { admin, otherAdmin } = people();
    const answers = [];
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4'])
      answers.push(
        await h.api.inject({
          method: 'POST',
          url: '/api/novus/diagnostics',
          remoteAddress: address,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ systemKey: admin.systemKey, report: reportOf() }),
        }),
      );
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 429]);
    refused(await post(admin.systemKey));
    // Another tenant's slot is its own; this tenant's panels with a session are counted apart.
    expect((await post(otherAdmin.systemKey)).status).toBe(204);
    await acceptTerms(h.api, admin);
    expect((await post(admin.systemKey, await sessionHeaders(h.api, admin))).status).toBe(204);
  });

  it('takes at most 3 reports a minute from one session; another session is counted apart', async () => {
    const { admin, attendant } = people();
    const headers = await sessionHeaders(h.api, admin);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await post(admin.systemKey, headers));
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 429]);
    refused(answers[3] as CallResult);
    expect((await post(admin.systemKey, await sessionHeaders(h.api, attendant))).status).toBe(204);
  });
});
