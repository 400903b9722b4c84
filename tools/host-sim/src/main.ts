import { HOST_SIM_ISSUER, JWKS_PATH } from './identity/issuer';
import { DEFAULT_API_URL, DEFAULT_PANEL_URL, DEFAULT_PORT, startHostSim } from './server';
import { type IntegrationMode } from './world/types';

// Dev entry: `npx tsx tools/host-sim/src/main.ts` (or `npx nx run host-sim:serve`).

function portFromEnv(): number {
  const raw = process.env.PORT;
  if (raw === undefined || raw.trim() === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0) throw new Error(`PORT inválida: '${raw}'`);
  return port;
}

function modeFromEnv(): IntegrationMode {
  const raw = process.env.HOST_SIM_MODE;
  if (raw === undefined || raw === '' || raw === 'global') return 'global';
  if (raw === 'postMessage' || raw === 'novus') return raw;
  throw new Error(`HOST_SIM_MODE deve ser 'global', 'postMessage' ou 'novus', não '${raw}'`);
}

async function main(): Promise<void> {
  const panelUrl = process.env.PANEL_URL || DEFAULT_PANEL_URL;
  const apiUrl = process.env.API_URL || DEFAULT_API_URL;
  const sim = await startHostSim({
    port: portFromEnv(),
    host: process.env.HOST || '127.0.0.1',
    panelUrl,
    apiUrl,
    defaultMode: modeFromEnv(),
    logger: process.env.HOST_SIM_LOG === '1',
    keyFile: process.env.HOST_SIM_KEY_FILE || undefined,
  });
  const shown = sim.url.replace('127.0.0.1', 'localhost');
  console.log(`host-sim (sistema de atendimento simulado) em ${shown}`);
  console.log(`  Painel:   ${panelUrl}`);
  console.log(`  API:      ${apiUrl}`);
  console.log(`  SDK:      ${shown}/sdk/crm-panel-host.js`);
  console.log(`  Mensagens: GET ${shown}/api/chat/at-1001/messages?channelId=canal-whatsapp-acme`);
  console.log(`  Identidade: emissor ${HOST_SIM_ISSUER}, chaves em ${shown}${JWKS_PATH}`);
  const stop = () => {
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
