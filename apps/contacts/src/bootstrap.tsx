import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PanelThemeProvider } from '@crm-panel/ui';
import { StandalonePage } from './standalone/StandalonePage';

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root ausente em index.html');
createRoot(container).render(
  <StrictMode>
    <PanelThemeProvider>
      <StandalonePage />
    </PanelThemeProvider>
  </StrictMode>,
);
