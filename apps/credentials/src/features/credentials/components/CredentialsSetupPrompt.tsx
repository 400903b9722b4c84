import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from '@crm-panel/contracts/router';
import { credentialsStatusQueryOptions } from '@crm-panel/api-client';
import { useConfigureCredentials } from '../hooks/useConfigureCredentials';
import { CredentialsNeededCard } from './CredentialsNeededCard';

/**
 * /credentials-setup: 'Configuração Necessária'; 'Configurar Agora' opens the form. A tenant that
 * is configured meanwhile (another administrator, another window) goes straight on.
 */
export function CredentialsSetupPrompt() {
  const configure = useConfigureCredentials();
  const navigate = useNavigate();
  const status = useQuery(credentialsStatusQueryOptions());
  const configured = status.data?.configured === true;

  useEffect(() => {
    if (configured) navigate('/rdstation-login-prompt', { replace: true });
  }, [configured, navigate]);

  return <CredentialsNeededCard onConfigure={configure} />;
}
