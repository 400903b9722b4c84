import {
  HOST_PROTOCOL,
  isPanelToHostMessage,
  type HostAttendance,
  type HostChannel,
  type HostEventMessage,
  type HostModalOptions,
  type HostReplyMessage,
  type HostUserInfo,
  type HostWindowMessage,
  type ModalResult,
} from '@crm-panel/contracts';

import {
  answerWhenSettled,
  closingForm,
  failureText,
  openModalRefusal,
  type CommandOutcome,
  type FrameRole,
} from './frameCommands.js';

export type { FrameRole } from './frameCommands.js';

interface Connection {
  frame: Window;
  role: FrameRole;
  eventsPort: MessagePort | null;
  modalId: string | null;
}

export interface HostConnectorCallbacks {
  userInfo(): HostUserInfo;
  attendance(): HostAttendance | null;
  channels(): HostChannel[];
  /**
   * A fresh host-signed identity JWT of the current attendant, or null when the tenant's
   * platform signs nothing. Rejects with an Error whose message goes back to the frame.
   */
  identityAssertion(): Promise<string | null>;
  /** Shows a modal; returns its id or throws an Error whose message goes back to the panel. */
  openModal(options: HostModalOptions, opener: Window): string;
  /** A modal page ended itself with a result. */
  closeModal(modalId: string, result: ModalResult): void;
  /** A protocol message from an unknown origin or frame was refused. */
  onRefused(total: number): void;
}

type EventWithoutProtocol = HostEventMessage extends infer E
  ? E extends HostEventMessage
    ? Omit<E, 'protocol'>
    : never
  : never;

function hasOurProtocol(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { protocol?: unknown }).protocol === HOST_PROTOCOL
  );
}

/**
 * The host side of the panel protocol (contracts' host.ts), for both integrations: the SDK that
 * defines window.CrmPanelHost speaks it too. Only frames this page created, at the panel's
 * origin, are listened to; everything else is refused and counted.
 */
export class HostConnector {
  private readonly connections = new Map<Window, Connection>();
  private refused = 0;

  constructor(
    private readonly panelOrigin: string,
    private readonly callbacks: HostConnectorCallbacks,
  ) {}

  start(): void {
    window.addEventListener('message', this.onMessage);
  }

  register(frame: Window, role: FrameRole, modalId: string | null = null): void {
    this.unregister(frame);
    this.connections.set(frame, { frame, role, eventsPort: null, modalId });
  }

  unregister(frame: Window): void {
    const connection = this.connections.get(frame);
    connection?.eventsPort?.close();
    this.connections.delete(frame);
  }

  /** Tells a frame the host listens now (a panel not yet initialized sends initialize again). */
  announce(frame: Window): void {
    const message: HostWindowMessage = { protocol: HOST_PROTOCOL, type: 'hostReady' };
    frame.postMessage(message, this.panelOrigin);
  }

  /** Sends an attendance event to every side panel. */
  emit(event: EventWithoutProtocol): void {
    for (const connection of this.connections.values()) {
      if (connection.role !== 'panel') continue;
      connection.eventsPort?.postMessage({ protocol: HOST_PROTOCOL, ...event });
    }
  }

  modalClosed(opener: Window, modalId: string, result: ModalResult): void {
    const message: HostEventMessage = {
      protocol: HOST_PROTOCOL,
      event: 'modalClosed',
      payload: { modalId, result },
    };
    this.connections.get(opener)?.eventsPort?.postMessage(message);
  }

  private refuse(): void {
    this.refused += 1;
    this.callbacks.onRefused(this.refused);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    const data: unknown = event.data;
    if (!hasOurProtocol(data)) return;
    const connection = event.source ? this.connections.get(event.source as Window) : undefined;
    if (event.origin !== this.panelOrigin || !connection || !isPanelToHostMessage(data)) {
      this.refuse();
      return;
    }
    const port = event.ports[0];
    if (!port) return;

    if (data.command === 'initialize') {
      connection.eventsPort?.close();
      connection.eventsPort = port;
      const reply: HostWindowMessage = {
        protocol: HOST_PROTOCOL,
        type: 'initialized',
        data: { userInfo: this.callbacks.userInfo(), attendance: this.callbacks.attendance() },
      };
      connection.frame.postMessage(reply, this.panelOrigin);
      return;
    }

    const answer = (outcome: CommandOutcome): void => {
      const message: HostReplyMessage =
        'error' in outcome
          ? { protocol: HOST_PROTOCOL, ok: false, error: outcome.error }
          : { protocol: HOST_PROTOCOL, ok: true, data: outcome.data };
      port.postMessage(message);
      port.close();
    };

    try {
      switch (data.command) {
        case 'getInfoUser':
          answer({ data: this.callbacks.userInfo() });
          return;
        case 'getInfoChannels':
          answer({ data: this.callbacks.channels() });
          return;
        case 'getIdentityAssertion':
          // The side panel and the forms it opened may both ask: both act for this attendant.
          answerWhenSettled(this.callbacks.identityAssertion(), answer);
          return;
        case 'openModal': {
          const refusal = openModalRefusal(connection.role, data.args.url, this.panelOrigin);
          if (refusal) {
            answer({ error: refusal });
            return;
          }
          answer({ data: { modalId: this.callbacks.openModal(data.args, connection.frame) } });
          return;
        }
        case 'closeModal': {
          const form = closingForm(connection.role, connection.modalId);
          if ('refused' in form) {
            answer({ error: form.refused });
            return;
          }
          answer({ data: null });
          this.callbacks.closeModal(form.modalId, data.args.result);
          return;
        }
      }
    } catch (error) {
      answer({ error: failureText(error) });
    }
  };
}
