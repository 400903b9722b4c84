import { useNavigate } from '@crm-panel/contracts/router';
import { Button, Card, NoContactState } from '@crm-panel/ui';

export interface LinkingUnavailableProps {
  /** A chat is open but has no contact to link; otherwise no chat is open. */
  hasAttendance: boolean;
}

/** Nothing to link: the panel's one no-contact message, and the way back. */
export function LinkingUnavailable({ hasAttendance }: LinkingUnavailableProps) {
  const navigate = useNavigate();
  return (
    <Card aria-label="Vincular contato">
      <NoContactState
        hasAttendance={hasAttendance}
        action={
          <Button variant="secondary" onClick={() => navigate('/')}>
            Voltar ao painel
          </Button>
        }
      />
    </Card>
  );
}
