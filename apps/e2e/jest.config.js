module.exports = {
  displayName: 'e2e',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testEnvironment: 'node',
  testTimeout: 90000,
  // With the preset's: the worker's shared world started before a file's own hooks.
  setupFilesAfterEnv: ['<rootDir>/src/support/worldFirst.ts'],
  // Two journeys at once (each its own stack, ports and browser; see support/stack.ts): the
  // suite's time halves on CI's 2 cores. E2E_WORKERS=1 runs them one by one.
  maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
};
