import { MessageChannel as NodeMessageChannel, type MessagePort } from 'node:worker_threads';
import { type HostAttendance, type HostEventHandlers } from '@crm-panel/contracts';
import { HOST_TIMEOUT_MESSAGE, HostRequestError } from '../portRequests';
import { type PanelWindowLike } from '../createPostMessageHostAdapter';
import { DEFAULT_NOVUS_MAPPING } from '@crm-panel/contracts';
import { hostWaitingOf } from '../hostWaiting';
import { waitForHostUserInfo } from '@host-bridge/userInfo/waitForHostUserInfo';
import {
  createNovusPanelAdapter,
  NOVUS_WIDGET_ICON,
  type NovusPanelOptions,
} from './createNovusHostAdapter';

// A fake Novus host over real MessageChannels (Node's): it records what the panel posts to
// window.parent and answers on the ports the panel transfers, as plugin.js expects.

const HOST = 'https://acme.novuscrm.com.br';

interface Posted {
  message: Record<string, unknown>;
  targetOrigin: string;
  port: MessagePort;
}

class FakeNovusHost {
  readonly posted: Posted[] = [];
  persistent: MessagePort | null = null;
  /** Commands answered automatically: name → reply (or a function of the args). */
  readonly replies = new Map<string, unknown>();
  readonly window: PanelWindowLike = {
    parent: {
      postMessage: (message: unknown, targetOrigin: string, transfer?: Transferable[]) => {
        const port = transfer?.[0] as unknown as MessagePort;
        const posted = { message: message as Record<string, unknown>, targetOrigin, port };
        this.posted.push(posted);
        if (posted.message.command === 'initialize') {
          this.persistent = port;
          return;
        }
        const name = String(posted.message.command);
        if (!this.replies.has(name)) return; // the host stays silent
        const reply = this.replies.get(name);
        port.postMessage(typeof reply === 'function' ? reply(posted.message.args) : reply);
        port.close();
      },
    },
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  };

  commands(name: string): Posted[] {
    return this.posted.filter((p) => p.message.command === name);
  }

  /** `{ command: "callback", callbackId, payload }` for a registered event. */
  emit(event: string, payload?: unknown): void {
    const init = this.commands('initialize')[0];
    const events = (init?.message.args as { events: Record<string, { callbackId: string }> })
      .events;
    const callbackId = events[event]?.callbackId;
    this.persistent?.postMessage({ command: 'callback', callbackId, payload });
  }
}

const ports: { close(): void }[] = [];
function createChannel() {
  const channel = new NodeMessageChannel();
  ports.push(channel.port1, channel.port2);
  return channel as unknown as MessageChannel;
}

function setup(options: Partial<NovusPanelOptions> = {}) {
  const host = new FakeNovusHost();
  host.replies.set('getInfoUser', { data: { id: 42, nome: 'Ana Souza' } });
  const adapter = createNovusPanelAdapter({
    window: host.window,
    hostOrigin: HOST,
    tenant: 'tenant-acme',
    createChannel,
    ...options,
  });
  const seen: string[] = [];
  const handlers: HostEventHandlers = {
    onAttendanceOpen: (a) => seen.push(`open ${a.atendimentoId}`),
    onAttendanceClose: (a) => seen.push(`close ${a?.atendimentoId ?? 'null'}`),
  };
  return { host, adapter, seen, handlers };
}

// Generous: port delivery is slow on a loaded machine.
const tick = () => new Promise((resolve) => setTimeout(resolve, 100));
/** Waits (real time, up to 2 s) until `check` holds: port delivery is slow on a loaded machine. */
async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check() && waited < 2000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const mariana = {
  atendimentoId: 'at-1001',
  canalId: 'canal-whatsapp',
  descricao: 'Dúvida sobre proposta',
  contato: { id: 'c-1', nome: 'Mariana Costa', nomeSecundario: null, numero: '+5511987654321' },
};

afterEach(() => {
  for (const port of ports.splice(0)) port.close();
  jest.useRealTimers();
});

describe('Novus host adapter', () => {
  it('sends initialize first, to the host origin only, with the registry and a persistent port', () => {
    const { host, adapter } = setup();
    expect(host.posted[0]).toMatchObject({ targetOrigin: HOST });
    expect(host.posted[0]?.message).toEqual({
      command: 'initialize',
      id: 'crm-panel',
      args: {
        // The icon always goes: without one the host draws its generic icon.
        widgetbar: [{ id: 'crm-panel', text: 'CRM', icon_url: NOVUS_WIDGET_ICON }],
        events: {
          aoAbrirAtendimento: { callbackId: 'aoAbrirAtendimento-1' },
          aoFocarAtendimento: { callbackId: 'aoFocarAtendimento-2' },
          aoFecharAtendimento: { callbackId: 'aoFecharAtendimento-3' },
        },
      },
    });
    expect(host.posted[0]?.port).toBeDefined();
    expect(adapter.kind).toBe('novus');
    adapter.dispose();
  });

  it('puts the icon in the widgetbar entry when configured', () => {
    const { host, adapter } = setup({ widgetIconUrl: 'data:image/svg+xml,x', widgetText: 'RD' });
    expect((host.posted[0]?.message.args as { widgetbar: unknown }).widgetbar).toEqual([
      { id: 'crm-panel', text: 'RD', icon_url: 'data:image/svg+xml,x' },
    ]);
    adapter.dispose();
  });

  it('asks getInfoUser at start, each command on its own channel, and maps the user leniently', async () => {
    const { host, adapter } = setup();
    expect(adapter.readUserInfo()).toBeNull();
    await until(() => adapter.readUserInfo() !== null);
    const asked = host.commands('getInfoUser');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.message).toEqual({ command: 'getInfoUser', args: null });
    expect(asked[0]?.targetOrigin).toBe(HOST);
    expect(asked[0]?.port).not.toBe(host.persistent);
    expect(adapter.readUserInfo()).toEqual({ userId: '42', systemKey: 'tenant-acme' });

    host.replies.set('getInfoUser', { payload: { userId: 'u-7', systemKey: 'tenant-x' } });
    await expect(adapter.getInfoUser()).resolves.toEqual({ userId: 'u-7', systemKey: 'tenant-x' });
    expect(host.commands('getInfoUser')[1]?.port).not.toBe(asked[0]?.port);
    adapter.dispose();
  });

  it('has no user info without a tenant from the host or the settings', async () => {
    const { adapter } = setup({ tenant: null });
    await tick();
    expect(adapter.readUserInfo()).toBeNull();
    adapter.dispose();
  });

  it('maps getInfoChannels leniently', async () => {
    const { host, adapter } = setup();
    host.replies.set('getInfoChannels', {
      data: [{ id: 1, nome: 'WhatsApp', tipo: 'whatsapp' }, { Id: 'c2' }, { nome: 'sem id' }],
    });
    await expect(adapter.getInfoChannels()).resolves.toEqual([
      { id: '1', nome: 'WhatsApp', tipo: 'whatsapp' },
      { id: 'c2', nome: 'c2', tipo: '' },
    ]);
    expect(host.commands('getInfoChannels')[0]?.message).toEqual({
      command: 'getInfoChannels',
      args: null,
    });
    adapter.dispose();
  });

  it('rejects with the host error text', async () => {
    const { host, adapter } = setup();
    host.replies.set('apiRequest', { error: 'Host not allowed' });
    const request = { host: 'publica', method: 'GET', endpoint: 'v1/contatodechat/9' };
    await expect(adapter.apiRequest(request)).rejects.toMatchObject({
      code: 'host',
      message: 'Host not allowed',
    });
    expect(host.commands('apiRequest')[0]?.message).toEqual({
      command: 'apiRequest',
      args: request,
    });
    adapter.dispose();
  });

  it('rejects with the pt-BR timeout error when the host does not answer', async () => {
    jest.useFakeTimers();
    const { adapter } = setup({ requestTimeoutMs: 1000 });
    const channels = adapter.getInfoChannels();
    jest.advanceTimersByTime(1000);
    await expect(channels).rejects.toBeInstanceOf(HostRequestError);
    await expect(channels).rejects.toMatchObject({
      code: 'timeout',
      message: HOST_TIMEOUT_MESSAGE,
    });
    adapter.dispose();
  });

  it('offers no chat-messages reading without the hostChatMessages setting (the default)', () => {
    const { adapter } = setup();
    expect(adapter.readChatMessages).toBeUndefined();
    adapter.dispose();
  });

  it('reads a chat through apiRequest with the setting: the exact command, then the mapped answer', async () => {
    const { host, adapter } = setup({
      chatMessages: { endpoint: 'v1/atendimentos/{attendanceId}/mensagens?canal={channelId}' },
    });
    host.replies.set('apiRequest', {
      data: {
        Value: [
          {
            IdMensagem: 501,
            Texto: 'Bom dia, quero o plano anual.',
            NomeRemetente: 'Mariana Costa',
            DataHora: '2026-11-20T13:00:00.000Z',
          },
          {
            id: 'm-2',
            text: 'Claro!',
            senderName: 'Ana',
            isSentByMe: true,
            unixTimeMessage: 1795179660,
          },
        ],
      },
    });
    const chat = { chatId: 'at 1001/x', channelId: 'canal whatsapp&1' };
    await expect(adapter.readChatMessages?.(chat)).resolves.toEqual([
      {
        IdMessage: '501',
        text: 'Bom dia, quero o plano anual.',
        senderName: 'Mariana Costa',
        isSentByMe: false,
        dhMessage: '2026-11-20T13:00:00.000Z',
        unixTimeMessage: 1795179600,
      },
      {
        IdMessage: 'm-2',
        text: 'Claro!',
        senderName: 'Ana',
        isSentByMe: true,
        dhMessage: '2026-11-20T13:01:00.000Z',
        unixTimeMessage: 1795179660,
      },
    ]);
    const sent = host.commands('apiRequest');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.targetOrigin).toBe(HOST);
    expect(sent[0]?.port).not.toBe(host.persistent);
    expect(sent[0]?.message).toEqual({
      command: 'apiRequest',
      args: {
        host: 'publica',
        method: 'GET',
        endpoint: 'v1/atendimentos/at%201001%2Fx/mensagens',
        query: { canal: 'canal whatsapp&1' },
      },
    });
    adapter.dispose();
  });

  it('uses the configured proxy host, and rejects a host error, a non-list answer and a timeout', async () => {
    jest.useFakeTimers();
    const { host, adapter } = setup({
      requestTimeoutMs: 1000,
      chatMessages: { endpoint: 'api/chat/{chatId}/messages?channelId={channelId}', host: 'chat' },
    });
    const chat = { chatId: 'at-1001', channelId: 'canal-1' };
    host.replies.set('apiRequest', { error: 'Endpoint not allowed' });
    await expect(adapter.readChatMessages?.(chat)).rejects.toMatchObject({
      name: 'HostRequestError',
      code: 'host',
      message: 'Endpoint not allowed',
    });
    expect(host.commands('apiRequest')[0]?.message.args).toEqual({
      host: 'chat',
      method: 'GET',
      endpoint: 'api/chat/at-1001/messages',
      query: { channelId: 'canal-1' },
    });

    host.replies.set('apiRequest', { data: { total: 0 } });
    await expect(adapter.readChatMessages?.(chat)).rejects.toMatchObject({
      code: 'invalid-reply',
      message: 'Resposta inválida do sistema de atendimento.',
    });
    host.replies.set('apiRequest', { payload: [] });
    await expect(adapter.readChatMessages?.(chat)).resolves.toEqual([]);

    host.replies.delete('apiRequest');
    const silent = adapter.readChatMessages?.(chat);
    jest.advanceTimersByTime(1000);
    await expect(silent).rejects.toMatchObject({ code: 'timeout', message: HOST_TIMEOUT_MESSAGE });
    adapter.dispose();
  });

  it('refuses an unusable setting loudly and sends nothing', async () => {
    const { host, adapter } = setup({
      chatMessages: { endpoint: 'https://evil.example/{chatId}' },
    });
    await expect(
      adapter.readChatMessages?.({ chatId: 'at-1', channelId: 'c-1' }),
    ).rejects.toMatchObject({
      code: 'config',
      message:
        'Configuração hostChatMessages inválida: o endpoint deve ser relativo ao host do proxy, não uma URL.',
    });
    expect(host.commands('apiRequest')).toEqual([]);
    adapter.dispose();
  });

  it('opens, focuses and closes attendances from the callbacks', async () => {
    const { host, adapter, seen, handlers } = setup();
    adapter.subscribe(handlers);
    const joao = { ...mariana, atendimentoId: 'at-1002', contato: { id: 'c-2', nome: 'João' } };
    host.emit('aoAbrirAtendimento', mariana);
    host.emit('aoAbrirAtendimento', joao);
    host.emit('aoFocarAtendimento', mariana);
    host.emit('aoFocarAtendimento', mariana); // re-emission of the chat on screen
    await tick();
    expect(seen).toEqual(['open at-1001', 'open at-1002', 'open at-1001']);

    host.emit('aoFecharAtendimento', joao); // a chat in the background
    host.emit('aoFecharAtendimento', mariana);
    await tick();
    expect(seen).toEqual(['open at-1001', 'open at-1002', 'open at-1001', 'close at-1001']);
    adapter.dispose();
  });

  it('acts on no unknown callback id or command on the persistent port, and keeps them for the report', async () => {
    const { host, adapter, seen, handlers } = setup({
      now: () => new Date('2026-12-05T10:00:00.000Z'),
    });
    adapter.subscribe(handlers);
    await until(() => host.persistent !== null);
    host.persistent?.postMessage({ command: 'callback', callbackId: 'x-9', payload: mariana });
    host.persistent?.postMessage({ command: 'aoTransferirAtendimento', payload: mariana });
    host.persistent?.postMessage('lixo');
    await until(() => (adapter.diagnostics().unrecognized?.length ?? 0) === 3);
    expect(seen).toEqual([]);
    const at = '2026-12-05T10:00:00.000Z';
    expect(adapter.diagnostics().unrecognized).toEqual([
      { at, command: 'callback', callbackId: 'x-9' },
      { at, command: 'aoTransferirAtendimento', callbackId: null },
      { at, command: null, callbackId: null },
    ]);
    // Bounded like the stray-origin messages: the last 20.
    for (let i = 0; i < 25; i += 1) host.persistent?.postMessage({ command: `c-${i}` });
    await until(() => adapter.diagnostics().unrecognized?.[19]?.command === 'c-24');
    const kept = adapter.diagnostics().unrecognized ?? [];
    expect(kept).toHaveLength(20);
    expect(kept[0]?.command).toBe('c-5');
    adapter.dispose();
  });

  it('leaves the unrecognized list out of the report while there is none', async () => {
    const { adapter } = setup();
    await until(() => adapter.readUserInfo() !== null);
    expect(adapter.diagnostics()).not.toHaveProperty('unrecognized');
    expect(adapter.diagnostics()).not.toHaveProperty('userInfoError');
    adapter.dispose();
  });

  it('maps a sparse atendimento leniently instead of rejecting it', async () => {
    const { host, adapter, handlers } = setup();
    const opened: HostAttendance[] = [];
    adapter.subscribe({ ...handlers, onAttendanceOpen: (a) => opened.push(a) });
    host.emit('aoAbrirAtendimento', { contato: { id: 77, nome: 'Contato só com id' } });
    host.emit('aoAbrirAtendimento', {
      id: 'at-9',
      canal: { id: 'wa' },
      contato: { Telefone: '+55' },
    });
    host.emit('aoAbrirAtendimento', { IdAtendimento: 10, titulo: 'Sem contato' });
    await tick();
    expect(opened).toEqual([
      {
        atendimentoId: '77',
        canalId: '',
        descricao: '',
        contato: { id: '77', nome: 'Contato só com id', nomeSecundario: null, numero: null },
      },
      {
        atendimentoId: 'at-9',
        canalId: 'wa',
        descricao: '',
        contato: { id: '', nome: '', nomeSecundario: null, numero: '+55' },
      },
      { atendimentoId: '10', canalId: '', descricao: 'Sem contato' },
    ]);
    adapter.dispose();
  });

  it('treats an open event without attendance or contact id as a close, like the example', async () => {
    const { host, adapter, seen, handlers } = setup();
    adapter.subscribe(handlers);
    host.emit('aoAbrirAtendimento', mariana);
    host.emit('aoAbrirAtendimento', { contato: {} });
    host.emit('aoFecharAtendimento');
    await tick();
    expect(seen).toEqual(['open at-1001', 'close null']);
    adapter.dispose();
  });

  it('shows a late plugin the event the host re-emits after initialize', async () => {
    const { host, adapter, seen, handlers } = setup();
    host.emit('aoFocarAtendimento', mariana); // the host's retained last event
    await tick();
    adapter.subscribe(handlers); // a screen mounting after the event still sees it
    expect(seen).toEqual(['open at-1001']);
    adapter.dispose();
  });

  it('opens a modal with openModal and resolves with the close_custom_modal result', async () => {
    const { host, adapter } = setup();
    host.replies.set('openModal', { data: null });
    const options = {
      url: 'https://panel/note-create-modal?x=1',
      title: 'Nota',
      width: 600,
      height: 700,
    };
    const result = adapter.openModal?.(options);
    await tick();
    expect(host.commands('openModal')[0]?.message).toEqual({ command: 'openModal', args: options });
    host.persistent?.postMessage({
      command: 'close_custom_modal',
      payload: { success: true, dealId: 'd-1' },
    });
    await expect(result).resolves.toEqual({ success: true, dealId: 'd-1' });

    const second = adapter.openModal?.(options);
    await tick();
    host.persistent?.postMessage({ command: 'close_custom_modal', payload: 'não é resultado' });
    await expect(second).resolves.toEqual({ success: false });
    adapter.dispose();
  });

  it('rejects openModal when the host refuses it', async () => {
    const { host, adapter } = setup();
    host.replies.set('openModal', { error: 'Modal indisponível' });
    await expect(
      adapter.openModal?.({ url: 'https://panel/x', title: 't', width: 1, height: 1 }),
    ).rejects.toMatchObject({ code: 'host', message: 'Modal indisponível' });
    adapter.dispose();
  });

  it('ends a modal page with close_custom_modal carrying the result', async () => {
    const { host, adapter } = setup();
    host.replies.set('close_custom_modal', { data: null });
    await adapter.closeModal?.({ success: true, noteId: 'n-1' } as never);
    expect(host.commands('close_custom_modal')[0]?.message).toEqual({
      command: 'close_custom_modal',
      args: { success: true, noteId: 'n-1' },
    });
    adapter.dispose();
  });

  it('signs nothing by default and asks the configured command otherwise', async () => {
    const plain = setup();
    await expect(plain.adapter.getIdentityAssertion?.()).resolves.toBeNull();
    expect(plain.host.commands('getIdentityAssertion')).toHaveLength(0);
    plain.adapter.dispose();

    const signing = setup({ identityAssertionCommand: 'getIdentityAssertion' });
    signing.host.replies.set('getIdentityAssertion', { data: 'eyJ.jwt.sig' });
    await expect(signing.adapter.getIdentityAssertion?.()).resolves.toBe('eyJ.jwt.sig');
    signing.host.replies.set('getIdentityAssertion', { error: 'não' });
    await expect(signing.adapter.getIdentityAssertion?.()).resolves.toBeNull();
    signing.adapter.dispose();
  });

  it('rejects pending commands and cancels modals on dispose', async () => {
    const { adapter } = setup();
    const channels = adapter.getInfoChannels();
    const modal = adapter.openModal?.({ url: 'https://panel/x', title: 't', width: 1, height: 1 });
    adapter.dispose();
    await expect(channels).rejects.toMatchObject({ code: 'disposed' });
    await expect(modal).rejects.toMatchObject({ code: 'disposed' });
    await expect(adapter.getInfoChannels()).rejects.toMatchObject({ code: 'disposed' });
  });
});

describe('Novus host adapter: waiting, mapping, diagnostics, modal pages', () => {
  const windowListener = (host: FakeNovusHost) =>
    (host.window.addEventListener as jest.Mock).mock.calls[0]?.[1] as (event: MessageEvent) => void;

  it('a modal page registers nothing: no initialize, no window listener, commands still go', async () => {
    const { host, adapter } = setup({ role: 'modal' });
    await until(() => adapter.readUserInfo() !== null);
    expect(host.commands('initialize')).toHaveLength(0);
    expect(host.posted.map((p) => p.message.command)).toEqual(['getInfoUser']);
    expect(host.window.addEventListener).not.toHaveBeenCalled();
    expect(adapter.readUserInfo()).toEqual({ userId: '42', systemKey: 'tenant-acme' });
    expect(adapter.role).toBe('modal');
    adapter.dispose();
  });

  it('waits as long as the host needs, saying so after 5 s, and never times out by default', async () => {
    jest.useFakeTimers();
    const { host, adapter } = setup();
    const seen: boolean[] = [];
    hostWaitingOf(adapter)?.watchWaiting((waiting) => seen.push(waiting));
    const channels = adapter.getInfoChannels();
    let settled = false;
    channels.then(
      () => (settled = true),
      () => (settled = true),
    );
    jest.advanceTimersByTime(4_999);
    expect(seen).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(seen).toEqual([true]);
    // Long after the old 5 s timeout: still waiting, nothing rejected.
    jest.advanceTimersByTime(120_000);
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.useRealTimers();
    const port = host.commands('getInfoChannels')[0]?.port;
    port?.postMessage({ data: [{ id: 'canal-1', nome: 'WhatsApp', tipo: 'whatsapp' }] });
    await expect(channels).resolves.toEqual([
      { id: 'canal-1', nome: 'WhatsApp', tipo: 'whatsapp' },
    ]);
    expect(seen).toEqual([true, false]);
    adapter.dispose();
  });

  it('keeps the user-info wait going past 50 tries while getInfoUser has no answer', async () => {
    const realTimeout = globalThis.setTimeout;
    jest.useFakeTimers();
    const host = new FakeNovusHost();
    const adapter = createNovusPanelAdapter({
      window: host.window,
      hostOrigin: HOST,
      tenant: 'tenant-acme',
      createChannel,
    });
    const waited = waitForHostUserInfo(adapter);
    let result: unknown = 'pendente';
    void waited.then((info) => (result = info));
    await jest.advanceTimersByTimeAsync(10_000);
    expect(result).toBe('pendente');
    host.commands('getInfoUser')[0]?.port.postMessage({ data: { id: 'u-7' } });
    for (let turns = 0; turns < 200 && result === 'pendente'; turns += 1) {
      // The reply crosses a real MessagePort: give the event loop a real turn.
      await new Promise((resolve) => realTimeout(resolve, 5));
      await jest.advanceTimersByTimeAsync(100);
    }
    expect(result).toEqual({ userId: 'u-7', systemKey: 'tenant-acme' });
    adapter.dispose();
  });

  it('reads under the tenant mapping: a wrong one shows in the diagnostics, the fix makes it work', async () => {
    const { host, adapter, handlers, seen } = setup();
    host.replies.set('getInfoUser', { data: { usuario: { IdUsuario: 'u-9' } } });
    await adapter.getInfoUser();
    adapter.subscribe(handlers);
    await until(() => host.persistent !== null);
    host.emit('aoAbrirAtendimento', {
      IdAtendimento: 'at-7',
      contato: { Id: 'c-7', Fone: '+5511900001111' },
    });
    await until(() => seen.length > 0);
    // Today's readings find the attendance and the contact, not the phone under `Fone`.
    expect(adapter.diagnostics().understood).toMatchObject({ attendanceId: 'at-7', phone: null });
    adapter.setMapping({
      ...DEFAULT_NOVUS_MAPPING,
      contact: { ...DEFAULT_NOVUS_MAPPING.contact, phone: ['Fone'] },
    });
    expect(adapter.diagnostics().understood).toEqual({
      userId: 'u-9',
      systemKey: 'tenant-acme',
      attendanceId: 'at-7',
      channelId: null,
      description: null,
      contactId: 'c-7',
      contactName: null,
      secondaryName: null,
      phone: '+5511900001111',
    });
    // The open attendance follows the mapping at once.
    expect(seen).toEqual(['open at-7', 'open at-7']);
    adapter.dispose();
  });

  it('the user info follows a new mapping without asking the host again', async () => {
    const host = new FakeNovusHost();
    host.replies.set('getInfoUser', { data: { codigoUsuario: 'u-3', chaveApi: 'segredo' } });
    const adapter = createNovusPanelAdapter({
      window: host.window,
      hostOrigin: HOST,
      tenant: 'tenant-acme',
      createChannel,
    });
    await until(() => adapter.diagnostics().userInfo !== null);
    expect(adapter.readUserInfo()).toBeNull();
    expect(adapter.diagnostics().userInfo?.reply).toEqual({
      codigoUsuario: 'u-3',
      chaveApi: '[omitido]',
    });
    const asked = host.commands('getInfoUser').length;
    adapter.setMapping({
      ...DEFAULT_NOVUS_MAPPING,
      user: { userId: ['codigoUsuario'], systemKey: [] },
    });
    expect(adapter.readUserInfo()).toEqual({ userId: 'u-3', systemKey: 'tenant-acme' });
    expect(host.commands('getInfoUser')).toHaveLength(asked);
    adapter.dispose();
  });

  it('the URL user-id field names go before the mapping', async () => {
    const { host, adapter } = setup({ userIdFields: ['matricula'] });
    host.replies.set('getInfoUser', { data: { id: 1, matricula: 'm-55' } });
    await expect(adapter.getInfoUser()).resolves.toEqual({
      userId: 'm-55',
      systemKey: 'tenant-acme',
    });
    // The report carries them, so the diagnostics read the reply as the panel does.
    expect(adapter.diagnostics()).toMatchObject({
      userIdFields: ['matricula'],
      understood: { userId: 'm-55' },
    });
    adapter.dispose();
  });

  it('reports a window message from an unexpected origin, acting on none', async () => {
    const { host, adapter, handlers, seen } = setup({
      panelOrigin: 'https://painel.example.com',
      now: () => new Date('2026-12-05T10:00:00.000Z'),
    });
    adapter.subscribe(handlers);
    const onMessage = windowListener(host);
    const message = (origin: string, data: unknown) => onMessage({ origin, data } as MessageEvent);
    message('https://intruso.example', {
      command: 'callback',
      callbackId: 'aoAbrirAtendimento-1',
      payload: mariana,
    });
    message(HOST, { command: 'callback' });
    message('https://painel.example.com', { protocol: 'crm-panel-form/1' });
    expect(seen).toEqual([]);
    expect(adapter.diagnostics().unexpected).toEqual([
      { origin: 'https://intruso.example', at: '2026-12-05T10:00:00.000Z', command: 'callback' },
    ]);
    for (let i = 0; i < 30; i += 1) message(`https://outro-${i}.example`, 'texto');
    const kept = adapter.diagnostics().unexpected;
    expect(kept).toHaveLength(20);
    expect(kept[0]?.origin).toBe('https://outro-10.example');
    adapter.dispose();
  });

  it("reads chat messages through apiRequest once the tenant's mapping names the endpoint", async () => {
    const { host, adapter } = setup();
    expect(adapter.readChatMessages).toBeUndefined();
    adapter.setMapping({
      ...DEFAULT_NOVUS_MAPPING,
      chatMessagesEndpoint: 'api/chat/{chatId}/messages?channelId={channelId}',
    });
    host.replies.set('apiRequest', { data: { messages: [{ IdMessage: 'm1', text: 'Olá' }] } });
    const read = adapter.readChatMessages?.({ chatId: 'at-1001', channelId: 'canal-1' });
    await expect(read).resolves.toMatchObject([{ IdMessage: 'm1', text: 'Olá' }]);
    expect(host.commands('apiRequest')[0]?.message).toEqual({
      command: 'apiRequest',
      args: {
        host: 'publica',
        method: 'GET',
        endpoint: 'api/chat/at-1001/messages',
        query: { channelId: 'canal-1' },
      },
    });
    adapter.dispose();
  });

  it("sends the chat import nowhere until the tenant's mapping is read, and says so when it failed", () => {
    const { adapter } = setup();
    const changes: (string | undefined)[] = [];
    adapter.watchDiagnostics(() => changes.push(adapter.chatMessagesSource?.()));
    expect(adapter.chatMessagesSource?.()).toBe('mapping-pending');
    let retries = 0;
    adapter.mappingFailed?.(() => {
      retries += 1;
    });
    expect(adapter.chatMessagesSource?.()).toBe('mapping-failed');
    adapter.retryMapping?.();
    expect(retries).toBe(1);
    expect(adapter.chatMessagesSource?.()).toBe('mapping-pending');
    // Nothing failed since: a second retry does nothing.
    adapter.retryMapping?.();
    expect(retries).toBe(1);
    adapter.setMapping(DEFAULT_NOVUS_MAPPING);
    expect(adapter.chatMessagesSource?.()).toBe('api');
    adapter.setMapping({ ...DEFAULT_NOVUS_MAPPING, chatMessagesEndpoint: 'v1/chat/{chatId}' });
    expect(adapter.chatMessagesSource?.()).toBe('host');
    expect(changes).toEqual(['mapping-failed', 'mapping-pending', 'api', 'host']);
    adapter.dispose();
    // The URL's (or config's) endpoint wins: no wait for the mapping.
    const configured = setup({ chatMessages: { endpoint: 'v1/chat/{chatId}' } }).adapter;
    expect(configured.chatMessagesSource?.()).toBe('host');
    configured.dispose();
  });

  it('keeps the last failed apiRequest read (host, endpoint, error) in the diagnostics until one succeeds', async () => {
    const { host, adapter } = setup({
      now: () => new Date('2026-11-29T12:00:00.000Z'),
      chatMessages: { endpoint: 'api/chat/{chatId}/messages?channelId={channelId}' },
    });
    expect(adapter.diagnostics().apiRequestFailure).toBeNull();
    const chat = { chatId: 'at-1001', channelId: 'canal-1' };
    host.replies.set('apiRequest', { error: 'Secret not found: chaveApiPublica' });
    await expect(adapter.readChatMessages?.(chat)).rejects.toMatchObject({ code: 'host' });
    expect(adapter.diagnostics().apiRequestFailure).toEqual({
      at: '2026-11-29T12:00:00.000Z',
      host: 'publica',
      endpoint: 'api/chat/at-1001/messages',
      error: 'Secret not found: chaveApiPublica',
    });
    host.replies.set('apiRequest', { data: [] });
    await expect(adapter.readChatMessages?.(chat)).resolves.toEqual([]);
    expect(adapter.diagnostics().apiRequestFailure).toBeNull();
    adapter.dispose();
  });

  it("hands a form page's failed read to the panel page of the same origin, whose report carries it", async () => {
    const panelHost = new FakeNovusHost();
    const formHost = new FakeNovusHost();
    const withChannel = (host: FakeNovusHost) =>
      Object.assign(host.window, { BroadcastChannel }) as PanelWindowLike;
    const panel = createNovusPanelAdapter({
      window: withChannel(panelHost),
      hostOrigin: HOST,
      tenant: 'tenant-acme',
      createChannel,
    });
    const form = createNovusPanelAdapter({
      window: withChannel(formHost),
      hostOrigin: HOST,
      tenant: 'tenant-acme',
      role: 'modal',
      createChannel,
      chatMessages: { endpoint: 'api/chat/{chatId}/messages?channelId={channelId}' },
    });
    formHost.replies.set('apiRequest', { error: 'Endpoint not allowed' });
    await expect(
      form.readChatMessages?.({ chatId: 'at-1001', channelId: 'canal-1' }),
    ).rejects.toMatchObject({ message: 'Endpoint not allowed' });
    await until(() => panel.diagnostics().apiRequestFailure != null);
    expect(panel.diagnostics().apiRequestFailure).toMatchObject({
      host: 'publica',
      endpoint: 'api/chat/at-1001/messages',
      error: 'Endpoint not allowed',
    });
    form.dispose();
    panel.dispose();
  });
});

describe("Novus host adapter: whom the user info names, the tenant's mapping and the host's refusals", () => {
  /** Novus answers getInfoUser with the company's id in `id` and the attendant's in `idUsuario`. */
  const REPLY = { data: { id: 'empresa-7', idUsuario: 'u-ana', nome: 'Ana Souza' } };
  const TENANT_MAPPING = {
    ...DEFAULT_NOVUS_MAPPING,
    user: { userId: ['idUsuario'], systemKey: [] },
  };

  function awaiting() {
    const host = new FakeNovusHost();
    host.replies.set('getInfoUser', REPLY);
    const adapter = createNovusPanelAdapter({
      window: host.window,
      hostOrigin: HOST,
      tenant: 'tenant-acme',
      createChannel,
      awaitTenantMapping: true,
    });
    return { host, adapter };
  }

  it("the tenant's user-id field wins over the defaults, which name someone else", async () => {
    const { adapter } = awaiting();
    const settled = waitForHostUserInfo(adapter);
    await until(() => adapter.diagnostics().userInfo !== null);
    // The defaults read `id` (the company): never handed out while the mapping is on its way.
    expect(adapter.diagnostics().understood.userId).toBe('empresa-7');
    expect(adapter.readUserInfo()).toBeNull();
    expect(adapter.userInfoPending()).toBe(true);
    adapter.setMapping(TENANT_MAPPING);
    await expect(settled).resolves.toEqual({ userId: 'u-ana', systemKey: 'tenant-acme' });
    expect(adapter.userInfoPending()).toBe(false);
    adapter.dispose();
  });

  it('without waiting for the mapping the defaults would have named the company (the race it closes)', async () => {
    const { host, adapter } = setup();
    host.replies.set('getInfoUser', REPLY);
    await expect(waitForHostUserInfo(adapter)).resolves.toEqual({
      userId: '42',
      systemKey: 'tenant-acme',
    });
    await expect(adapter.getInfoUser()).resolves.toEqual({
      userId: 'empresa-7',
      systemKey: 'tenant-acme',
    });
    adapter.dispose();
  });

  it('a mapping that arrives after 5 s still settles who the user is', async () => {
    const realTimeout = globalThis.setTimeout;
    const { host, adapter } = awaiting();
    await until(() => adapter.diagnostics().userInfo !== null);
    jest.useFakeTimers();
    const settled = waitForHostUserInfo(adapter);
    let result: unknown = 'pendente';
    void settled.then((info) => (result = info));
    // Past the 50 tries of 100 ms: the wait goes on while the mapping is awaited.
    await jest.advanceTimersByTimeAsync(7_000);
    expect(result).toBe('pendente');
    adapter.setMapping(TENANT_MAPPING);
    for (let turns = 0; turns < 50 && result === 'pendente'; turns += 1) {
      await new Promise((resolve) => realTimeout(resolve, 5));
      await jest.advanceTimersByTimeAsync(100);
    }
    expect(result).toEqual({ userId: 'u-ana', systemKey: 'tenant-acme' });
    expect(host.commands('getInfoUser')).toHaveLength(1);
    adapter.dispose();
  });

  it('settles on the defaults when the mapping cannot be read', async () => {
    const { adapter } = awaiting();
    await until(() => adapter.diagnostics().userInfo !== null);
    expect(adapter.readUserInfo()).toBeNull();
    adapter.mappingUnavailable?.();
    expect(adapter.readUserInfo()).toEqual({ userId: 'empresa-7', systemKey: 'tenant-acme' });
    expect(adapter.userInfoPending()).toBe(false);
    adapter.dispose();
  });

  it('does not wait for a mapping no tenant can name: the missing state comes', async () => {
    const host = new FakeNovusHost();
    host.replies.set('getInfoUser', REPLY);
    const adapter = createNovusPanelAdapter({
      window: host.window,
      hostOrigin: HOST,
      createChannel,
      awaitTenantMapping: true,
    });
    await until(() => adapter.diagnostics().userInfo !== null);
    expect(adapter.userInfoPending()).toBe(false);
    expect(adapter.readUserInfo()).toBeNull();
    adapter.dispose();
  });

  it("keeps getInfoUser's error for the report instead of 'not answered yet', until it answers", async () => {
    const host = new FakeNovusHost();
    host.replies.set('getInfoUser', { error: 'Usuário sem permissão' });
    const adapter = createNovusPanelAdapter({
      window: host.window,
      hostOrigin: HOST,
      tenant: 'tenant-acme',
      createChannel,
      now: () => new Date('2026-12-05T10:00:00.000Z'),
    });
    const changes = jest.fn();
    adapter.watchDiagnostics(changes);
    await until(() => adapter.diagnostics().userInfoError !== undefined);
    expect(adapter.diagnostics().userInfoError).toEqual({
      at: '2026-12-05T10:00:00.000Z',
      error: 'Usuário sem permissão',
    });
    expect(adapter.diagnostics().userInfo).toBeNull();
    expect(changes).toHaveBeenCalled();
    expect(adapter.userInfoPending()).toBe(false);
    host.replies.set('getInfoUser', { data: { id: 'u-3' } });
    await expect(adapter.getInfoUser()).resolves.toEqual({
      userId: 'u-3',
      systemKey: 'tenant-acme',
    });
    expect(adapter.diagnostics()).not.toHaveProperty('userInfoError');
    adapter.dispose();
  });
});
