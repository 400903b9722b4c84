import { type FastifyRequest } from 'fastify';
import { ApiError, identityError } from '@api/errors';
import { sessionOf } from '@api/identity/authenticate';
import { API_MESSAGES } from '@api/messages';
import { passSecurityPassword } from '@api/security/passwordGate';
import { type Services } from '@api/services';

/** The header a session of a host that signs nothing sends its security password in. */
export const SECURITY_PASSWORD_HEADER = 'x-security-password';

/**
 * Only the tenant's admins pass. A host-signed session: role 'admin'. A session of a host that
 * signs nothing: the credentials manager's own gate, the integration's security password, sent
 * with each call (failures count towards the tenant's password attempts; too many → 429).
 * `texts` are the refusals as the screen behind the gate words them.
 */
export async function requireTenantAdmin(
  request: FastifyRequest,
  services: Services,
  texts: { adminRequired: string; passwordRequired: string },
): Promise<void> {
  const session = sessionOf(request);
  if (session.method === 'assertion') {
    if (session.role !== 'admin') throw identityError(403, 'admin_required', texts.adminRequired);
    return;
  }
  const { repos, config } = services;
  const password = request.headers[SECURITY_PASSWORD_HEADER];
  if (typeof password !== 'string' || password === '')
    throw identityError(403, 'security_password_required', texts.passwordRequired);
  const stored = await repos.credentials.get(session.systemKey);
  if (!stored) throw new ApiError(428, API_MESSAGES.credentialsNotConfigured);
  await passSecurityPassword(
    repos.passwordGuards,
    config,
    request.log,
    session.systemKey,
    password,
    stored.passwordHash,
  );
}
