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
