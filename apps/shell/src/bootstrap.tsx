import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '@crm-panel/api-client';
import { connectHost } from '@crm-panel/host-bridge';
import { App } from './app/App';
import { fetchRuntimeManifest, readBaselineMode } from './federation/runtimeManifest';
import { registerManifestRemotes } from './federation/remoteLoader';
import { getIdentity } from './identity/identity';

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root ausente em index.html');
const root = createRoot(container);

async function start() {
  const manifest = await fetchRuntimeManifest();
  registerManifestRemotes(manifest);
  configureApiClient({
    baseURL: manifest.apiBaseUrl,
    getIdentity,
    // The bench's baseline (same build): the spec's calls one after another.
    sequential: readBaselineMode(window) === 'sequential',
  });
  const adapter = await connectHost(window, { allowedHostOrigins: manifest.hostOrigins });
  root.render(
    <StrictMode>
      <App adapter={adapter} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  root.render(
    <p role="alert" style={{ padding: 16, fontFamily: 'system-ui, sans-serif' }}>
      Não foi possível iniciar o painel: a configuração dos módulos não pôde ser lida. Recarregue a
      página; se o erro continuar, fale com o administrador.
    </p>,
  );
});
