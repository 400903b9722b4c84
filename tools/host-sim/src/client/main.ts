import { MODAL_CANCELLED, type HostModalOptions, type ModalResult } from '@crm-panel/contracts';
import { type IntegrationMode, type SimAttendance, type SimIdentity } from '../world/types.js';
import { renderAttendanceList } from './attendanceList.js';
import { renderChatView } from './chatView.js';
import { modeFrom, MODE_PARAM, readConfig, USER_PARAM } from './config.js';
import { el } from './dom.js';
import { HostConnector } from './hostConnector.js';
import { fetchIdentityAssertion } from './identityAssertion.js';
import { showModalOverlay, type OpenModal } from './modalOverlay.js';
import { withHostParams } from './panelUrls.js';
import { createTopBar } from './topBar.js';

const PANEL_WIDTH = 420;
const PANEL_WIDE_WIDTH = 760;

const config = readConfig();
const hostOrigin = window.location.origin;
const panelOrigin = new URL(config.panelUrl).origin;
const params = new URLSearchParams(window.location.search);
const firstIdentity = config.identities[0];
if (!firstIdentity) throw new Error('Nenhuma identidade configurada');

interface PageState {
  identity: SimIdentity;
  mode: IntegrationMode;
  open: SimAttendance | null;
  wide: boolean;
}

const state: PageState = {
  identity: config.identities.find((i) => i.userId === params.get(USER_PARAM)) ?? firstIdentity,
  mode: modeFrom(params.get(MODE_PARAM), config.defaultMode),
  open: null,
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
  ended.overlay.remove();
  connector.modalClosed(ended.opener, ended.id, result);
}

const connector = new HostConnector(panelOrigin, {
  userInfo: () => ({ userId: state.identity.userId, systemKey: state.identity.systemKey }),
  attendance: () => state.open?.attendance ?? null,
  channels: tenantChannels,
  identityAssertion: () => fetchIdentityAssertion(config.assertionPath, state.identity.userId),
  openModal(options: HostModalOptions, opener: Window): string {
    if (modal) throw new Error('Já existe um formulário aberto');
    modalSequence += 1;
    const id = `modal-${modalSequence}`;
    const src = withHostParams(new URL(options.url), state.mode, hostOrigin, config.sdkPath);
    const overlay = showModalOverlay(options, src, () => endModal(MODAL_CANCELLED));
    const frame = overlay.frame.contentWindow;
    if (!frame) {
      overlay.remove();
      throw new Error('Não foi possível abrir o formulário');
    }
    connector.register(frame, 'modal', id);
    overlay.frame.addEventListener('load', () => connector.announce(frame));
    modal = { id, opener, overlay, frame };
    return id;
  },
  closeModal(modalId: string, result: ModalResult): void {
    if (modal?.id === modalId) endModal(result);
  },
  onRefused: (total) => topBar.setRefused(total),
});

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
const panel = el('aside', { className: 'panel', attrs: { 'aria-label': 'Painel CRM' } }, [
  el('header', { className: 'panel-header' }, [
    el('span', { className: 'panel-title', text: 'CRM' }),
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
  if (panelFrame?.contentWindow) connector.unregister(panelFrame.contentWindow);
  const frame = el('iframe', {
    className: 'panel-frame',
    attrs: {
      title: 'Painel CRM',
      src: withHostParams(new URL(config.panelUrl), state.mode, hostOrigin, config.sdkPath),
      'data-mode': state.mode,
      'data-user-id': state.identity.userId,
    },
  });
  panelBody.replaceChildren(frame);
  panelFrame = frame;
  const frameWindow = frame.contentWindow;
  if (!frameWindow) return;
  connector.register(frameWindow, 'panel');
  frame.addEventListener('load', () => connector.announce(frameWindow));
}

function openAttendance(item: SimAttendance): void {
  if (state.open?.attendance.atendimentoId === item.attendance.atendimentoId) return;
  state.open = item;
  connector.emit({ event: 'attendanceOpen', payload: item.attendance });
  render();
}

function closeAttendance(item: SimAttendance): void {
  state.open = null;
  connector.emit({ event: 'attendanceClose', payload: item.attendance });
  render();
}

function render(): void {
  renderAttendanceList(sidebar, {
    attendances: tenantAttendances(),
    channels: tenantChannels(),
    openId: state.open?.attendance.atendimentoId ?? null,
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
  ],
  onIdentity(userId) {
    const identity = config.identities.find((i) => i.userId === userId);
    if (!identity) return;
    state.identity = identity;
    state.open = null;
    updateUrl();
    render();
    mountPanel();
  },
  onMode(mode) {
    state.mode = mode;
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
renderWidth();
render();
mountPanel();
