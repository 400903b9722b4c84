import { type HostSimPageConfig, type IntegrationMode } from '../world/types.js';

export function readConfig(): HostSimPageConfig {
  const element = document.getElementById('host-sim-config');
  if (!element?.textContent) throw new Error('Configuração do simulador ausente na página');
  return JSON.parse(element.textContent) as HostSimPageConfig;
}

export const MODE_PARAM = 'modo';
export const USER_PARAM = 'usuario';
/**
 * `?mensagensPeloProxy=1` (Novus mode): the plugin URL also carries `hostChatMessages`, so the
 * panel reads chat messages through apiRequest instead of its api (README 'Novus (plugin)').
 */
export const CHAT_VIA_PROXY_PARAM = 'mensagensPeloProxy';

export function modeFrom(value: string | null, fallback: IntegrationMode): IntegrationMode {
  return value === 'global' || value === 'postMessage' || value === 'novus' ? value : fallback;
}

/** Novus mode's knobs, one per reading the example leaves open (README 'Novus (plugin)'). */
export const NOVUS_KNOB_PARAMS = {
  replyKey: 'novusResposta',
  answerDelayMs: 'novusDemoraMs',
  userShape: 'novusUsuario',
  attendanceShape: 'novusAtendimento',
  modalRegisters: 'novusModalRegistra',
  modalUrlWithParams: 'novusModalParametros',
  proxyError: 'novusProxyErro',
  iconAliases: 'novusIconeAliases',
} as const;

/**
 * `?novusOrigem=outra` (Novus mode): the plugin URL's `hostOrigin` names the other loopback
 * origin (localhost ↔ 127.0.0.1), not the page's own: an account registered with a wrong origin.
 * The panel posts to an origin that is not its parent, and the browser drops every message.
 */
export const NOVUS_ORIGIN_PARAM = 'novusOrigem';

/** The same address at the other loopback name (localhost ↔ 127.0.0.1). */
export function otherLoopbackOrigin(origin: string): string {
  const url = new URL(origin);
  url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return url.origin;
}
/**
 * `?novusMoldura=` (Novus mode): the panel frame's `sandbox`. The example shows a plugin as "uma
 * página web comum … que roda dentro de um iframe do Novus CRM" and never the iframe's
 * attributes, so the stricter reading is the default: a frame that may open no window nor send
 * the host's page elsewhere ('fechada'). `sem-janelas` allows the latter on a click; `livre`, no
 * sandbox at all (windows and navigation allowed).
 */
export const NOVUS_FRAME_PARAM = 'novusMoldura';
export type NovusFrameReading = 'livre' | 'sem-janelas' | 'fechada';
/** What a sandboxed panel frame keeps: its scripts, its own origin (storage, api calls), forms. */
const FRAME_BASICS = 'allow-scripts allow-same-origin allow-forms allow-modals';
/**
 * The panel frame's `sandbox` attribute per reading: 'sem-janelas' opens no window (no
 * allow-popups) but may send the whole page elsewhere on a click; 'fechada' may do neither.
 */
export const NOVUS_FRAME_SANDBOX: Record<NovusFrameReading, string | null> = {
  livre: null,
  'sem-janelas': `${FRAME_BASICS} allow-top-navigation-by-user-activation`,
  fechada: FRAME_BASICS,
};

export function novusFrameFrom(value: string | null): NovusFrameReading {
  return value === 'livre' || value === 'sem-janelas' ? value : 'fechada';
}

/** `?origemExtra=1`: a button posts a message to the panel from another origin. */
export const UNEXPECTED_ORIGIN_PARAM = 'origemExtra';
/** The panel iframe's name: how a page of another origin finds it (`?origemExtra=1`). */
export const PANEL_FRAME_NAME = 'painel-crm';
/** A page at the other loopback origin that posts a stray message to the panel frame. */
export const UNEXPECTED_ORIGIN_PATH = '/sim/origem-inesperada';
