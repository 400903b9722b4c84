import { MODAL_CANCELLED, type HostModalOptions, type ModalResult } from '@crm-panel/contracts';
import { type IntegrationMode, type SimAttendance, type SimIdentity } from '../world/types.js';
import { renderAttendanceList } from './attendanceList.js';
import { renderChatView } from './chatView.js';
import {
  CHAT_VIA_PROXY_PARAM,
  modeFrom,
  MODE_PARAM,
  NOVUS_FRAME_PARAM,
  NOVUS_FRAME_SANDBOX,
  NOVUS_KNOB_PARAMS,
  NOVUS_ORIGIN_PARAM,
  novusFrameFrom,
  otherLoopbackOrigin,
  PANEL_FRAME_NAME,
  readConfig,
  UNEXPECTED_ORIGIN_PARAM,
  UNEXPECTED_ORIGIN_PATH,
  USER_PARAM,
} from './config.js';
import { el } from './dom.js';
import { HostConnector } from './hostConnector.js';
import { fetchIdentityAssertion } from './identityAssertion.js';
import { showModalOverlay, type OpenModal } from './modalOverlay.js';
import {
  forcedProxyError,
  NovusHost,
  upstreamStatus,
  type NovusReadings,
  type NovusRegistration,
} from './novusHost.js';
import { withHostParams } from './panelUrls.js';
import { createTopBar } from './topBar.js';

const PANEL_WIDTH = 420;
const PANEL_WIDE_WIDTH = 760;

const config = readConfig();
const hostOrigin = window.location.origin;
const panelOrigin = new URL(config.panelUrl).origin;
const params = new URLSearchParams(window.location.search);
/** Novus: the account registered the chat-messages endpoint in the plugin URL. */
const chatMessagesViaProxy = params.get(CHAT_VIA_PROXY_PARAM) === '1';
/** Novus: the readings the page URL chose (strict unless a knob says otherwise). */
const novusReadings: NovusReadings = {
  replyKey: params.get(NOVUS_KNOB_PARAMS.replyKey) === 'payload' ? 'payload' : 'data',
  answerDelayMs: Math.max(0, Number(params.get(NOVUS_KNOB_PARAMS.answerDelayMs)) || 0),
  userShape:
    (['aninhado', 'codigo'] as const).find(
      (shape) => shape === params.get(NOVUS_KNOB_PARAMS.userShape),
    ) ?? 'plano',
  attendanceShape:
    params.get(NOVUS_KNOB_PARAMS.attendanceShape) === 'pascal' ? 'pascal' : 'contrato',
  modalRegisters: params.get(NOVUS_KNOB_PARAMS.modalRegisters) === '1',
  modalUrlWithParams: params.get(NOVUS_KNOB_PARAMS.modalUrlWithParams) === '1',
  proxyError: forcedProxyError(params.get(NOVUS_KNOB_PARAMS.proxyError)),
  iconAliases: params.get(NOVUS_KNOB_PARAMS.iconAliases) === '1',
};
const unexpectedOriginButton = params.get(UNEXPECTED_ORIGIN_PARAM) === '1';
/** Novus: the origin the plugin URL names (`?novusOrigem=outra`: not the page's own). */
const novusPluginOrigin =
  params.get(NOVUS_ORIGIN_PARAM) === 'outra' ? otherLoopbackOrigin(hostOrigin) : hostOrigin;
/** Novus: whether the panel frame may open windows or navigate the page (`?novusMoldura=`). */
const novusFrame = novusFrameFrom(params.get(NOVUS_FRAME_PARAM));
const firstIdentity = config.identities[0];
if (!firstIdentity) throw new Error('Nenhuma identidade configurada');

interface PageState {
  identity: SimIdentity;
  mode: IntegrationMode;
  /** The focused attendance: the one the chat view and the panel show. */
  open: SimAttendance | null;
  /** Every attendance opened and not closed yet (the focused one included), in opening order. */
  opened: SimAttendance[];
  wide: boolean;
}

const state: PageState = {
  identity: config.identities.find((i) => i.userId === params.get(USER_PARAM)) ?? firstIdentity,
  mode: modeFrom(params.get(MODE_PARAM), config.defaultMode),
  open: null,
  opened: [],
  wide: false,
};

interface ActiveModal {
  id: string;
  opener: Window;
  overlay: OpenModal;
  frame: Window;
}

let modal: ActiveModal | null = null;
let modalSequence = 0;
let panelFrame: HTMLIFrameElement | null = null;

function tenantAttendances(): SimAttendance[] {
  return config.attendances.filter((item) => item.tenant === state.identity.systemKey);
}

function tenantChannels() {
  return config.channels[state.identity.systemKey] ?? [];
}

function endModal(result: ModalResult): void {
  if (!modal) return;
  const ended = modal;
  modal = null;
  connector.unregister(ended.frame);
  novus.unregister(ended.frame);
  ended.overlay.remove();
  if (state.mode === 'novus') novus.modalClosed(ended.opener, result);
  else connector.modalClosed(ended.opener, ended.id, result);
}

function showModal(options: HostModalOptions, opener: Window): string {
  if (modal) throw new Error('Já existe um formulário aberto');
  modalSequence += 1;
  const id = `modal-${modalSequence}`;
  // Novus opens the page as the plugin gave it (strict reading; knob novusModalParametros): the
  // form page finds its host from what its own frame remembered. Our protocols add the parameters.
  const src =
    state.mode === 'novus' && !novusReadings.modalUrlWithParams
      ? new URL(options.url).toString()
      : withHostParams(
          new URL(options.url),
          state.mode,
          hostOrigin,
          config.sdkPath,
          state.identity,
          chatMessagesViaProxy,
        );
  const overlay = showModalOverlay(options, src, () => endModal(MODAL_CANCELLED));
  const frame = overlay.frame.contentWindow;
  if (!frame) {
    overlay.remove();
    throw new Error('Não foi possível abrir o formulário');
  }
  if (state.mode === 'novus') {
    novus.register(frame, 'modal', id);
  } else {
    connector.register(frame, 'modal', id);
    overlay.frame.addEventListener('load', () => connector.announce(frame));
  }
  modal = { id, opener, overlay, frame };
  return id;
}

function closeModal(modalId: string, result: ModalResult): void {
  if (modal?.id === modalId) endModal(result);
}

const identityAssertion = () => fetchIdentityAssertion(config.assertionPath, state.identity.userId);

const connector = new HostConnector(panelOrigin, {
  userInfo: () => ({ userId: state.identity.userId, systemKey: state.identity.systemKey }),
  attendance: () => state.open?.attendance ?? null,
  channels: tenantChannels,
  identityAssertion,
  openModal: showModal,
  closeModal,
  onRefused: (total) => topBar.setRefused(total),
});

// Novus CRM's plugin protocol (novusHost.ts); only frames registered with it while in that mode.
const novus = new NovusHost(
  panelOrigin,
  {
    userInfo: () => ({
      userId: state.identity.userId,
      systemKey: state.identity.systemKey,
      name: state.identity.name,
      email: state.identity.email,
    }),
    channels: tenantChannels,
    // A simulator extension: Novus shows no signed identity; asked only via hostAssertion.
    identityAssertion,
    // The proxy's "publica" host: this simulator's own chat-messages API, as the attendant's tenant.
    async chatMessages({ chatId, channelId }) {
      const response = await fetch(
        `/api/chat/${encodeURIComponent(chatId)}/messages?channelId=${encodeURIComponent(channelId)}`,
        { headers: { 'x-system-key': state.identity.systemKey } },
      );
      // An error answer is relayed by its status only, as the example's proxy does.
      if (!response.ok) throw new Error(upstreamStatus(response.status));
      return (await response.json()) as unknown;
    },
    openModal: showModal,
    closeModal,
    onRegistered(registration) {
      const item = registration.widgetbar[0];
      panelTitle.textContent = item ? item.text : 'CRM';
      showWidgetIcon(item);
      panel.dataset.pluginId = registration.pluginId;
      panel.dataset.events = Object.keys(registration.events).join(' ');
    },
    onUnregistered(role) {
      if (role === 'panel') showNoPlugin();
    },
    onRefused: (total) => topBar.setRefused(total),
  },
  novusReadings,
);

/** The generic puzzle piece Novus draws for a widgetbar item without an icon (plugin.js's `ICONE`: "Sem esta chave o host desenha uma peça de quebra-cabeça genérica"). */
const GENERIC_PIECE =
  'M20 11h-1V7a2 2 0 0 0-2-2h-4V4a2.5 2.5 0 0 0-5 0v1H4a2 2 0 0 0-2 2v3.8h1a2.7 2.7 0 0 1 0 5.4H2V20a2 2 0 0 0 2 2h3.8v-1a2.7 2.7 0 0 1 5.4 0v1H17a2 2 0 0 0 2-2v-4h1a2.5 2.5 0 0 0 0-5Z';

/**
 * The widgetbar item's button face as Novus draws it: the plugin's `icon_url` in an
 * `<img alt="" aria-hidden>` that the host's page resolves (a relative URL points at the host, and
 * an image that fails leaves an invisible button), or the generic puzzle piece without one.
 */
function showWidgetIcon(item: NovusRegistration['widgetbar'][number] | undefined): void {
  if (!item) {
    panelIcon.replaceChildren();
    delete panelIcon.dataset.icon;
    return;
  }
  if (item.icon_url !== undefined) {
    panelIcon.dataset.icon = 'plugin';
    panelIcon.replaceChildren(
      el('img', { attrs: { src: item.icon_url, alt: '', 'aria-hidden': 'true' } }),
    );
    return;
  }
  panelIcon.dataset.icon = 'generico';
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', GENERIC_PIECE);
  svg.append(path);
  panelIcon.replaceChildren(svg);
}

/** The panel header without a registered plugin. */
function showNoPlugin(): void {
  panelTitle.textContent = 'CRM';
  showWidgetIcon(undefined);
  delete panel.dataset.pluginId;
  delete panel.dataset.events;
}

const sidebar = el('nav', {
  className: 'sidebar',
  attrs: { 'aria-label': 'Fila de atendimentos' },
});
const chat = el('main', { className: 'chat' });
const widenButton = el('button', {
  className: 'button ghost',
  attrs: { type: 'button', 'aria-pressed': 'false' },
});
const panelBody = el('div', { className: 'panel-body' });
const panelTitle = el('span', { className: 'panel-title', text: 'CRM' });
/** Novus: the widgetbar item's icon (`data-icon`: `plugin` or `generico`). */
const panelIcon = el('span', { className: 'panel-icon' });
/**
 * `?origemExtra=1`: loads a page of the other loopback origin (localhost ↔ 127.0.0.1) that posts
 * a Novus-like callback to the panel frame by its name.
 */
function postFromAnotherOrigin(): void {
  const other = new URL(UNEXPECTED_ORIGIN_PATH, otherLoopbackOrigin(hostOrigin));
  const stray = el('iframe', {
    className: 'stray-frame',
    attrs: { title: 'Página de outra origem', src: other.toString(), hidden: '' },
  });
  document.body.append(stray);
}
const strayButton = el('button', {
  className: 'button ghost',
  text: 'Mensagem de outra origem',
  attrs: { type: 'button' },
});
strayButton.addEventListener('click', postFromAnotherOrigin);
const panel = el('aside', { className: 'panel', attrs: { 'aria-label': 'Painel CRM' } }, [
  el('header', { className: 'panel-header' }, [
    panelIcon,
    panelTitle,
    ...(unexpectedOriginButton ? [strayButton] : []),
    widenButton,
  ]),
  panelBody,
]);

function updateUrl(): void {
  const url = new URL(window.location.href);
  url.searchParams.set(USER_PARAM, state.identity.userId);
  url.searchParams.set(MODE_PARAM, state.mode);
  window.history.replaceState(null, '', url);
}

function renderWidth(): void {
  document.documentElement.style.setProperty(
    '--panel-width',
    `${state.wide ? PANEL_WIDE_WIDTH : PANEL_WIDTH}px`,
  );
  widenButton.textContent = state.wide ? 'Recolher painel' : 'Expandir painel';
  widenButton.setAttribute('aria-pressed', String(state.wide));
}

/** (Re)loads the panel: a new frame, so the panel starts over with the current identity. */
function mountPanel(): void {
  if (modal) endModal(MODAL_CANCELLED);
  if (panelFrame?.contentWindow) {
    connector.unregister(panelFrame.contentWindow);
    novus.unregister(panelFrame.contentWindow);
  }
  showNoPlugin();
  const frame = el('iframe', {
    className: 'panel-frame',
    attrs: {
      title: 'Painel CRM',
      src: withHostParams(
        new URL(config.panelUrl),
        state.mode,
        state.mode === 'novus' ? novusPluginOrigin : hostOrigin,
        config.sdkPath,
        state.identity,
        chatMessagesViaProxy,
      ),
      name: PANEL_FRAME_NAME,
      'data-mode': state.mode,
      'data-user-id': state.identity.userId,
    },
  });
  // Set before the frame is in the page: a sandbox counts from the frame's first navigation.
  const sandbox = state.mode === 'novus' ? NOVUS_FRAME_SANDBOX[novusFrame] : null;
  if (sandbox !== null) frame.setAttribute('sandbox', sandbox);
  panelBody.replaceChildren(frame);
  panelFrame = frame;
  const frameWindow = frame.contentWindow;
  if (!frameWindow) return;
  if (state.mode === 'novus') {
    // Novus announces nothing: the plugin initializes when it loads, and gets the retained event.
    novus.register(frameWindow, 'panel');
    return;
  }
  connector.register(frameWindow, 'panel');
  frame.addEventListener('load', () => connector.announce(frameWindow));
}

const sameItem = (a: SimAttendance | null, b: SimAttendance): boolean =>
  a?.attendance.atendimentoId === b.attendance.atendimentoId;

/**
 * Clicking an attendance opens it (aoAbrirAtendimento) or, when it is open already in the
 * background, focuses it (aoFocarAtendimento). Our protocols know only "open": both send it.
 */
function openAttendance(item: SimAttendance): void {
  if (sameItem(state.open, item)) return;
  const focus = state.opened.some((other) => sameItem(other, item));
  if (!focus) state.opened.push(item);
  state.open = item;
  novus.emitOpen(item.attendance, focus);
  connector.emit({ event: 'attendanceOpen', payload: item.attendance });
  render();
}

/** Ends the focused attendance; the others stay open in the background, none is focused. */
function closeAttendance(item: SimAttendance): void {
  state.open = null;
  state.opened = state.opened.filter((other) => !sameItem(other, item));
  novus.emitClose(item.attendance);
  connector.emit({ event: 'attendanceClose', payload: item.attendance });
  render();
}

function render(): void {
  renderAttendanceList(sidebar, {
    attendances: tenantAttendances(),
    channels: tenantChannels(),
    openId: state.open?.attendance.atendimentoId ?? null,
    backgroundIds: state.opened
      .filter((item) => !sameItem(state.open, item))
      .map((item) => item.attendance.atendimentoId),
    onOpen: openAttendance,
  });
  renderChatView(chat, {
    item: state.open,
    identity: state.identity,
    channels: tenantChannels(),
    onClose: closeAttendance,
  });
}

const topBar = createTopBar({
  identities: config.identities,
  identity: state.identity,
  mode: state.mode,
  environment: [
    { label: 'Painel (PANEL_URL)', value: config.panelUrl },
    { label: 'API do painel (API_URL)', value: config.apiUrl },
    { label: 'Domínio do chat (para as credenciais)', value: hostOrigin },
    { label: 'SDK do objeto global', value: `${hostOrigin}${config.sdkPath}` },
    {
      label: 'Novus: mensagens do chat pelo apiRequest (?mensagensPeloProxy=1)',
      value: chatMessagesViaProxy ? 'sim' : 'não',
    },
    {
      label:
        'Novus: leituras (?novusResposta, novusDemoraMs, novusUsuario, novusAtendimento, novusModalRegistra, novusModalParametros, novusProxyErro, novusIconeAliases)',
      value: `resposta ${novusReadings.replyKey} · demora ${novusReadings.answerDelayMs} ms · usuário ${novusReadings.userShape} · atendimento ${novusReadings.attendanceShape} · modal ${novusReadings.modalRegisters ? 'registra' : 'não registra'} · URL do modal ${novusReadings.modalUrlWithParams ? 'com os parâmetros do host' : 'como o plugin deu'} · proxy ${novusReadings.proxyError ?? 'pela lista de liberação'} · ícone ${novusReadings.iconAliases ? 'icon_url, icone_url ou icon' : 'só icon_url'}`,
    },
    {
      label: 'Novus: origem na URL do plugin (?novusOrigem=outra)',
      value: novusPluginOrigin,
    },
    {
      label: 'Novus: moldura do painel (?novusMoldura=livre|sem-janelas; padrão fechada)',
      value: NOVUS_FRAME_SANDBOX[novusFrame] ?? 'sem sandbox (janelas e navegação permitidas)',
    },
  ],
  onIdentity(userId) {
    const identity = config.identities.find((i) => i.userId === userId);
    if (!identity) return;
    state.identity = identity;
    state.open = null;
    state.opened = [];
    updateUrl();
    render();
    mountPanel();
  },
  onMode(mode) {
    state.mode = mode;
    // A panel of another integration starts from a clean slate (Novus re-emits no stale event).
    state.open = null;
    state.opened = [];
    render();
    updateUrl();
    mountPanel();
  },
});

widenButton.addEventListener('click', () => {
  state.wide = !state.wide;
  renderWidth();
});

const app = document.getElementById('app');
if (!app) throw new Error('Elemento #app ausente');
app.replaceChildren(topBar.element, el('div', { className: 'workspace' }, [sidebar, chat, panel]));
app.removeAttribute('aria-busy');
connector.start();
novus.start();
renderWidth();
render();
mountPanel();
