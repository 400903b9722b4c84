import {
  isModalRoute,
  MODAL_CANCELLED,
  modalRouteFromPath,
  type ChatMessage,
  type HostAttendance,
  type HostChannel,
  type HostModalOptions,
  type HostUserInfo,
  type ModalResult,
  type ModalRoute,
} from '@crm-panel/contracts';
import { createAttendanceRelay } from '@host-bridge/adapter/attendanceRelay';
import { type HostAdapter, type HostChatRef } from '@host-bridge/adapter/HostAdapter';

/** The identity and attendance host-sim starts with (tenant-acme, Ana Souza, Mariana Costa). */
export const FAKE_USER_INFO: HostUserInfo = { userId: 'user-ana', systemKey: 'tenant-acme' };

export const FAKE_ATTENDANCE: HostAttendance = {
  atendimentoId: 'at-1001',
  canalId: 'canal-whatsapp-acme',
  descricao: 'Dúvida sobre a proposta comercial',
  contato: {
    id: 'contato-mariana',
    nome: 'Mariana Costa',
    nomeSecundario: 'Mari',
    numero: '+5511987654321',
  },
};

export const FAKE_CHANNELS: HostChannel[] = [
  { id: 'canal-whatsapp-acme', nome: 'WhatsApp Comercial', tipo: 'whatsapp' },
];

/** A form the panel asked the host to open, read back from the modal URL. */
export interface OpenedForm {
  route: ModalRoute | null;
  query: Record<string, string>;
  options: HostModalOptions;
}

export interface FakeHostAdapterOptions {
  userInfo?: HostUserInfo | null;
  channels?: HostChannel[];
  attendance?: HostAttendance | null;
  /** Without a modal API, forms fall back to popup → tab → page. Default true. */
  modalApi?: boolean;
  /**
   * What `getIdentityAssertion` answers: a fixed string, a function called on every ask (e.g.
   * one fresh token per call), or null (default: a host that signs nothing).
   */
  identityAssertion?: string | null | (() => string | null);
  /**
   * A host that reads chat messages (the `readChatMessages` capability): the messages, or a
   * function answering each read (reject to fail it). Absent (default): no such capability.
   */
  chatMessages?: ChatMessage[] | ((chat: HostChatRef) => Promise<ChatMessage[]>);
}

export interface FakeHostAdapter extends HostAdapter {
  /** Every openModal call, oldest first. */
  readonly openedForms: OpenedForm[];
  /** Every closeModal call (a modal page ending itself), oldest first. */
  readonly closedForms: ModalResult[];
  readonly disposed: boolean;
  /** The host opens (or switches to) an attendance. */
  openAttendance(attendance?: HostAttendance): void;
  /** The host closes the attendance. */
  closeAttendance(): void;
  setUserInfo(info: HostUserInfo | null): void;
  getIdentityAssertion(): Promise<string | null>;
  /** Changes what later `getIdentityAssertion` calls answer. */
  setIdentityAssertion(assertion: string | null | (() => string | null)): void;
  /** How many times the panel asked for an identity assertion. */
  readonly identityAssertionRequests: number;
  /** Every chat the panel asked the host to read messages of, oldest first. */
  readonly chatMessageRequests: HostChatRef[];
  /** Ends the oldest open modal with a result, as the host would after its page's closeModal. */
  resolveModal(result?: ModalResult): void;
}

function formOf(options: HostModalOptions): OpenedForm {
  const url = new URL(options.url, 'http://painel.invalido');
  const route = modalRouteFromPath(url.pathname);
  return {
    route: isModalRoute(route) ? route : null,
    query: Object.fromEntries(url.searchParams),
    options,
  };
}

/** A host for unit tests and remotes' standalone pages: drive events, inspect form calls. */
export function createFakeHostAdapter(options: FakeHostAdapterOptions = {}): FakeHostAdapter {
  const relay = createAttendanceRelay();
  let userInfo = options.userInfo === undefined ? FAKE_USER_INFO : options.userInfo;
  const openedForms: OpenedForm[] = [];
  const closedForms: ModalResult[] = [];
  const pending: ((result: ModalResult) => void)[] = [];
  let disposed = false;
  let identityAssertion = options.identityAssertion ?? null;
  let identityAssertionRequests = 0;
  if (options.attendance) relay.open(options.attendance);
  const chatMessageRequests: HostChatRef[] = [];
  const chatMessages = options.chatMessages;
  const readChatMessages =
    chatMessages &&
    (async (chat: HostChatRef): Promise<ChatMessage[]> => {
      chatMessageRequests.push(chat);
      return typeof chatMessages === 'function' ? chatMessages(chat) : chatMessages;
    });

  return {
    kind: 'fake',
    openedForms,
    closedForms,
    chatMessageRequests,
    ...(readChatMessages ? { readChatMessages } : {}),
    get disposed() {
      return disposed;
    },
    get identityAssertionRequests() {
      return identityAssertionRequests;
    },
    readUserInfo: () => userInfo,
    getInfoUser: async () => userInfo,
    getInfoChannels: async () => options.channels ?? FAKE_CHANNELS,
    getIdentityAssertion: async () => {
      identityAssertionRequests += 1;
      return typeof identityAssertion === 'function' ? identityAssertion() : identityAssertion;
    },
    subscribe: (handlers) => relay.subscribe(handlers),
    openModal:
      options.modalApi === false
        ? null
        : (modalOptions) => {
            openedForms.push(formOf(modalOptions));
            return new Promise<ModalResult>((resolve) => pending.push(resolve));
          },
    closeModal:
      options.modalApi === false
        ? null
        : async (result) => {
            closedForms.push(result);
          },
    openAttendance: (attendance = FAKE_ATTENDANCE) => relay.open(attendance),
    closeAttendance: () => relay.close(relay.current),
    setUserInfo: (info) => {
      userInfo = info;
    },
    setIdentityAssertion: (assertion) => {
      identityAssertion = assertion;
    },
    resolveModal: (result = MODAL_CANCELLED) => {
      const resolve = pending.shift();
      if (!resolve) throw new Error('Nenhum modal aberto para encerrar');
      resolve(result);
    },
    dispose: () => {
      disposed = true;
      relay.clear();
    },
  };
}
