import styled from 'styled-components';
import { Button } from '@crm-panel/ui';
import { CenteredPanel } from '@credentials/features/shared/components/CenteredPanel';
import { TEXTS } from '@credentials/features/shared/texts';

export interface CredentialsNeededCardProps {
  onConfigure: () => void;
}

const StyledActions = styled.div`
  display: flex;
  justify-content: center;
`;

/** 'Configuração Necessária' with 'Configurar Agora' (PRODUCT.md §2, credentials-needed page). */
export function CredentialsNeededCard({ onConfigure }: CredentialsNeededCardProps) {
  return (
    <CenteredPanel title={TEXTS.setup.title} intro={TEXTS.setup.description}>
      <StyledActions>
        <Button variant="primary" size="lg" icon="settings" onClick={onConfigure}>
          {TEXTS.setup.configure}
        </Button>
      </StyledActions>
    </CenteredPanel>
  );
}
