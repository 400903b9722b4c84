import styled from 'styled-components';
import { Button } from '@crm-panel/ui';
import { CenteredPanel } from '../../shared/components/CenteredPanel';
import { TEXTS } from '../../shared/texts';

export interface CredentialsNeededCardProps {
  onConfigure: () => void;
}

const StyledActions = styled.div`
  display: flex;
  justify-content: center;
`;

/** 'Configuração Necessária' with 'Configurar Agora' (spec §2, credentials-needed page). */
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
