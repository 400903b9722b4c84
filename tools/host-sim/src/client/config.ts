import { type HostSimPageConfig, type IntegrationMode } from '../world/types.js';

export function readConfig(): HostSimPageConfig {
  const element = document.getElementById('host-sim-config');
  if (!element?.textContent) throw new Error('Configuração do simulador ausente na página');
  return JSON.parse(element.textContent) as HostSimPageConfig;
}

export const MODE_PARAM = 'modo';
export const USER_PARAM = 'usuario';

export function modeFrom(value: string | null, fallback: IntegrationMode): IntegrationMode {
  return value === 'global' || value === 'postMessage' || value === 'novus' ? value : fallback;
}
