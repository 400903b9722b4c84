import fs from 'node:fs';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import { type IssuerConfig } from '@api/config';
import { type SessionRole } from '@api/db/repositories/panelSessionsRepository';

export const DEFAULT_AUDIENCE = 'crm-panel';
/** Assertions live 5 minutes at most (exp − iat), with 30 s of clock skew allowed. */
export const MAX_ASSERTION_LIFE_S = 300;
const CLOCK_TOLERANCE_S = 30;

/** What a verified host assertion says. */
export interface VerifiedAssertion {
  issuer: string;
  userId: string;
  systemKey: string;
  role: SessionRole;
  jti: string;
  /** Optional claim `email`: the attendant's e-mail as the host knows it, lower case. */
  email: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

/** A plain address (one `@`, no spaces, ≤ 254 chars): anything else in `email` is a bad claim. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

function emailClaim(value: unknown): string | null | undefined {
  if (value === undefined) return null;
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return email.length <= 254 && EMAIL.test(email) ? email : undefined;
}

export type AssertionFailure =
  'malformed' | 'unknown-issuer' | 'signature' | 'expired' | 'claims' | 'too-long';

export class AssertionError extends Error {
  readonly reason: AssertionFailure;
  constructor(reason: AssertionFailure) {
    super(`assertion refused: ${reason}`);
    this.name = 'AssertionError';
    this.reason = reason;
  }
}

function keySetOf(issuer: IssuerConfig): JWTVerifyGetKey {
  if (issuer.jwks) return createLocalJWKSet(issuer.jwks as unknown as JSONWebKeySet);
  if (issuer.jwksFile)
    return createLocalJWKSet(JSON.parse(fs.readFileSync(issuer.jwksFile, 'utf8')) as JSONWebKeySet);
  if (issuer.jwksUrl)
    return createRemoteJWKSet(new URL(issuer.jwksUrl), {
      timeoutDuration: 5000,
      // A host that rotated its key is believed again within seconds.
      cooldownDuration: 5_000,
    });
  throw new Error(`O emissor '${issuer.issuer}' não tem chaves (jwks, jwksFile ou jwksUrl).`);
}

function peekIssuer(token: string): string | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const payload = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as {
      iss?: unknown;
    };
    return typeof payload.iss === 'string' ? payload.iss : null;
  } catch {
    return null;
  }
}

/** Verifies host assertions against the registered issuers' keys (jose). */
export function createAssertionVerifier(issuers: IssuerConfig[], now: () => number) {
  const keySets = new Map<string, JWTVerifyGetKey>();
  const byIssuer = new Map(issuers.map((issuer) => [issuer.issuer, issuer]));

  const keySet = (issuer: IssuerConfig): JWTVerifyGetKey => {
    let set = keySets.get(issuer.issuer);
    if (!set) {
      set = keySetOf(issuer);
      keySets.set(issuer.issuer, set);
    }
    return set;
  };

  return {
    async verify(token: string): Promise<VerifiedAssertion> {
      if (token.length > 8192 || token.split('.').length !== 3)
        throw new AssertionError('malformed');
      const iss = peekIssuer(token);
      const issuer = iss ? byIssuer.get(iss) : undefined;
      if (!issuer) throw new AssertionError('unknown-issuer');
      let payload;
      try {
        ({ payload } = await jwtVerify(token, keySet(issuer), {
          issuer: issuer.issuer,
          audience: issuer.audience ?? DEFAULT_AUDIENCE,
          algorithms: ['EdDSA', 'RS256'],
          requiredClaims: ['sub', 'exp', 'iat', 'jti'],
          clockTolerance: CLOCK_TOLERANCE_S,
          currentDate: new Date(now()),
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw new AssertionError('expired');
        if (error instanceof joseErrors.JWTClaimValidationFailed)
          throw new AssertionError('claims');
        if (
          error instanceof joseErrors.JWSSignatureVerificationFailed ||
          error instanceof joseErrors.JWKSNoMatchingKey
        )
          throw new AssertionError('signature');
        throw new AssertionError('malformed');
      }
      const { sub, tenant, role, jti, exp, iat } = payload as Record<string, unknown>;
      const email = emailClaim((payload as Record<string, unknown>).email);
      if (
        email === undefined ||
        typeof sub !== 'string' ||
        sub === '' ||
        typeof tenant !== 'string' ||
        tenant === '' ||
        (role !== 'admin' && role !== 'attendant') ||
        typeof jti !== 'string' ||
        jti === '' ||
        typeof exp !== 'number' ||
        typeof iat !== 'number'
      )
        throw new AssertionError('claims');
      if (
        exp - iat > MAX_ASSERTION_LIFE_S ||
        exp * 1000 - now() > (MAX_ASSERTION_LIFE_S + CLOCK_TOLERANCE_S) * 1000
      )
        throw new AssertionError('too-long');
      return {
        issuer: issuer.issuer,
        userId: sub,
        systemKey: tenant,
        role,
        jti,
        email,
        expiresAt: exp * 1000,
      };
    },
  };
}

export type AssertionVerifier = ReturnType<typeof createAssertionVerifier>;
