import { Alert, Button } from '@crm-panel/ui';
import { HeadedCardPage } from '@shell/app/HeadedCardPage';

/** What the panel says when it cannot tell who is using it (no text of the spec covers it). */
export const IDENTITY_TEXTS = {
  heading: 'Não foi possível identificar você',
  hostMissing:
    'O painel não recebeu da plataforma de atendimento quem é você. Abra o painel pela plataforma de atendimento ou recarregue a página.',
  refusedFallback:
    'A identidade enviada pela plataforma de atendimento não foi aceita. Recarregue o painel.',
  reload: 'Recarregar painel',
} as const;

export interface IdentityProblemProps {
  /** What is wrong and what to do, in pt-BR (the api's own words for a refusal). */
  message: string;
  /** Starts the panel again (default: reloads the page, which asks the host anew). */
  onReload?: () => void;
}

/**
 * The panel's first screen when it does not know who is using it: opened without its host, or
 * with an identity the api refused. Shown before, and instead of, the terms: accepting them
 * could only fail.
 */
export function IdentityProblem({ message, onReload }: IdentityProblemProps) {
  return (
    <HeadedCardPage heading={IDENTITY_TEXTS.heading} centered>
      <Alert tone="error">{message}</Alert>
      <Button icon="refresh" onClick={onReload ?? (() => window.location.reload())}>
        {IDENTITY_TEXTS.reload}
      </Button>
    </HeadedCardPage>
  );
}
