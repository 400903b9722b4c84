import { Alert } from '@ui/components/Alert';

export interface FormErrorBannerProps {
  message?: string | null;
  onClose?: () => void;
  className?: string;
}

/** The form-level error shown above a form; nothing when there is no message. */
export function FormErrorBanner({ message, onClose, className }: FormErrorBannerProps) {
  if (!message) return null;
  return (
    <Alert tone="error" onClose={onClose} className={className}>
      {message}
    </Alert>
  );
}
