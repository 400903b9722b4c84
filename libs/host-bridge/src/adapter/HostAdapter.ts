import {
  type ChatMessage,
  type HostChannel,
  type HostEventHandlers,
  type HostModalOptions,
  type HostUserInfo,
  type ModalResult,
} from '@crm-panel/contracts';

/** Which host the panel runs in: see README 'Host adapters'. */
export type HostAdapterKind = 'global' | 'postMessage' | 'novus' | 'none' | 'fake';

/** The chat whose messages to read: the panel's chatId (the attendance id) and its channel. */
export interface HostChatRef {
  chatId: string;
  channelId: string;
}

/**
 * One interface over every host the panel can run in. The shell picks an adapter once at start
 * (`detectHostAdapter`) and hands it to the providers; features never talk to a host directly.
 */
export interface HostAdapter {
  readonly kind: HostAdapterKind;
  /**
   * The user info the host has provided so far, or null while it has not. Cheap and synchronous:
   * `waitForHostUserInfo` polls it.
   */
  readUserInfo(): HostUserInfo | null;
  /** Asks the host for the user info (getInfoUser). */
  getInfoUser(): Promise<HostUserInfo | null>;
  /** Asks the host for its attendance channels (getInfoChannels). */
  getInfoChannels(): Promise<HostChannel[]>;
  /**
   * A fresh host-signed identity JWT for the api's session (`POST /api/session`), or null when
   * the host signs nothing, cannot be asked, fails or does not answer in time. Never rejects;
   * each call asks the host again (an assertion is good for one session start or renewal).
   * Every adapter of this lib has it; optional only so that hand-written adapters (remotes'
   * standalone hosts) still fit — absent means the host signs nothing.
   */
  getIdentityAssertion?(): Promise<string | null>;
  /**
   * Registers attendance handlers; an attendance already open is replayed at once, so a screen
   * that mounts late still sees it. Returns the unsubscribe function.
   */
  subscribe(handlers: Partial<HostEventHandlers>): () => void;
  /** The host modal API, or null: forms then open in a popup, a tab or as a page (PRODUCT.md §1). */
  readonly openModal: ((options: HostModalOptions) => Promise<ModalResult>) | null;
  /** Ends a modal page the host opened, handing it the result; null without a host. */
  readonly closeModal: ((result: ModalResult) => Promise<void>) | null;
  /**
   * Reads a chat's messages through the host, for a host that offers it and is configured to
   * (Novus: its `apiRequest` proxy with the `hostChatMessages` setting). Absent: the panel reads
   * them from its api (`GET /api/chat/{id}/messages`, spec §7). Rejects with a
   * `HostRequestError` when the host fails, does not answer or answers no list.
   */
  readChatMessages?(chat: HostChatRef): Promise<ChatMessage[]>;
  /** Stops listening to the host. */
  dispose(): void;
}
