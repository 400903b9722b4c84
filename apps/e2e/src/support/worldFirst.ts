// Runs before each journey file's own hooks (jest.config.js, setupFilesAfterEnv): the worker's
// world (support/worldServer.ts) up first, under a time limit of its own. The first file of a
// worker pays the world's start (tsx, the sandbox, host-sim, 7 static servers, Chromium), which on
// a loaded 2-core machine took longer than the 90 s a file's beforeAll gets; the file's own hooks
// then find it running.
import { worldStarted } from './stack';

beforeAll(() => worldStarted(), 150_000);
