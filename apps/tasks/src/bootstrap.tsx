import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandalonePage } from './standalone/StandalonePage';

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root ausente em index.html');
createRoot(container).render(
  <StrictMode>
    <StandalonePage />
  </StrictMode>,
);
