import { type HostAttendance, type HostEventHandlers, type HostGlobal } from '@crm-panel/contracts';
import { createGlobalHostAdapter } from './createGlobalHostAdapter';

const attendance: HostAttendance = {
  atendimentoId: 'at-1002',
  canalId: 'canal-whatsapp',
  descricao: 'Pedido de orçamento',
  contato: { id: 'c-2', nome: 'João Pereira', nomeSecundario: null, numero: '+5521998765432' },
};

function fakeGlobal(overrides: Partial<HostGlobal> = {}) {
  let handlers: HostEventHandlers | null = null;
  const host: HostGlobal = {
    userId: null,
    systemKey: null,
    initialize: jest.fn((h: HostEventHandlers) => {
      handlers = h;
    }),
    getInfoUser: jest.fn(async () => ({ userId: 'user-bruno', systemKey: 'tenant-acme' })),
    getInfoChannels: jest.fn(async () => [
      { id: 'canal-whatsapp', nome: 'WhatsApp', tipo: 'whatsapp' },
    ]),
    openModal: jest.fn(async () => ({ success: true as const, dealId: 'd-77' })),
    closeModal: jest.fn(),
    ...overrides,
  };
  const emit = (): HostEventHandlers => {
    if (!handlers) throw new Error('initialize was not called');
    return handlers;
  };
  return { host, emit };
}

describe('global-object host adapter', () => {
  it('initializes the host once and reads userId/systemKey from the global', () => {
    const { host } = fakeGlobal();
    const adapter = createGlobalHostAdapter(host);
    expect(host.initialize).toHaveBeenCalledTimes(1);
    expect(adapter.kind).toBe('global');
    expect(adapter.readUserInfo()).toBeNull();
    host.userId = 'user-ana';
    expect(adapter.readUserInfo()).toBeNull();
    host.systemKey = 'tenant-acme';
    expect(adapter.readUserInfo()).toEqual({ userId: 'user-ana', systemKey: 'tenant-acme' });
  });

  it('relays the open and close events of the host', () => {
    const { host, emit } = fakeGlobal();
    const adapter = createGlobalHostAdapter(host);
    const onAttendanceOpen = jest.fn();
    const onAttendanceClose = jest.fn();
    adapter.subscribe({ onAttendanceOpen, onAttendanceClose });
    emit().onAttendanceOpen(attendance);
    expect(onAttendanceOpen).toHaveBeenCalledWith(attendance);
    emit().onAttendanceClose(attendance);
    expect(onAttendanceClose).toHaveBeenCalledWith(attendance);
  });

  it('ignores an open event without the attendance fields', () => {
    const { host, emit } = fakeGlobal();
    const adapter = createGlobalHostAdapter(host);
    const onAttendanceOpen = jest.fn();
    adapter.subscribe({ onAttendanceOpen });
    emit().onAttendanceOpen({ atendimentoId: 'x' } as unknown as HostAttendance);
    expect(onAttendanceOpen).not.toHaveBeenCalled();
  });

  it('asks the host for user info and channels', async () => {
    const { host } = fakeGlobal();
    const adapter = createGlobalHostAdapter(host);
    await expect(adapter.getInfoUser()).resolves.toEqual({
      userId: 'user-bruno',
      systemKey: 'tenant-acme',
    });
    await expect(adapter.getInfoChannels()).resolves.toEqual([
      { id: 'canal-whatsapp', nome: 'WhatsApp', tipo: 'whatsapp' },
    ]);
  });

  it('opens and closes modals through the host', async () => {
    const { host } = fakeGlobal();
    const adapter = createGlobalHostAdapter(host);
    const options = {
      url: 'https://p/deal-create-modal',
      title: 'Criar Negociação',
      width: 600,
      height: 700,
    };
    await expect(adapter.openModal?.(options)).resolves.toEqual({ success: true, dealId: 'd-77' });
    expect(host.openModal).toHaveBeenCalledWith(options);
    await adapter.closeModal?.({ success: true, updated: true });
    expect(host.closeModal).toHaveBeenCalledWith({ success: true, updated: true });
  });

  it('has no modal API when the host has no openModal', () => {
    const { host } = fakeGlobal({ openModal: undefined });
    expect(createGlobalHostAdapter(host).openModal).toBeNull();
  });

  it('treats a malformed modal result as a cancel', async () => {
    const { host } = fakeGlobal({
      openModal: jest.fn(async () => ({ ok: 'yes' }) as never),
    });
    const adapter = createGlobalHostAdapter(host);
    await expect(
      adapter.openModal?.({ url: 'https://p/x', title: 'x', width: 1, height: 1 }),
    ).resolves.toEqual({ success: false });
  });
});

describe('global-object host adapter: identity assertion', () => {
  it('asks the host for a fresh assertion on every call', async () => {
    let issued = 0;
    const getIdentityAssertion = jest.fn(async () => `jwt-${++issued}`);
    const { host } = fakeGlobal({ getIdentityAssertion });
    const adapter = createGlobalHostAdapter(host);
    await expect(adapter.getIdentityAssertion?.()).resolves.toBe('jwt-1');
    await expect(adapter.getIdentityAssertion?.()).resolves.toBe('jwt-2');
    expect(getIdentityAssertion).toHaveBeenCalledTimes(2);
  });

  it('answers null when the host has no getIdentityAssertion (it signs nothing)', async () => {
    const { host } = fakeGlobal();
    expect(host.getIdentityAssertion).toBeUndefined();
    await expect(createGlobalHostAdapter(host).getIdentityAssertion?.()).resolves.toBeNull();
  });

  it('answers null when the host resolves null, an empty string or something else', async () => {
    for (const answer of [null, '', '   ', 42, { jwt: 'x' }, 'x'.repeat(8193)]) {
      const { host } = fakeGlobal({
        getIdentityAssertion: jest.fn(async () => answer as string | null),
      });
      await expect(createGlobalHostAdapter(host).getIdentityAssertion?.()).resolves.toBeNull();
    }
  });

  it('answers null, logging nothing, when the host throws or rejects', async () => {
    const consoleSpies = (['log', 'info', 'warn', 'error'] as const).map((level) =>
      jest.spyOn(console, level).mockImplementation(() => undefined),
    );
    try {
      const rejecting = fakeGlobal({
        getIdentityAssertion: jest.fn(async () => {
          throw new Error('segredo do host');
        }),
      });
      await expect(
        createGlobalHostAdapter(rejecting.host).getIdentityAssertion?.(),
      ).resolves.toBeNull();
      const throwing = fakeGlobal({
        getIdentityAssertion: jest.fn(() => {
          throw new Error('segredo do host');
        }),
      });
      await expect(
        createGlobalHostAdapter(throwing.host).getIdentityAssertion?.(),
      ).resolves.toBeNull();
      for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of consoleSpies) spy.mockRestore();
    }
  });
});
