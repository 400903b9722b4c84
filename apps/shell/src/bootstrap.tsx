import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { fetchRuntimeManifest } from './federation/runtimeManifest';
import { registerManifestRemotes } from './federation/remoteLoader';

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root ausente em index.html');
const root = createRoot(container);

fetchRuntimeManifest()
  .then((manifest) => {
    registerManifestRemotes(manifest);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(
      <p role="alert" style={{ padding: 16 }}>
        Não foi possível iniciar o painel: a configuração dos módulos não pôde ser lida. Recarregue
        a página; se o erro continuar, fale com o administrador.
      </p>,
    );
  });
