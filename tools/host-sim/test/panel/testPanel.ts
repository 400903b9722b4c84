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

async function start(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const sdk = params.get(HOST_SDK_PARAM);
  const hostOrigin = params.get(HOST_ORIGIN_PARAM);
  const host = sdk ? await viaSdk(sdk) : hostOrigin ? viaPostMessage(hostOrigin) : null;
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
  byId('save').addEventListener('click', () => {
    void host.closeModal({ success: true, dealId: 'd-123' });
  });
}

start().catch((error: unknown) => {
  byId('mode').textContent = `falhou: ${String(error)}`;
});
