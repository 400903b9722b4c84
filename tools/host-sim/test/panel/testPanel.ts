import {
  HOST_ORIGIN_PARAM,
  HOST_PROTOCOL,
  HOST_SDK_PARAM,
  isHostEventMessage,
  isHostReplyMessage,
  isHostWindowMessage,
  type HostAttendance,
  type HostCommand,
  type HostCommandMap,
  type HostEventHandlers,
  type HostGlobalWindow,
  type HostModalOptions,
  type HostReplyMessage,
  type HostUserInfo,
  type ModalResult,
} from '@crm-panel/contracts';

// A stand-in for the panel in the browser test: it talks to host-sim the way the panel does,
// through the SDK's global object or the raw postMessage protocol, and shows what it got.

interface PanelHost {
  mode: string;
  readUser(): HostUserInfo | null;
  /** What the host answered to getIdentityAssertion, as the test reads it. */
  identityAssertion(): Promise<string>;
  openModal(options: HostModalOptions): Promise<ModalResult>;
  closeModal(result: ModalResult): Promise<void>;
  /** Novus only: the raw replies of getInfoChannels and apiRequest. */
  channels?(): Promise<string>;
  apiRequest?(args: unknown): Promise<string>;
}

function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} ausente`);
  return element;
}

function record(line: string): void {
  const item = document.createElement('li');
  item.textContent = line;
  byId('events').append(item);
}

const handlers: HostEventHandlers = {
  onAttendanceOpen(attendance: HostAttendance) {
    byId('attendance').textContent = JSON.stringify(attendance);
    record(`open ${attendance.atendimentoId}`);
  },
  onAttendanceClose(attendance: HostAttendance | null) {
    byId('attendance').textContent = 'nenhum';
    record(`close ${attendance?.atendimentoId ?? 'null'}`);
  },
};

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`SDK não carregou: ${src}`));
    document.head.append(script);
  });
}

async function viaSdk(src: string): Promise<PanelHost> {
  await loadScript(src);
  const host = (window as Window & HostGlobalWindow).CrmPanelHost;
  if (!host) throw new Error('window.CrmPanelHost ausente');
  host.initialize(handlers);
  return {
    mode: 'global',
    readUser: () =>
      host.userId && host.systemKey ? { userId: host.userId, systemKey: host.systemKey } : null,
    identityAssertion: async () => {
      if (!host.getIdentityAssertion) return 'sem getIdentityAssertion';
      return JSON.stringify(await host.getIdentityAssertion());
    },
    openModal: (options) => {
      if (!host.openModal) throw new Error('sem openModal');
      return host.openModal(options);
    },
    closeModal: async (result) => {
      await host.closeModal(result);
    },
  };
}

function viaPostMessage(hostOrigin: string): PanelHost {
  let user: HostUserInfo | null = null;
  const modals = new Map<string, (result: ModalResult) => void>();
  const events = new MessageChannel();
  events.port1.onmessage = (event: MessageEvent) => {
    const message: unknown = event.data;
    if (!isHostEventMessage(message)) return;
    if (message.event === 'attendanceOpen') handlers.onAttendanceOpen(message.payload);
    else if (message.event === 'attendanceClose') handlers.onAttendanceClose(message.payload);
    else modals.get(message.payload.modalId)?.(message.payload.result);
  };
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== hostOrigin || event.source !== window.parent) return;
    const message: unknown = event.data;
    if (isHostWindowMessage(message) && message.type === 'initialized') {
      user = message.data.userInfo;
      if (message.data.attendance) handlers.onAttendanceOpen(message.data.attendance);
    }
  });
  window.parent.postMessage(
    { protocol: HOST_PROTOCOL, command: 'initialize', args: { pluginId: 'painel-de-teste' } },
    hostOrigin,
    [events.port2],
  );
  /** The raw reply message of a request. */
  function send<C extends HostCommand>(
    command: C,
    args: HostCommandMap[C]['args'],
  ): Promise<HostReplyMessage<HostCommandMap[C]['data']>> {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent) => {
        const reply: unknown = event.data;
        if (isHostReplyMessage(reply))
          resolve(reply as HostReplyMessage<HostCommandMap[C]['data']>);
      };
      window.parent.postMessage({ protocol: HOST_PROTOCOL, command, args }, hostOrigin, [
        channel.port2,
      ]);
    });
  }
  async function request<C extends HostCommand>(
    command: C,
    args: HostCommandMap[C]['args'],
  ): Promise<HostCommandMap[C]['data']> {
    const reply = await send(command, args);
    if (reply.ok) return reply.data;
    throw new Error(reply.error);
  }
  return {
    mode: 'postMessage',
    readUser: () => user,
    identityAssertion: async () => JSON.stringify(await send('getIdentityAssertion', null)),
    openModal: async (options) => {
      const { modalId } = await request('openModal', options);
      return new Promise((resolve) => modals.set(modalId, resolve));
    },
    closeModal: async (result) => {
      await request('closeModal', { result });
    },
  };
}

/**
 * Novus CRM's plugin protocol written the way the public example's plugin.js writes it
 * (github.com/novuscrm/novus-plugin-example): a persistent channel for initialize and the host's
 * callbacks, one channel per command, replies { data | payload } or { error }.
 */
function viaNovus(hostOrigin: string, tenant: string | null): PanelHost {
  let user: HostUserInfo | null = null;
  const registered: Record<string, (payload: unknown) => void> = {};
  const modals: ((result: ModalResult) => void)[] = [];
  let nextId = 0;
  const persistent = new MessageChannel();
  persistent.port1.onmessage = (event: MessageEvent) => {
    const message = event.data as { command?: string; callbackId?: string; payload?: unknown };
    if (message.command === 'callback' && message.callbackId) {
      registered[message.callbackId]?.(message.payload);
    } else if (message.command === 'close_custom_modal') {
      modals.shift()?.(message.payload as ModalResult);
    }
  };
  function registerEvent(name: string) {
    nextId += 1;
    const callbackId = `${name}-${nextId}`;
    registered[callbackId] = (payload) => {
      const attendance = payload as HostAttendance | undefined;
      byId('attendance').textContent =
        name === 'aoFecharAtendimento' ? 'nenhum' : JSON.stringify(attendance);
      record(`${name} ${attendance?.atendimentoId ?? 'null'}`);
    };
    return { callbackId };
  }
  function send(command: string, args: unknown): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent) => {
        resolve((event.data ?? {}) as Record<string, unknown>);
      };
      window.parent.postMessage({ command, args }, hostOrigin, [channel.port2]);
    });
  }
  async function command(name: string, args: unknown): Promise<unknown> {
    const reply = await send(name, args);
    if (reply.error) throw new Error(String(reply.error));
    return reply.data !== undefined ? reply.data : reply.payload;
  }
  // ?semInitialize=1: a plugin that skips initialize, to prove the host refuses it.
  if (new URLSearchParams(window.location.search).get('semInitialize') !== '1') {
    initialize();
  }
  /**
   * The widgetbar item's icon: a data URI as the example sends it; `?icone=` another value (a
   * relative path, say); `?icone=` empty: none.
   */
  function icon(): { icon_url?: string } {
    const chosen = new URLSearchParams(window.location.search).get('icone');
    if (chosen === '') return {};
    return { icon_url: chosen ?? TEST_ICON };
  }
  function initialize() {
    window.parent.postMessage(
      {
        command: 'initialize',
        id: 'painel-de-teste',
        args: {
          widgetbar: [{ id: 'painel-de-teste', text: 'Painel de teste', ...icon() }],
          events: {
            aoAbrirAtendimento: registerEvent('aoAbrirAtendimento'),
            aoFocarAtendimento: registerEvent('aoFocarAtendimento'),
            aoFecharAtendimento: registerEvent('aoFecharAtendimento'),
          },
        },
      },
      hostOrigin,
      [persistent.port2],
    );
  }
  void command('getInfoUser', null).then(
    (info) => {
      const id = (info as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && tenant) user = { userId: id, systemKey: tenant };
      byId('user-raw').textContent = JSON.stringify(info);
    },
    (error: unknown) => {
      byId('user-raw').textContent = String(error);
    },
  );
  return {
    mode: 'novus',
    readUser: () => user,
    identityAssertion: async () => JSON.stringify(await send('getIdentityAssertion', null)),
    openModal: async (options) => {
      const result = new Promise<ModalResult>((resolve) => modals.push(resolve));
      await command('openModal', options);
      return result;
    },
    closeModal: async (result) => {
      await command('close_custom_modal', result);
    },
    channels: async () => JSON.stringify(await send('getInfoChannels', null)),
    apiRequest: async (args) => JSON.stringify(await send('apiRequest', args)),
  };
}

/** A small blue square, as a data URI (what the example's plugin.js sends as `icon_url`). */
const TEST_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="#0030FF"/></svg>',
  );

function waitForUser(host: PanelHost): void {
  let tries = 0;
  const timer = window.setInterval(() => {
    tries += 1;
    const user = host.readUser();
    if (user || tries >= 50) {
      window.clearInterval(timer);
      byId('user').textContent = user ? `${user.userId}/${user.systemKey}` : 'sem usuário';
    }
  }, 100);
}

const REMEMBERED = 'painel-de-teste:host';

/**
 * The host parameters of this page's URL, or (a form page Novus opened with the URL as given)
 * those the panel's frame remembered in the tab's sessionStorage, as the real panel does.
 */
function hostParams(): URLSearchParams {
  const params = new URLSearchParams(window.location.search);
  if (params.get(HOST_SDK_PARAM) || params.get(HOST_ORIGIN_PARAM)) {
    sessionStorage.setItem(REMEMBERED, params.toString());
    return params;
  }
  const remembered = new URLSearchParams(sessionStorage.getItem(REMEMBERED) ?? '');
  for (const [name, value] of params) remembered.set(name, value);
  return remembered;
}

async function start(): Promise<void> {
  const params = hostParams();
  const sdk = params.get(HOST_SDK_PARAM);
  const hostOrigin = params.get(HOST_ORIGIN_PARAM);
  const novus = params.get('hostProtocol') === 'novus';
  const host = sdk
    ? await viaSdk(sdk)
    : hostOrigin && novus
      ? viaNovus(hostOrigin, params.get('hostTenant'))
      : hostOrigin
        ? viaPostMessage(hostOrigin)
        : null;
  byId('mode').textContent = host?.mode ?? 'sem host';
  if (!host) return;
  waitForUser(host);

  const isModal = window.location.pathname.endsWith('-modal');
  byId('route').textContent = `${window.location.pathname}?${params.get('dealId') ?? ''}`;
  byId('open-modal').hidden = isModal;
  byId('save').hidden = !isModal;

  byId('open-modal').addEventListener('click', () => {
    byId('result').textContent = 'aguardando';
    host
      .openModal({
        url: `${window.location.origin}/note-create-modal?dealId=d-1`,
        title: 'Adicionar Nota',
        width: 600,
        height: 700,
      })
      .then(
        (result) => {
          byId('result').textContent = JSON.stringify(result);
        },
        (error: unknown) => {
          byId('result').textContent = `erro: ${String(error)}`;
        },
      );
  });
  byId('ask-identity').addEventListener('click', () => {
    byId('assertion').textContent = 'aguardando';
    host.identityAssertion().then(
      (shown) => {
        byId('assertion').textContent = shown;
      },
      (error: unknown) => {
        byId('assertion').textContent = `erro: ${String(error)}`;
      },
    );
  });
  const { channels, apiRequest } = host;
  byId('ask-channels').addEventListener('click', () => {
    if (channels) void channels().then((shown) => (byId('raw').textContent = shown));
  });
  byId('ask-proxy').addEventListener('click', () => {
    const args: unknown = JSON.parse((byId('proxy-request') as HTMLTextAreaElement).value);
    if (apiRequest) void apiRequest(args).then((shown) => (byId('raw').textContent = shown));
  });
  byId('save').addEventListener('click', () => {
    void host.closeModal({ success: true, dealId: 'd-123' });
  });
}

start().catch((error: unknown) => {
  byId('mode').textContent = `falhou: ${String(error)}`;
});
