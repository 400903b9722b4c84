import { HOST_PROTOCOL, type HostGlobal } from '@crm-panel/contracts';
import { createFakeChannel } from '@host-bridge/test-support/fakeMessaging';
import { createNoHostAdapter, OPENER_BRIDGE_KEY } from './createNoHostAdapter';
import { detectHostAdapter } from './detectHostAdapter';
import { isNovusPanelAdapter } from './novus/createNovusHostAdapter';

const HOST = 'http://localhost:4300';

interface FakeWindowOptions {
  framed?: boolean;
  search?: string;
  referrer?: string;
  opener?: unknown;
  global?: HostGlobal;
}

function fakeWindow(options: FakeWindowOptions = {}) {
  const parent = { postMessage: jest.fn() };
  const stored = new Map<string, string>();
  const win: Record<string, unknown> = {
    location: { search: options.search ?? '' },
    document: { referrer: options.referrer ?? '' },
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
    opener: options.opener ?? null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  };
  if (options.global) win.CrmPanelHost = options.global;
  win.parent = options.framed ? parent : win;
  return { win: win as unknown as Window, parent, raw: win, stored };
}

function hostGlobal(overrides: Partial<HostGlobal> = {}): HostGlobal {
  return {
    userId: 'user-ana',
    systemKey: 'tenant-acme',
    initialize: jest.fn(),
    getInfoUser: jest.fn(),
    getInfoChannels: jest.fn(),
    closeModal: jest.fn(),
    ...overrides,
  };
}

describe('detectHostAdapter', () => {
  it('prefers the global-object host when its SDK defined window.CrmPanelHost', () => {
    const { win } = fakeWindow({
      framed: true,
      search: `?hostOrigin=${HOST}`,
      global: hostGlobal(),
    });
    const adapter = detectHostAdapter(win, { allowedHostOrigins: [HOST] });
    expect(adapter.kind).toBe('global');
    expect(adapter.readUserInfo()).toEqual({ userId: 'user-ana', systemKey: 'tenant-acme' });
  });

  it('uses the postMessage host for a framed panel whose host origin is allow-listed', () => {
    const { win, parent } = fakeWindow({
      framed: true,
      search: `?hostOrigin=${encodeURIComponent(HOST)}`,
    });
    const adapter = detectHostAdapter(win, {
      allowedHostOrigins: [`${HOST}/`],
      createChannel: createFakeChannel,
    });
    expect(adapter.kind).toBe('postMessage');
    expect(parent.postMessage).toHaveBeenCalledWith(
      { protocol: HOST_PROTOCOL, command: 'initialize', args: { pluginId: 'crm-panel' } },
      HOST,
      [expect.anything()],
    );
    adapter.dispose();
  });

  it('uses the Novus plugin protocol for ?hostProtocol=novus, with its settings, and remembers it', async () => {
    const { win, parent, stored } = fakeWindow({
      framed: true,
      search: `?hostOrigin=${HOST}&hostProtocol=novus&hostTenant=tenant-acme`,
    });
    const adapter = detectHostAdapter(win, {
      allowedHostOrigins: [HOST],
      createChannel: createFakeChannel,
    });
    expect(adapter.kind).toBe('novus');
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ command: 'initialize', id: 'crm-panel' }),
      HOST,
      [expect.anything()],
    );
    // No hostAssertion: the Novus host signs nothing, the panel does not even ask.
    await expect(adapter.getIdentityAssertion?.()).resolves.toBeNull();
    adapter.dispose();
    expect(stored.get('crm-panel:hostProtocol')).toBe('novus');
    expect(stored.get('crm-panel:hostTenant')).toBe('tenant-acme');

    const reloaded = fakeWindow({ framed: true });
    for (const [key, value] of stored) reloaded.stored.set(key, value);
    const again = detectHostAdapter(reloaded.win, {
      allowedHostOrigins: [HOST],
      createChannel: createFakeChannel,
    });
    expect(again.kind).toBe('novus');
    again.dispose();
  });

  it('reads chat messages through Novus only with hostChatMessages (URL, remembered) or the config', () => {
    const plain = fakeWindow({ framed: true, search: `?hostOrigin=${HOST}&hostProtocol=novus` });
    const off = detectHostAdapter(plain.win, {
      allowedHostOrigins: [HOST],
      createChannel: createFakeChannel,
    });
    expect(off.readChatMessages).toBeUndefined();
    off.dispose();

    const endpoint = 'v1/atendimentos/{attendanceId}/mensagens';
    const viaUrl = fakeWindow({
      framed: true,
      search: `?hostOrigin=${HOST}&hostProtocol=novus&hostChatMessages=${encodeURIComponent(endpoint)}`,
    });
    const on = detectHostAdapter(viaUrl.win, {
      allowedHostOrigins: [HOST],
      createChannel: createFakeChannel,
    });
    expect(on.readChatMessages).toEqual(expect.any(Function));
    on.dispose();
    expect(viaUrl.stored.get('crm-panel:hostChatMessages')).toBe(endpoint);

    const viaConfig = detectHostAdapter(
      fakeWindow({ framed: true, search: `?hostOrigin=${HOST}` }).win,
      {
        allowedHostOrigins: [HOST],
        hostProtocol: 'novus',
        novus: { chatMessages: { endpoint } },
        createChannel: createFakeChannel,
      },
    );
    expect(viaConfig.readChatMessages).toEqual(expect.any(Function));
    viaConfig.dispose();

    // Our own postMessage protocol has no such command: the api route stays.
    const ours = fakeWindow({
      framed: true,
      search: `?hostOrigin=${HOST}&hostChatMessages=${encodeURIComponent(endpoint)}`,
    });
    const postMessage = detectHostAdapter(ours.win, {
      allowedHostOrigins: [HOST],
      createChannel: createFakeChannel,
    });
    expect(postMessage.kind).toBe('postMessage');
    expect(postMessage.readChatMessages).toBeUndefined();
    postMessage.dispose();
  });

  it('uses the Novus protocol when the runtime config says so, only for an allow-listed origin', () => {
    const framed = fakeWindow({ framed: true, search: `?hostOrigin=${HOST}` });
    const adapter = detectHostAdapter(framed.win, {
      allowedHostOrigins: [HOST],
      hostProtocol: 'novus',
      createChannel: createFakeChannel,
    });
    expect(adapter.kind).toBe('novus');
    adapter.dispose();

    const foreign = fakeWindow({
      framed: true,
      search: '?hostOrigin=https://intruso.example&hostProtocol=novus',
    });
    const refused = detectHostAdapter(foreign.win, { allowedHostOrigins: [HOST] });
    // Said, not silent: a Novus adapter that talks to no one and reports the origin it saw.
    expect(refused.kind).toBe('novus');
    expect(isNovusPanelAdapter(refused) && refused.diagnostics().hostOrigin).toBeNull();
    expect(foreign.parent.postMessage).not.toHaveBeenCalled();
  });

  it('a Novus frame at an origin that is not allow-listed talks to no one and reports what it saw', async () => {
    const framed = fakeWindow({
      framed: true,
      search: '?hostOrigin=https://acme.novus.example&hostProtocol=novus&hostTenant=tenant-acme',
      referrer: 'https://acme.novus.example/atendimentos',
    });
    (framed.raw.location as Record<string, unknown>).ancestorOrigins = [
      'https://acme.novus.example',
    ];
    const adapter = detectHostAdapter(framed.win, {
      allowedHostOrigins: [HOST],
      awaitNovusTenantMapping: true,
    });
    if (!isNovusPanelAdapter(adapter)) throw new Error('esperava o adaptador do Novus');
    expect(adapter.role).toBe('panel');
    const page = 'https://acme.novus.example';
    expect(adapter.diagnostics()).toMatchObject({
      hostOrigin: null,
      origins: { parameter: page, referrer: page, ancestor: page },
      urlTenant: 'tenant-acme',
      userInfo: null,
      lastEvent: null,
      understood: { userId: null, systemKey: 'tenant-acme' },
      unexpected: [],
    });
    // No user and nothing pending: the panel's 'missing' state comes, it does not wait for ever.
    expect(adapter.readUserInfo()).toBeNull();
    expect(adapter.userInfoPending()).toBe(false);
    await expect(adapter.getInfoUser()).resolves.toBeNull();
    await expect(
      adapter.apiRequest({ host: 'publica', method: 'GET', endpoint: 'v1/x' }),
    ).rejects.toThrow('A origem da página do Novus não está entre as permitidas.');
    expect(framed.parent.postMessage).not.toHaveBeenCalled();
    adapter.dispose();
  });

  it("takes no referrer of the panel's own origin for the page that frames it", () => {
    const reloaded = fakeWindow({
      framed: true,
      search: `?hostOrigin=${HOST}&hostProtocol=novus&hostTenant=tenant-acme`,
      referrer: 'https://painel.example.com/rdstation-login-prompt',
    });
    (reloaded.raw.location as Record<string, unknown>).origin = 'https://painel.example.com';
    const adapter = detectHostAdapter(reloaded.win, {
      allowedHostOrigins: [HOST],
      createChannel: createFakeChannel,
    });
    if (!isNovusPanelAdapter(adapter)) throw new Error('esperava o adaptador do Novus');
    expect(adapter.diagnostics().origins).toEqual({
      parameter: HOST,
      referrer: null,
      ancestor: null,
    });
    adapter.dispose();
  });

  it('falls back to the referrer origin and remembers the parameter for reloads', () => {
    const first = fakeWindow({ framed: true, referrer: `${HOST}/atendimentos` });
    expect(
      detectHostAdapter(first.win, { allowedHostOrigins: [HOST], createChannel: createFakeChannel })
        .kind,
    ).toBe('postMessage');

    const withParam = fakeWindow({ framed: true, search: `?hostOrigin=${HOST}` });
    detectHostAdapter(withParam.win, {
      allowedHostOrigins: [HOST],
      createChannel: createFakeChannel,
    });
    expect(withParam.stored.get('crm-panel:hostOrigin')).toBe(HOST);
  });

  it('reuses the remembered host after a reload without parameters', () => {
    const reloaded = fakeWindow({ framed: true });
    reloaded.stored.set('crm-panel:hostOrigin', HOST);
    expect(
      detectHostAdapter(reloaded.win, {
        allowedHostOrigins: [HOST],
        createChannel: createFakeChannel,
      }).kind,
    ).toBe('postMessage');
  });

  it('forgets the remembered SDK when the host switches to postMessage', () => {
    const switched = fakeWindow({ framed: true, search: `?hostOrigin=${HOST}` });
    switched.stored.set('crm-panel:hostSdk', `${HOST}/sdk/crm-panel-host.js`);
    detectHostAdapter(switched.win, {
      allowedHostOrigins: [HOST],
      createChannel: createFakeChannel,
    });
    expect([...switched.stored.keys()]).toEqual(['crm-panel:hostOrigin']);

    const back = fakeWindow({ framed: true, search: `?hostOrigin=${HOST}` });
    back.stored.set('crm-panel:hostProtocol', 'novus');
    const adapter = detectHostAdapter(back.win, {
      allowedHostOrigins: [HOST],
      createChannel: createFakeChannel,
    });
    expect(adapter.kind).toBe('postMessage');
    adapter.dispose();
  });

  it("a form page its Novus host opened reads the user with the plugin URL's hostUserIdField", async () => {
    const novus = `?hostOrigin=${HOST}&hostProtocol=novus&hostTenant=tenant-acme`;
    const reply = { data: { codigoAtendente: 'user-ana', nome: 'Ana' } };
    /** A page of the panel at `search`, with the session's storage so far; who it reads. */
    const pageAt = async (search: string, stored: Map<string, string> = new Map()) => {
      const page = fakeWindow({ framed: true, search });
      for (const [key, value] of stored) page.stored.set(key, value);
      page.parent.postMessage.mockImplementation(
        (message: { command?: string }, _origin: string, ports?: MessagePort[]) => {
          if (message.command === 'getInfoUser') ports?.[0]?.postMessage(reply);
        },
      );
      const adapter = detectHostAdapter(page.win, {
        allowedHostOrigins: [HOST],
        createChannel: createFakeChannel,
      });
      const user = await adapter.getInfoUser();
      adapter.dispose();
      return { stored: page.stored, user };
    };
    const ana = { userId: 'user-ana', systemKey: 'tenant-acme' };
    const panel = await pageAt(`${novus}&hostUserIdField=codigoAtendente`);
    expect(panel.user).toEqual(ana);
    // The host opens the form with the host parameters it knows: not the plugin URL's own.
    const form = await pageAt(novus, panel.stored);
    expect(form.user).toEqual(ana);
    // Another host forgets it.
    const other = fakeWindow({ framed: true, search: `?hostOrigin=${HOST}` });
    for (const [key, value] of form.stored) other.stored.set(key, value);
    detectHostAdapter(other.win, { allowedHostOrigins: [HOST], createChannel: createFakeChannel });
    expect(other.stored.has('crm-panel:hostUserIdField')).toBe(false);
  });

  it('never reuses remembered parameters in a top-level window', () => {
    const popup = fakeWindow();
    popup.stored.set('crm-panel:hostOrigin', HOST);
    expect(detectHostAdapter(popup.win, { allowedHostOrigins: [HOST] }).kind).toBe('none');
  });

  it('runs without a host when the framing origin is not allow-listed', () => {
    const { win, parent } = fakeWindow({
      framed: true,
      search: '?hostOrigin=https://evil.example.com',
    });
    const adapter = detectHostAdapter(win, { allowedHostOrigins: [HOST] });
    expect(adapter.kind).toBe('none');
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('runs without a host in a plain tab, with the configured dev identity', () => {
    const { win } = fakeWindow({ search: `?hostOrigin=${HOST}` });
    const adapter = detectHostAdapter(win, {
      allowedHostOrigins: [HOST],
      noHost: { userInfo: { userId: 'user-dev', systemKey: 'tenant-dev' } },
    });
    expect(adapter.kind).toBe('none');
    expect(adapter.readUserInfo()).toEqual({ userId: 'user-dev', systemKey: 'tenant-dev' });
    expect(adapter.openModal).toBeNull();
    expect(adapter.closeModal).toBeNull();
  });

  it('lets a form popup read the identity of the panel that opened it', () => {
    const panel = fakeWindow({ framed: true, global: hostGlobal() });
    detectHostAdapter(panel.win, { allowedHostOrigins: [HOST] });
    expect(panel.raw[OPENER_BRIDGE_KEY]).toBeDefined();

    const popup = fakeWindow({ opener: panel.win });
    const adapter = detectHostAdapter(popup.win, { allowedHostOrigins: [HOST] });
    expect(adapter.kind).toBe('none');
    expect(adapter.readUserInfo()).toEqual({ userId: 'user-ana', systemKey: 'tenant-acme' });
  });

  it("lets a form popup ask the opener's host for identity assertions", async () => {
    let issued = 0;
    const getIdentityAssertion = jest.fn(async () => `jwt-${++issued}`);
    const panel = fakeWindow({ framed: true, global: hostGlobal({ getIdentityAssertion }) });
    detectHostAdapter(panel.win, { allowedHostOrigins: [HOST] });

    const popup = fakeWindow({ opener: panel.win });
    const adapter = detectHostAdapter(popup.win, { allowedHostOrigins: [HOST] });
    await expect(adapter.getIdentityAssertion?.()).resolves.toBe('jwt-1');
    await expect(adapter.getIdentityAssertion?.()).resolves.toBe('jwt-2');
    expect(getIdentityAssertion).toHaveBeenCalledTimes(2);
  });

  it('a popup whose opener host signs nothing has no assertion', async () => {
    const panel = fakeWindow({ framed: true, global: hostGlobal() });
    detectHostAdapter(panel.win, { allowedHostOrigins: [HOST] });
    const popup = fakeWindow({ opener: panel.win });
    await expect(
      detectHostAdapter(popup.win, { allowedHostOrigins: [HOST] }).getIdentityAssertion?.(),
    ).resolves.toBeNull();
  });
});

describe('no-host adapter', () => {
  it('has no identity without config, no attendance and an unreadable (cross-origin) opener', async () => {
    const crossOrigin = new Proxy(
      {},
      {
        get() {
          throw new DOMException('Blocked a frame', 'SecurityError');
        },
      },
    );
    const adapter = createNoHostAdapter({ opener: crossOrigin as Window });
    expect(adapter.readUserInfo()).toBeNull();
    await expect(adapter.getIdentityAssertion?.()).resolves.toBeNull();
    await expect(adapter.getInfoChannels()).resolves.toEqual([]);
    const onAttendanceOpen = jest.fn();
    adapter.subscribe({ onAttendanceOpen });
    expect(onAttendanceOpen).not.toHaveBeenCalled();
  });

  it('has no assertion without an opener, nor for a configured (dev) identity', async () => {
    await expect(createNoHostAdapter().getIdentityAssertion?.()).resolves.toBeNull();
    const opener = {
      [OPENER_BRIDGE_KEY]: {
        readUserInfo: () => ({ userId: 'user-ana', systemKey: 'tenant-acme' }),
        getIdentityAssertion: jest.fn(async () => 'jwt-da-janela-de-origem'),
      },
    };
    const configured = createNoHostAdapter({
      userInfo: { userId: 'user-dev', systemKey: 'tenant-dev' },
      opener: opener as unknown as Window,
    });
    await expect(configured.getIdentityAssertion?.()).resolves.toBeNull();
    expect(opener[OPENER_BRIDGE_KEY].getIdentityAssertion).not.toHaveBeenCalled();
  });

  it("answers null when the opener's bridge rejects or has no getIdentityAssertion", async () => {
    const rejecting = {
      [OPENER_BRIDGE_KEY]: {
        readUserInfo: () => null,
        getIdentityAssertion: async () => {
          throw new Error('janela fechada');
        },
      },
    };
    await expect(
      createNoHostAdapter({ opener: rejecting as unknown as Window }).getIdentityAssertion?.(),
    ).resolves.toBeNull();
    const older = { [OPENER_BRIDGE_KEY]: { readUserInfo: () => null } };
    await expect(
      createNoHostAdapter({ opener: older as unknown as Window }).getIdentityAssertion?.(),
    ).resolves.toBeNull();
  });
});
