import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { runtimeConfig, startStack } from '../../../../tools/scripts/stack';
import { type TestPostgres, startTestPostgres } from '@crm-panel/test-postgres';
import { launchBrowser, trackPageErrors } from './browser';
import { HostSim, type OpenedHostSim } from './hostSim';
import { started } from './journeyWorld';
import { E2E_PORTS, startE2eStack, type Stack } from './stack';

/** Api process B listens this far above process A (inside the worker's band of 20 ports). */
const SECOND_API_SHIFT = 10;

export interface TwoApisWorld {
  /** The whole product, its api being process A. */
  readonly stack: Stack;
  /** The base URL of api process B, on the same PostgreSQL database as A. */
  readonly secondApiUrl: string;
  readonly browser: Browser;
}

/**
 * One PostgreSQL database (a throwaway cluster), the whole product with api
 * process A on it, and api process B on the same database: two deployments of one api. `prepare`
 * readies the tenant through A. Everything is stopped after the file's tests.
 */
export function twoApisWorld(prepare: (stack: Stack) => Promise<unknown>): TwoApisWorld {
  let postgres: TestPostgres | undefined;
  let stack: (Stack & { dataDir: string }) | undefined;
  let second: Stack | undefined;
  let browser: Browser | undefined;
  const secondPorts = { ...E2E_PORTS, api: E2E_PORTS.api + SECOND_API_SHIFT };
  beforeAll(async () => {
    postgres = await startTestPostgres();
    const env = {
      DATABASE_URL: await postgres.createDatabase(),
      // Both processes open the same sealed CRM tokens.
      APP_SECRET_KEY: randomBytes(32).toString('hex'),
    };
    stack = await startE2eStack(env);
    second = await startStack({
      ports: secondPorts,
      quiet: true,
      services: ['api'],
      env: { DATA_DIR: stack.dataDir, SESSION_STARTS_PER_MINUTE: '100000', ...env },
    });
    await prepare(stack);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await second?.stop();
    await stack?.stop();
    await postgres?.stop();
  });
  return {
    get stack() {
      return started(stack, 'a pilha');
    },
    get secondApiUrl() {
      started(second, 'o segundo api');
      return `http://localhost:${secondPorts.api}`;
    },
    get browser() {
      return started(browser, 'o navegador');
    },
  };
}

/**
 * host-sim for `usuario` with a panel whose api is `apiUrl`: the shell's runtime configuration
 * (what a deployment serves) names that api instead of the stack's.
 */
export async function openHostSimOnApi(
  browser: Browser,
  stack: Stack,
  usuario: string,
  apiUrl: string,
): Promise<OpenedHostSim> {
  const page: Page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
  const errors = trackPageErrors(page);
  await page.route(`${stack.url('shell')}/runtime-config.json`, (route) =>
    route.fulfill({ json: { ...runtimeConfig(stack.ports), apiBaseUrl: apiUrl } }),
  );
  const sim = new HostSim(page, stack);
  await sim.open(usuario);
  return { sim, page, errors };
}
