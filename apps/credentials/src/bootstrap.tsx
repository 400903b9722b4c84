import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createFakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { startMockWorld } from './standalone/mockWorld';
import { StandaloneApp } from './standalone/StandaloneApp';

async function start(container: HTMLElement): Promise<void> {
  // No modal API: forms open in a popup window of this same page, as without a host (PRODUCT.md §1).
  const adapter = createFakeHostAdapter({ modalApi: false });
  const world = await startMockWorld(() => adapter.readUserInfo());
  createRoot(container).render(
    <StrictMode>
      <StandaloneApp adapter={adapter} world={world} />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root ausente em index.html');
start(container).catch((error: unknown) => {
  console.error(error);
  container.textContent = 'Não foi possível iniciar a API simulada desta página.';
});
