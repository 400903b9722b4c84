import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  portsWithOffset,
  startStack,
  type ServiceName,
  type Stack,
} from '../../../../tools/scripts/stack';

/**
 * Journeys run on ports shifted by 1000 (E2E_PORT_OFFSET to change it, e.g. for two runs at
 * once), so a running `npm start` is never in the way. Each jest worker adds 20 more
 * (JEST_WORKER_ID 1, 2, …), so two journeys running at once never share a port.
 */
export const E2E_PORTS = portsWithOffset(
  Number(process.env.E2E_PORT_OFFSET ?? 1000) + (Number(process.env.JEST_WORKER_ID ?? 1) - 1) * 20,
);

/**
 * The whole product on its own fresh SQLite file (or the database `env.DATABASE_URL` names);
 * stopped (and its data folder removed) by `stop`. `env` goes to the node services.
 */
export async function startE2eStack(
  services?: ServiceName[],
  env: Record<string, string> = {},
): Promise<Stack & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-panel-e2e-'));
  const stack = await startStack({
    ports: E2E_PORTS,
    quiet: true,
    services,
    // Journeys open many browser contexts a minute, each earning its own session; the limit
    // itself is proven in the api's tests.
    env: { DATA_DIR: dataDir, SESSION_STARTS_PER_MINUTE: '100000', ...env },
  });
  return {
    ...stack,
    dataDir,
    stop: async () => {
      await stack.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type { Stack, ServiceName };
