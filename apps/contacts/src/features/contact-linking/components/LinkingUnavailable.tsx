import { useNavigate } from 'react-router-dom';
import { Button, Card, EmptyState } from '@crm-panel/ui';

export interface LinkingUnavailableProps {
  title: string;
  description: string;
}

/** Nothing to link (no chat, or a chat without contact): says why and leads back. */
export function LinkingUnavailable({ title, description }: LinkingUnavailableProps) {
  const navigate = useNavigate();
  return (
    <Card aria-label="Vincular contato">
      <EmptyState
        icon="user"
        title={title}
        description={description}
        action={
          <Button variant="secondary" onClick={() => navigate('/')}>
            Voltar ao painel
          </Button>
        }
      />
    </Card>
  );
}
