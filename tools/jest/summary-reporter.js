// Writes each Jest run's counts to test-results/summary/<project root>.json, so `npm test` can
// close with one honest total (and Nx restores the file with a cached result).
const fs = require('fs');
const path = require('path');

const workspaceRoot = path.resolve(__dirname, '../..');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const relative = path.relative(workspaceRoot, this.rootDir) || 'root';
    const file = path.join(workspaceRoot, 'test-results/summary', `${relative}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      JSON.stringify({
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
      }),
    );
  }
}

module.exports = SummaryReporter;
