import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PanelThemeProvider } from '@crm-panel/ui';
import { StandaloneApp } from './standalone/StandaloneApp';
import { startMockApi } from './standalone/startMockApi';

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root ausente em index.html');
const root = createRoot(container);

startMockApi().then(
  () =>
    root.render(
      <StrictMode>
        <PanelThemeProvider>
          <StandaloneApp />
        </PanelThemeProvider>
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error(error);
    container.textContent = 'Não foi possível iniciar a api simulada desta página.';
  },
);
