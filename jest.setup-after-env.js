/* global expect, jest */
// DOM matchers (toBeInTheDocument, toBeDisabled, ...) for every jsdom suite.
require('@testing-library/jest-dom');

// findBy*/waitFor wait up to 5 s rather than 1 s: on a loaded 2-core CI machine the first render
// of a suite (lazy modules, a cold JIT) can take longer than a second. Tests assert what shows,
// never how fast (times live in the benches), so a longer wait only slows a test that fails.
if (typeof document !== 'undefined') {
  require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
}

// `npm test` runs every project in one `jest --projects` (tools/scripts/checks.js), where Jest
// applies a single global timeout; each test file gets its own project's `testTimeout` (from the
// jest.config.js nearest to it, the preset's when it sets none), as when the project runs alone.
{
  const fs = require('fs');
  const path = require('path');
  let dir = path.dirname(expect.getState().testPath ?? '');
  while (dir !== path.dirname(dir) && !fs.existsSync(path.join(dir, 'jest.config.js'))) {
    dir = path.dirname(dir);
  }
  const config = path.join(dir, 'jest.config.js');
  const preset = require('./jest.preset.js');
  jest.setTimeout((fs.existsSync(config) && require(config).testTimeout) || preset.testTimeout);
}
