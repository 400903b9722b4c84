import styled from 'styled-components';
import type { CredentialsNeededProps } from '@crm-panel/contracts';
import { Button, Card, Logo } from '@crm-panel/ui';

const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[4]};
  text-align: center;
`;

const StyledTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
`;

/** Shown while the tenant has no CRM credentials. */
export function CredentialsNeeded({ onConfigure }: CredentialsNeededProps) {
  return (
    <Card>
      <StyledBody>
        <Logo size="medium" />
        <StyledTitle>Configuração Necessária</StyledTitle>
        <p>As credenciais de integração com o RD Station CRM ainda não foram configuradas.</p>
        <Button variant="primary" onClick={onConfigure}>
          Configurar Agora
        </Button>
      </StyledBody>
    </Card>
  );
}

export { CredentialsNeeded as default };
