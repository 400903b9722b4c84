// The system Chromium (Debian's package) and the flags every headless run here starts it with:
// nothing downloads a browser, and no run phones home. The journeys (apps/e2e) and the benches
// launch it from here.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

module.exports = { CHROMIUM_PATH, CHROMIUM_ARGS };
