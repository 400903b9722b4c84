import styled from 'styled-components';
import type { CredentialsNeededProps } from '@crm-panel/contracts';

const StyledCard = styled.section`
  max-width: 480px;
  margin: 48px auto;
  padding: 24px;
  border: 1px solid #dde3ec;
  border-radius: 12px;
  background: #fff;
  text-align: center;
`;

/** Shown while the tenant has no CRM credentials. */
export function CredentialsNeeded({ onConfigure }: CredentialsNeededProps) {
  return (
    <StyledCard>
      <h1>Configuração Necessária</h1>
      <p>As credenciais de integração com o RD Station CRM ainda não foram configuradas.</p>
      <button type="button" onClick={onConfigure}>
        Configurar Agora
      </button>
    </StyledCard>
  );
}

export { CredentialsNeeded as default };
