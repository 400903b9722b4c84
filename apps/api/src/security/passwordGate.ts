import { type FastifyBaseLogger } from 'fastify';
import { type PasswordGuardsRepository } from '@api/db/repositories/passwordGuardsRepository';
import { ApiError } from '@api/errors';
import { API_MESSAGES } from '@api/messages';
import { verifyPassword } from './password';

export interface PasswordGateConfig {
  passwordMaxAttempts: number;
  passwordWindowMs: number;
}

/** A secret a person types (the security password, the operator's setup code) and its texts. */
export interface GuardedSecret {
  /** The guard's count: one per tenant and kind of secret. */
  guardKey: string;
  /** Whether what was typed is right (and still usable). */
  verify(): Promise<boolean>;
  /** The pt-BR answer once the window's tries are spent (429). */
  lockedMessage: string;
  /** The pt-BR answer to a wrong try (403). */
  wrongMessage: string;
  /** What the log lines call it. */
  logName: string;
}

/**
 * The one gate of a typed secret: the try is counted before it is compared (one atomic statement,
 * shared by every api process); past `passwordMaxAttempts` failures inside the window it is
 * refused with 429 without comparing, even when right; a right try takes its count back.
 */
export async function passGuardedSecret(
  guards: PasswordGuardsRepository,
  config: PasswordGateConfig,
  log: FastifyBaseLogger,
  systemKey: string,
  secret: GuardedSecret,
): Promise<void> {
  const failures = await guards.reserve(secret.guardKey, config.passwordWindowMs);
  if (failures > config.passwordMaxAttempts) {
    log.warn({ systemKey }, `${secret.logName} bloqueada: tentativas demais`);
    throw new ApiError(429, secret.lockedMessage, {
      'retry-after': String(Math.ceil(config.passwordWindowMs / 1000)),
    });
  }
  if (!(await secret.verify())) {
    log.warn({ systemKey }, `${secret.logName} recusada`);
    throw new ApiError(403, secret.wrongMessage);
  }
  await guards.release(secret.guardKey);
}

/** The integration's security password (removal, audit trail, Novus diagnostics alike). */
export function passSecurityPassword(
  guards: PasswordGuardsRepository,
  config: PasswordGateConfig,
  log: FastifyBaseLogger,
  systemKey: string,
  password: string,
  passwordHash: string,
): Promise<void> {
  return passGuardedSecret(guards, config, log, systemKey, {
    guardKey: systemKey,
    verify: () => verifyPassword(password, passwordHash),
    lockedMessage: API_MESSAGES.tooManyPasswordAttempts,
    wrongMessage: API_MESSAGES.wrongSecurityPassword,
    logName: 'senha de segurança',
  });
}
