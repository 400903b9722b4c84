// Runs before each journey file's own hooks (jest.config.js, setupFilesAfterEnv): the worker's
// world (support/worldServer.ts) up first, under a time limit of its own. The first file of a
// worker pays the world's start (tsx, the sandbox, host-sim, 7 static servers, Chromium), which on
// a loaded 2-core machine took longer than the 90 s a file's beforeAll gets; the file's own hooks
// then find it running.
import type { BrowserContext } from 'playwright-core';
import { closeContextsSince, openContexts } from './browser';
import { worldStarted } from './stack';

beforeAll(() => worldStarted(), 150_000);

// A test that fails before it closes its pages must not leave a live panel in the next ones: it
// would answer their writes' live changes with reads of its own (a CI run counted its deal GET in
// the next test's write). What a test opened closes after it, passed or failed; what a file's
// beforeAll opened stays.
let before = new Set<BrowserContext>();
beforeEach(() => {
  before = openContexts();
});
afterEach(() => closeContextsSince(before));
