import { type PanelWindowLike } from '@host-bridge/adapter/createPostMessageHostAdapter';
import { type ChannelLike, type PortLike } from '@host-bridge/adapter/portRequests';

/** An in-memory MessagePort pair (jsdom has none); delivery is async, like the real thing. */
export class FakePort implements PortLike {
  onmessage: ((event: MessageEvent) => void) | null = null;
  closed = false;
  other: FakePort | null = null;

  postMessage(data: unknown): void {
    const target = this.other;
    if (this.closed || !target) return;
    void Promise.resolve().then(() => {
      if (!target.closed) target.onmessage?.({ data } as MessageEvent);
    });
  }

  close(): void {
    this.closed = true;
  }
}

export function createFakeChannel(): ChannelLike & { port1: FakePort; hostPort: FakePort } {
  const port1 = new FakePort();
  const port2 = new FakePort();
  port1.other = port2;
  port2.other = port1;
  return { port1, port2: port2 as unknown as Transferable, hostPort: port2 };
}

export interface PostedMessage {
  message: unknown;
  targetOrigin: string;
  port: FakePort | undefined;
}

/** The panel's window: its parent records what the panel posts. */
export class FakePanelWindow implements PanelWindowLike {
  readonly posted: PostedMessage[] = [];
  private readonly listeners = new Set<(event: MessageEvent) => void>();
  readonly parent = {
    postMessage: (message: unknown, targetOrigin: string, transfer?: Transferable[]): void => {
      this.posted.push({
        message,
        targetOrigin,
        port: transfer?.[0] as unknown as FakePort | undefined,
      });
    },
  };

  addEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: (event: MessageEvent) => void): void {
    this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Delivers a window message as the browser would, with the given origin and source. */
  receive(data: unknown, origin: string, source: unknown): void {
    const event = { data, origin, source } as unknown as MessageEvent;
    for (const listener of [...this.listeners]) listener(event);
  }
}

/** Lets queued port deliveries (promise jobs) run. */
export async function flushMessages(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}
