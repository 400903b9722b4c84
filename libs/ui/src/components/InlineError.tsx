import { Alert } from './Alert';
import { Button } from './Button';

export interface InlineErrorProps {
  message: string;
  onRetry: () => void;
  className?: string;
}

/** Error banner for a failed load, with a 'Tentar novamente' button. */
export function InlineError({ message, onRetry, className }: InlineErrorProps) {
  return (
    <Alert
      tone="error"
      className={className}
      action={
        <Button variant="secondary" size="sm" icon="refresh" onClick={onRetry}>
          Tentar novamente
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
