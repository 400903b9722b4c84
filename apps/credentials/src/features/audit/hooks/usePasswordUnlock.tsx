import { type ReactNode, useState } from 'react';
import {
  type AuditAccess,
  getErrorCode,
  getErrorMessage,
  isHttpStatus,
} from '@crm-panel/api-client';
import { Alert, InlineError } from '@crm-panel/ui';
import { AuditPasswordPrompt } from '@credentials/features/audit/components/AuditPasswordPrompt';

/** A read of an admin screen (a react-query result): whether it failed, why, and how to retry. */
export interface AdminRead {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The screen's own words: its load error, and the password prompt's intro and button. */
export interface AdminReadTexts {
  loadError: string;
  passwordIntro: string;
  unlock: string;
}

export interface PasswordUnlock {
  /** What the screen's reads send: the security password once typed. */
  access: AuditAccess;
  /** Counts the passwords typed, so each one reads again (part of the reads' keys). */
  attempt: number;
  /** Whether the read waits for the security password (asked for, or the one typed refused). */
  needsPassword: (read: AdminRead) => boolean;
  /**
   * What a failed read shows instead of its content: the password prompt (with the api's refusal
   * of the one typed), the api's own refusal (an attendant's 403), or 'Tentar novamente'; null
   * while the read has not failed.
   */
  failure: (read: AdminRead, texts: AdminReadTexts) => ReactNode;
}

/**
 * The admin screens' gate (the change history, the Novus diagnostics): who may read them is the
 * api's call; a host that signs nothing is asked for the integration's security password, which
 * then goes with every read of the screen.
 */
export function usePasswordUnlock(): PasswordUnlock {
  const [password, setPassword] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const needsPassword = (read: AdminRead) => {
    if (!read.isError) return false;
    const code = getErrorCode(read.error);
    // A password typed and refused comes back as a plain 403 (the api's wrong-password message).
    return (
      code === 'security_password_required' ||
      (password !== null && isHttpStatus(read.error, 403) && code === null)
    );
  };

  const failure = (read: AdminRead, texts: AdminReadTexts): ReactNode => {
    if (needsPassword(read))
      return (
        <AuditPasswordPrompt
          texts={texts}
          error={password === null ? null : getErrorMessage(read.error, texts.loadError)}
          onSubmit={(value) => {
            setPassword(value);
            setAttempt((previous) => previous + 1);
          }}
        />
      );
    if (!read.isError) return null;
    if (isHttpStatus(read.error, 403))
      return <Alert tone="warning">{getErrorMessage(read.error, texts.loadError)}</Alert>;
    return <InlineError message={texts.loadError} onRetry={() => void read.refetch()} />;
  };

  return { access: { securityPassword: password }, attempt, needsPassword, failure };
}
