import { HOST_PROTOCOL, type HostAttendance } from '@crm-panel/contracts';
import {
  createFakeChannel,
  FakePanelWindow,
  flushMessages,
  type FakePort,
} from '@host-bridge/test-support/fakeMessaging';
import { createPostMessageHostAdapter } from './createPostMessageHostAdapter';

const HOST = 'https://chat.example.com.br';

const mariana: HostAttendance = {
  atendimentoId: 'at-1001',
  canalId: 'canal-whatsapp',
  descricao: 'Dúvida sobre proposta',
  contato: { id: 'c-1', nome: 'Mariana Costa', nomeSecundario: null, numero: '+5511987654321' },
};

function setup(options: { requestTimeoutMs?: number } = {}) {
  const win = new FakePanelWindow();
  const adapter = createPostMessageHostAdapter({
    window: win,
    hostOrigin: HOST,
    createChannel: createFakeChannel,
    requestTimeoutMs: options.requestTimeoutMs,
  });
  const initialized = (data: object) =>
    win.receive({ protocol: HOST_PROTOCOL, type: 'initialized', data }, HOST, win.parent);
  /** The host's end of the persistent events port handed over by the latest initialize. */
  const eventsPort = (): FakePort => {
    const init = win.posted.filter(
      (p) => (p.message as { command?: string }).command === 'initialize',
    );
    const port = init[init.length - 1]?.port;
    if (!port) throw new Error('no initialize');
    return port;
  };
  /** Answers the latest request with `reply` on its own port. */
  const lastRequest = () => {
    const request = win.posted[win.posted.length - 1];
    if (!request?.port) throw new Error('no request');
    return request;
  };
  return { win, adapter, initialized, eventsPort, lastRequest };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('postMessage host adapter', () => {
  it('sends initialize to the parent, only to the host origin, with an events port', () => {
    const { win, adapter } = setup();
    expect(win.posted).toHaveLength(1);
    expect(win.posted[0]).toMatchObject({
      message: { protocol: HOST_PROTOCOL, command: 'initialize', args: { pluginId: 'crm-panel' } },
      targetOrigin: HOST,
    });
    expect(win.posted[0]?.port).toBeDefined();
    expect(adapter.kind).toBe('postMessage');
    expect(adapter.readUserInfo()).toBeNull();
  });

  it('takes user info and the open attendance from the host handshake', () => {
    const { adapter, initialized } = setup();
    const onAttendanceOpen = jest.fn();
    adapter.subscribe({ onAttendanceOpen });
    initialized({
      userInfo: { userId: 'user-ana', systemKey: 'tenant-acme' },
      attendance: mariana,
    });
    expect(adapter.readUserInfo()).toEqual({ userId: 'user-ana', systemKey: 'tenant-acme' });
    expect(onAttendanceOpen).toHaveBeenCalledWith(mariana);
  });

  it('ignores a handshake from a foreign origin', () => {
    const { win, adapter } = setup();
    const onAttendanceOpen = jest.fn();
    adapter.subscribe({ onAttendanceOpen });
    win.receive(
      {
        protocol: HOST_PROTOCOL,
        type: 'initialized',
        data: { userInfo: { userId: 'intruso', systemKey: 'tenant-acme' }, attendance: mariana },
      },
      'https://evil.example.com',
      win.parent,
    );
    expect(adapter.readUserInfo()).toBeNull();
    expect(onAttendanceOpen).not.toHaveBeenCalled();
  });

  it('ignores a handshake from the right origin but another window (foreign source)', () => {
    const { win, adapter } = setup();
    const otherFrame = { postMessage: jest.fn() };
    win.receive(
      {
        protocol: HOST_PROTOCOL,
        type: 'initialized',
        data: { userInfo: { userId: 'intruso', systemKey: 'tenant-acme' }, attendance: null },
      },
      HOST,
      otherFrame,
    );
    expect(adapter.readUserInfo()).toBeNull();
  });

  it('ignores malformed messages from the host', () => {
    const { win, adapter } = setup();
    win.receive({ protocol: HOST_PROTOCOL, type: 'initialized', data: {} }, HOST, win.parent);
    win.receive({ type: 'initialized' }, HOST, win.parent);
    expect(adapter.readUserInfo()).toBeNull();
  });

  it('initializes again on hostReady until the handshake is done, from the host only', () => {
    const { win, initialized } = setup();
    win.receive(
      { protocol: HOST_PROTOCOL, type: 'hostReady' },
      'https://evil.example.com',
      win.parent,
    );
    win.receive({ protocol: HOST_PROTOCOL, type: 'hostReady' }, HOST, {});
    expect(win.posted).toHaveLength(1);
    win.receive({ protocol: HOST_PROTOCOL, type: 'hostReady' }, HOST, win.parent);
    expect(win.posted).toHaveLength(2);
    expect(win.posted[0]?.port?.other?.closed).toBe(true);
    initialized({ userInfo: null, attendance: null });
    win.receive({ protocol: HOST_PROTOCOL, type: 'hostReady' }, HOST, win.parent);
    expect(win.posted).toHaveLength(2);
  });

  it('delivers attendance open and close events from the persistent port', async () => {
    const { adapter, eventsPort } = setup();
    const onAttendanceOpen = jest.fn();
    const onAttendanceClose = jest.fn();
    adapter.subscribe({ onAttendanceOpen, onAttendanceClose });
    const port = eventsPort();
    port.postMessage({ protocol: HOST_PROTOCOL, event: 'attendanceOpen', payload: mariana });
    await flushMessages();
    expect(onAttendanceOpen).toHaveBeenCalledWith(mariana);
    port.postMessage({ protocol: HOST_PROTOCOL, event: 'attendanceClose', payload: mariana });
    await flushMessages();
    expect(onAttendanceClose).toHaveBeenCalledWith(mariana);
    port.postMessage({ protocol: HOST_PROTOCOL, event: 'attendanceOpen', payload: { id: 1 } });
    await flushMessages();
    expect(onAttendanceOpen).toHaveBeenCalledTimes(1);
  });

  it('replays the open attendance to a late subscriber', async () => {
    const { adapter, eventsPort } = setup();
    eventsPort().postMessage({
      protocol: HOST_PROTOCOL,
      event: 'attendanceOpen',
      payload: mariana,
    });
    await flushMessages();
    const onAttendanceOpen = jest.fn();
    adapter.subscribe({ onAttendanceOpen });
    expect(onAttendanceOpen).toHaveBeenCalledWith(mariana);
  });

  it('sends each request with its own port and resolves with the reply', async () => {
    const { adapter, lastRequest } = setup();
    const channels = adapter.getInfoChannels();
    const request = lastRequest();
    expect(request).toMatchObject({
      message: { protocol: HOST_PROTOCOL, command: 'getInfoChannels', args: null },
      targetOrigin: HOST,
    });
    request.port?.postMessage({
      protocol: HOST_PROTOCOL,
      ok: true,
      data: [{ id: 'canal-whatsapp', nome: 'WhatsApp Comercial', tipo: 'whatsapp' }, { id: 3 }],
    });
    await expect(channels).resolves.toEqual([
      { id: 'canal-whatsapp', nome: 'WhatsApp Comercial', tipo: 'whatsapp' },
    ]);
  });

  it('rejects with the host error message', async () => {
    const { adapter, lastRequest } = setup();
    const info = adapter.getInfoUser();
    lastRequest().port?.postMessage({ protocol: HOST_PROTOCOL, ok: false, error: 'Sem sessão' });
    await expect(info).rejects.toThrow('Sem sessão');
  });

  it('rejects a request the host does not answer in time, with a pt-BR error', async () => {
    jest.useFakeTimers();
    const { adapter, lastRequest } = setup({ requestTimeoutMs: 2000 });
    const info = adapter.getInfoUser();
    const outcome = jest.fn();
    info.then(outcome, outcome);
    jest.advanceTimersByTime(1999);
    await flushMessages();
    expect(outcome).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await expect(info).rejects.toThrow('O sistema de atendimento não respondeu a tempo.');
    expect(lastRequest().port?.other?.closed).toBe(true);
  });

  it('opens a modal and resolves with the result of the modalClosed event', async () => {
    const { adapter, lastRequest, eventsPort } = setup();
    const options = {
      url: 'https://painel.test/note-create-modal?dealId=d1',
      title: 'Adicionar Nota',
      width: 600,
      height: 700,
    };
    const result = adapter.openModal?.(options);
    const request = lastRequest();
    expect(request.message).toEqual({
      protocol: HOST_PROTOCOL,
      command: 'openModal',
      args: options,
    });
    request.port?.postMessage({ protocol: HOST_PROTOCOL, ok: true, data: { modalId: 'm-1' } });
    await flushMessages();
    eventsPort().postMessage({
      protocol: HOST_PROTOCOL,
      event: 'modalClosed',
      payload: { modalId: 'm-1', result: { success: true, updated: true } },
    });
    await expect(result).resolves.toEqual({ success: true, updated: true });
  });

  it('closes its own modal with the result', async () => {
    const { adapter, lastRequest } = setup();
    const closing = adapter.closeModal?.({ success: false });
    const request = lastRequest();
    expect(request.message).toEqual({
      protocol: HOST_PROTOCOL,
      command: 'closeModal',
      args: { result: { success: false } },
    });
    request.port?.postMessage({ protocol: HOST_PROTOCOL, ok: true, data: null });
    await expect(closing).resolves.toBeUndefined();
  });

  it('stops listening when disposed', () => {
    const { win, adapter } = setup();
    expect(win.listenerCount).toBe(1);
    adapter.dispose();
    expect(win.listenerCount).toBe(0);
  });
});

describe('postMessage host adapter: identity assertion', () => {
  it('sends the getIdentityAssertion command on its own port and resolves with the JWT', async () => {
    const { adapter, lastRequest } = setup();
    const assertion = adapter.getIdentityAssertion?.();
    const request = lastRequest();
    expect(request).toMatchObject({
      message: { protocol: HOST_PROTOCOL, command: 'getIdentityAssertion', args: null },
      targetOrigin: HOST,
    });
    request.port?.postMessage({ protocol: HOST_PROTOCOL, ok: true, data: 'eyJhbGciOi.x.y' });
    await expect(assertion).resolves.toBe('eyJhbGciOi.x.y');
    expect(request.port?.other?.closed).toBe(true);
  });

  it('resolves null when the host signs nothing', async () => {
    const { adapter, lastRequest } = setup();
    const assertion = adapter.getIdentityAssertion?.();
    lastRequest().port?.postMessage({ protocol: HOST_PROTOCOL, ok: true, data: null });
    await expect(assertion).resolves.toBeNull();
  });

  it('resolves null on an error reply or a malformed answer, logging nothing', async () => {
    const consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation(() => undefined),
    );
    try {
      const { adapter, lastRequest } = setup();
      const failed = adapter.getIdentityAssertion?.();
      lastRequest().port?.postMessage({
        protocol: HOST_PROTOCOL,
        ok: false,
        error: 'O sistema de atendimento não conseguiu assinar a identidade.',
      });
      await expect(failed).resolves.toBeNull();

      const malformed = adapter.getIdentityAssertion?.();
      lastRequest().port?.postMessage({ protocol: HOST_PROTOCOL, ok: true, data: { jwt: 1 } });
      await expect(malformed).resolves.toBeNull();

      const empty = adapter.getIdentityAssertion?.();
      lastRequest().port?.postMessage({ protocol: HOST_PROTOCOL, ok: true, data: '' });
      await expect(empty).resolves.toBeNull();
      for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of consoleSpies) spy.mockRestore();
    }
  });

  it('resolves null when the host does not answer in time', async () => {
    jest.useFakeTimers();
    const { adapter, lastRequest } = setup({ requestTimeoutMs: 1000 });
    const assertion = adapter.getIdentityAssertion?.();
    jest.advanceTimersByTime(1000);
    await expect(assertion).resolves.toBeNull();
    expect(lastRequest().port?.other?.closed).toBe(true);
  });

  it('resolves null once disposed', async () => {
    const { adapter } = setup();
    const pending = adapter.getIdentityAssertion?.();
    adapter.dispose();
    await expect(pending).resolves.toBeNull();
    await expect(adapter.getIdentityAssertion?.()).resolves.toBeNull();
  });
});
