import type {
  HOST_GLOBAL_NAME,
  HostAttendance,
  HostChannel,
  HostCommand,
  HostCommandMap,
  HostEventHandlers,
  HostGlobal,
  HostGlobalWindow,
  HostInitializeMessage,
  HostModalOptions,
  HostProtocol,
  HostUserInfo,
  ModalResult,
} from '@crm-panel/contracts';

// The host SDK: a classic script the panel page loads (its URL arrives as ?hostSdk=). It defines
// window.CrmPanelHost — the spec's global-object host — and speaks the host protocol with the
// simulator page underneath. Self-contained: it runs in the panel's page, so no imports at run
// time; the type-only imports keep its constants and messages in line with the contract.

(() => {
  const PROTOCOL: HostProtocol = 'crm-panel-host/1';
  const GLOBAL_NAME: typeof HOST_GLOBAL_NAME = 'CrmPanelHost';
  const PLUGIN_ID = 'crm-panel-sdk';
  const REQUEST_TIMEOUT_MS = 10_000;
  const TIMEOUT_MESSAGE = 'O sistema de atendimento não respondeu a tempo.';

  const script = document.currentScript;
  const hostOrigin =
    script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : '';
  const target = window as Window & HostGlobalWindow;
  // Outside a frame of the host there is no host: define nothing, the panel runs standalone.
  if (!hostOrigin || window.parent === window || target[GLOBAL_NAME]) return;

  let handlers: HostEventHandlers | null = null;
  let current: HostAttendance | null = null;
  let initialized = false;
  let eventsPort: MessagePort | null = null;
  const pendingModals = new Map<string, (result: ModalResult) => void>();
  const earlyResults = new Map<string, ModalResult>();

  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null;

  function request<C extends HostCommand>(
    command: C,
    args: HostCommandMap[C]['args'],
  ): Promise<HostCommandMap[C]['data']> {
    return new Promise((resolve, reject) => {
      const channel = new MessageChannel();
      const timer = window.setTimeout(() => {
        channel.port1.close();
        reject(new Error(TIMEOUT_MESSAGE));
      }, REQUEST_TIMEOUT_MS);
      channel.port1.onmessage = (event: MessageEvent) => {
        const reply: unknown = event.data;
        if (!isRecord(reply) || reply.protocol !== PROTOCOL) return;
        window.clearTimeout(timer);
        channel.port1.close();
        if (reply.ok === true) resolve(reply.data as HostCommandMap[C]['data']);
        else reject(new Error(typeof reply.error === 'string' ? reply.error : TIMEOUT_MESSAGE));
      };
      window.parent.postMessage({ protocol: PROTOCOL, command, args }, hostOrigin, [channel.port2]);
    });
  }

  function onEvent(event: MessageEvent): void {
    const message: unknown = event.data;
    if (!isRecord(message) || message.protocol !== PROTOCOL) return;
    if (message.event === 'attendanceOpen') {
      current = message.payload as HostAttendance;
      handlers?.onAttendanceOpen(current);
    } else if (message.event === 'attendanceClose') {
      current = null;
      handlers?.onAttendanceClose((message.payload as HostAttendance | null) ?? null);
    } else if (message.event === 'modalClosed' && isRecord(message.payload)) {
      const modalId = String(message.payload.modalId);
      const result = message.payload.result as ModalResult;
      const resolve = pendingModals.get(modalId);
      if (resolve) {
        pendingModals.delete(modalId);
        resolve(result);
      } else {
        earlyResults.set(modalId, result);
      }
    }
  }

  function connect(): void {
    eventsPort?.close();
    const channel = new MessageChannel();
    eventsPort = channel.port1;
    eventsPort.onmessage = onEvent;
    const message: HostInitializeMessage = {
      protocol: PROTOCOL,
      command: 'initialize',
      args: { pluginId: PLUGIN_ID },
    };
    window.parent.postMessage(message, hostOrigin, [channel.port2]);
  }

  const host: HostGlobal = {
    userId: null,
    systemKey: null,
    initialize(next: HostEventHandlers) {
      handlers = next;
      // Like the platform: a panel that starts late still gets the attendance already open.
      if (current) next.onAttendanceOpen(current);
    },
    getInfoUser: (): Promise<HostUserInfo | null> => request('getInfoUser', null),
    getInfoChannels: (): Promise<HostChannel[]> => request('getInfoChannels', null),
    /** A fresh host-signed identity JWT of the attendant, or null when the host signs nothing. */
    async getIdentityAssertion(): Promise<string | null> {
      const assertion = await request('getIdentityAssertion', null);
      return typeof assertion === 'string' && assertion !== '' ? assertion : null;
    },
    async openModal(options: HostModalOptions): Promise<ModalResult> {
      const { modalId } = await request('openModal', options);
      const early = earlyResults.get(modalId);
      if (early) {
        earlyResults.delete(modalId);
        return early;
      }
      return new Promise((resolve) => pendingModals.set(modalId, resolve));
    },
    async closeModal(result: ModalResult): Promise<void> {
      await request('closeModal', { result });
    },
  };
  target[GLOBAL_NAME] = host;

  window.addEventListener('message', (event: MessageEvent) => {
    // Only the host page that embeds this panel, from the origin that served this script.
    if (event.origin !== hostOrigin || event.source !== window.parent) return;
    const message: unknown = event.data;
    if (!isRecord(message) || message.protocol !== PROTOCOL) return;
    if (message.type === 'hostReady') {
      if (!initialized) connect();
      return;
    }
    if (message.type !== 'initialized' || !isRecord(message.data)) return;
    initialized = true;
    const user = message.data.userInfo as HostUserInfo | null;
    host.userId = user?.userId ?? null;
    host.systemKey = user?.systemKey ?? null;
    const attendance = (message.data.attendance as HostAttendance | null) ?? null;
    if (attendance) {
      current = attendance;
      handlers?.onAttendanceOpen(attendance);
    }
  });

  connect();
})();
