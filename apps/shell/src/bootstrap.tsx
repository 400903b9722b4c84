import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectHost, isNovusPanelAdapter } from '@crm-panel/host-bridge';
import { App } from './app/App';
import { fetchRuntimeManifest } from './federation/runtimeManifest';
import { registerManifestRemotes } from './federation/remoteLoader';
import {
  applyRemoteOverrides,
  clearRemoteOverrides,
  readRemoteOverrides,
} from './federation/remoteOverrides';
import { configurePanelApi } from './identity/configurePanelApi';
import { startNovusTenantSync } from './novus/novusTenantSync';

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root ausente em index.html');
const root = createRoot(container);

async function start() {
  const deployed = await fetchRuntimeManifest();
  // A developer's overrides in this browser, for the origins the operator allows (never the URL).
  const overrides = readRemoteOverrides(window.localStorage, deployed.overrideOrigins);
  const manifest = applyRemoteOverrides(deployed, overrides);
  // Read again when a remote not in use yet loads later, so the page follows a deploy.
  registerManifestRemotes(manifest, async () =>
    applyRemoteOverrides(await fetchRuntimeManifest(), overrides),
  );
  // The host first: the api client asks it for identity assertions to earn its session.
  // In a Novus frame the user info waits for the tenant's field mapping (novusTenantSync below).
  const adapter = await connectHost(window, {
    allowedHostOrigins: manifest.hostOrigins,
    awaitNovusTenantMapping: true,
  });
  configurePanelApi({ apiBaseUrl: manifest.apiBaseUrl, adapter });
  // In a Novus frame: the tenant's field mapping, and the diagnostics its admins read.
  if (isNovusPanelAdapter(adapter)) startNovusTenantSync(adapter);
  root.render(
    <StrictMode>
      <App
        adapter={adapter}
        overrides={overrides}
        onClearOverrides={() => {
          clearRemoteOverrides(window.localStorage);
          window.location.reload();
        }}
      />
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
