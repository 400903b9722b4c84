import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { MainPanel } from '../layout/MainPanel';
import { RemoteModule } from '../federation/RemoteModule';

const StyledPage = styled.div`
  box-sizing: border-box;
  width: 90%;
  max-width: 1400px;
  margin: 0 auto;
  padding: 16px 0 32px;
`;

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
    <BrowserRouter>
      <StyledPage>
        <Routes>
          <Route path="/credentials-setup" element={<CredentialsSetupRoute />} />
          <Route path="*" element={<MainPanel contactId={null} />} />
        </Routes>
      </StyledPage>
    </BrowserRouter>
  );
}
