import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { PageWrapper, PanelThemeProvider } from '@crm-panel/ui';
import { MainPanel } from '../layout/MainPanel';
import { RemoteModule } from '../federation/RemoteModule';

function CredentialsSetupRoute() {
  const navigate = useNavigate();
  return (
    <RemoteModule
      id="credentials/CredentialsNeeded"
      label="Credenciais"
      props={{ onConfigure: () => navigate('/credentials-setup-modal') }}
    />
  );
}

export function App() {
  return (
    <PanelThemeProvider>
      <BrowserRouter>
        <PageWrapper>
          <Routes>
            <Route path="/credentials-setup" element={<CredentialsSetupRoute />} />
            <Route path="*" element={<MainPanel contactId={null} />} />
          </Routes>
        </PageWrapper>
      </BrowserRouter>
    </PanelThemeProvider>
  );
}
