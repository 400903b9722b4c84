// Environment that keeps Nx offline, daemon-less, prompt-less and inside the workspace.
const path = require('path');

const root = path.resolve(__dirname, '../..');

function workspaceEnv(extra = {}) {
  return {
    ...process.env,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_TUI: 'false',
    NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '',
    NX_SOCKET_DIR: path.join(root, '.nx/sockets'),
    NX_NATIVE_FILE_CACHE_DIRECTORY: path.join(root, '.nx/native-cache'),
    NX_INTERACTIVE: 'false',
    FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
    ...extra,
  };
}

module.exports = { workspaceEnv, root };
