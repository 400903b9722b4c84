import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startE2eStack, type Stack } from './stack';

export interface JourneyWorld {
  readonly stack: Stack;
  readonly browser: Browser;
}

/**
 * The whole product on its own stack, made ready by `prepare`, and a browser: started before the
 * file's tests, both stopped after them. Read `stack` and `browser` inside the tests.
 */
export function journeyWorld(
  prepare: (stack: Stack) => Promise<unknown>,
  /** The api's environment for this file (e.g. a knob's value), on top of the stack's. */
  env?: Record<string, string>,
): JourneyWorld {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    stack = await startE2eStack(env);
    await prepare(stack);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  return {
    get stack() {
      return started(stack, 'a pilha');
    },
    get browser() {
      return started(browser, 'o navegador');
    },
  };
}

/** A world's part set up in beforeAll; read before it, a clear error instead of undefined. */
export function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} ainda não começou (beforeAll)`);
  return value;
}
