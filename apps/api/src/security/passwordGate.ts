import { type FastifyBaseLogger } from 'fastify';
import { type PasswordGuardsRepository } from '@api/db/repositories/passwordGuardsRepository';
import { ApiError } from '@api/errors';
import { API_MESSAGES } from '@api/messages';
import { verifyPassword } from './password';

export interface PasswordGateConfig {
  passwordMaxAttempts: number;
  passwordWindowMs: number;
}

/**
 * The one gate of the integration's security password (removal and audit trail alike): the try is
 * counted before it is compared (one atomic statement, shared by every api process); past
 * `passwordMaxAttempts` failures inside the window it is refused with 429 without comparing, even
 * when right; a right password takes its count back.
 */
export async function passSecurityPassword(
  guards: PasswordGuardsRepository,
  config: PasswordGateConfig,
  log: FastifyBaseLogger,
  systemKey: string,
  password: string,
  passwordHash: string,
): Promise<void> {
  const failures = await guards.reserve(systemKey, config.passwordWindowMs);
  if (failures > config.passwordMaxAttempts) {
    log.warn({ systemKey }, 'senha de segurança bloqueada: tentativas demais');
    throw new ApiError(429, API_MESSAGES.tooManyPasswordAttempts, {
      'retry-after': String(Math.ceil(config.passwordWindowMs / 1000)),
    });
  }
  if (!(await verifyPassword(password, passwordHash))) {
    log.warn({ systemKey }, 'senha de segurança incorreta');
    throw new ApiError(403, API_MESSAGES.wrongSecurityPassword);
  }
  await guards.release(systemKey);
}
