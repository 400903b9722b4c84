// DOM matchers (toBeInTheDocument, toBeDisabled, ...) for every jsdom suite.
require('@testing-library/jest-dom');

// findBy*/waitFor wait up to 5 s rather than 1 s: on a loaded 2-core CI machine the first render
// of a suite (lazy modules, a cold JIT) can take longer than a second. Tests assert what shows,
// never how fast (times live in the benches), so a longer wait only slows a test that fails.
if (typeof document !== 'undefined') {
  require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
}
