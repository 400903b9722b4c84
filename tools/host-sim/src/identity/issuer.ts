import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type CryptoKey,
  type JWK,
} from 'jose';
import { type HostRole } from '@host-sim/world/types';

// host-sim as an identity issuer: the host signs, in a short-lived JWT, who the attendant is; the
// panel hands that JWT to its backend, which verifies it against the keys published here. A real
// host must do the same (README, 'Identity assertions').

/** `iss` of every assertion host-sim signs. */
export const HOST_SIM_ISSUER = 'urn:crm-panel:host-sim';
/** `aud` of every assertion: the panel's backend. */
export const HOST_SIM_AUDIENCE = 'crm-panel';
/** Signature algorithm (Ed25519). */
export const HOST_SIM_ALG = 'EdDSA';
/** Lifetime of an assertion: exp = iat + 300 s. */
export const ASSERTION_TTL_SECONDS = 300;
/** Where the public keys are served. */
export const JWKS_PATH = '/.well-known/jwks.json';

/** A public key as the JWKS serves it. */
export interface PublicSigningJwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  alg: typeof HOST_SIM_ALG;
  use: 'sig';
}

export interface Jwks {
  keys: PublicSigningJwk[];
}

/** Who the assertion is about. */
export interface AssertionSubject {
  userId: string;
  systemKey: string;
  role: HostRole;
  /** Signed as the optional `email` claim when given. */
  email?: string | null;
}

/** The claims of an assertion (besides the registered ones, `tenant` and `role`). */
export interface IdentityClaims {
  iss: string;
  aud: string;
  sub: string;
  tenant: string;
  role: HostRole;
  /** Optional: the attendant's e-mail, which the api may match to one CRM user. */
  email?: string;
  iat: number;
  exp: number;
  jti: string;
}

export interface IdentityIssuer {
  readonly kid: string;
  jwks(): Jwks;
  /** A fresh signed JWT (new jti, iat = now) for the subject. */
  sign(subject: AssertionSubject): Promise<string>;
}

export interface IdentityIssuerOptions {
  /**
   * A private Ed25519 JWK file (HOST_SIM_KEY_FILE). Loaded when it exists; otherwise a new key is
   * generated and written there, so the key survives restarts. Without it: a new key per start.
   */
  keyFile?: string;
  /** Clock for iat/exp (ms). Default Date.now. */
  now?: () => number;
}

interface SigningKey {
  privateKey: CryptoKey;
  publicJwk: PublicSigningJwk;
}

function isPrivateEd25519Jwk(value: unknown): value is JWK & { x: string; d: string } {
  if (typeof value !== 'object' || value === null) return false;
  const jwk = value as Record<string, unknown>;
  return (
    jwk.kty === 'OKP' &&
    jwk.crv === 'Ed25519' &&
    typeof jwk.x === 'string' &&
    typeof jwk.d === 'string'
  );
}

async function publicJwkOf(jwk: JWK, kid?: string): Promise<PublicSigningJwk> {
  const { kty, crv, x } = jwk;
  if (!kty || !crv || !x) throw new Error('Chave pública Ed25519 incompleta');
  return {
    kty,
    crv,
    x,
    kid: kid ?? (await calculateJwkThumbprint({ kty, crv, x })),
    alg: HOST_SIM_ALG,
    use: 'sig',
  };
}

async function loadKey(keyFile: string): Promise<SigningKey> {
  const parsed: unknown = JSON.parse(fs.readFileSync(keyFile, 'utf8'));
  if (!isPrivateEd25519Jwk(parsed)) {
    throw new Error(`${keyFile} não é uma chave privada Ed25519 em JWK (kty OKP, crv Ed25519)`);
  }
  const privateKey = await importJWK(parsed, HOST_SIM_ALG);
  if (privateKey instanceof Uint8Array) throw new Error(`${keyFile}: chave simétrica`);
  const kid = typeof parsed.kid === 'string' && parsed.kid !== '' ? parsed.kid : undefined;
  return { privateKey, publicJwk: await publicJwkOf(parsed, kid) };
}

async function generateKey(keyFile: string | undefined): Promise<SigningKey> {
  const pair = await generateKeyPair(HOST_SIM_ALG, { extractable: keyFile !== undefined });
  const publicJwk = await publicJwkOf(await exportJWK(pair.publicKey));
  if (keyFile) {
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid: publicJwk.kid };
    fs.mkdirSync(path.dirname(keyFile), { recursive: true });
    fs.writeFileSync(keyFile, `${JSON.stringify(privateJwk, null, 2)}\n`, { mode: 0o600 });
  }
  return { privateKey: pair.privateKey, publicJwk };
}

export async function createIdentityIssuer(
  options: IdentityIssuerOptions = {},
): Promise<IdentityIssuer> {
  const { keyFile } = options;
  const now = options.now ?? Date.now;
  const key =
    keyFile && fs.existsSync(keyFile) ? await loadKey(keyFile) : await generateKey(keyFile);
  const { kid } = key.publicJwk;

  return {
    kid,
    jwks: () => ({ keys: [{ ...key.publicJwk }] }),
    sign(subject) {
      const iat = Math.floor(now() / 1000);
      return new SignJWT({
        tenant: subject.systemKey,
        role: subject.role,
        ...(subject.email ? { email: subject.email } : {}),
      })
        .setProtectedHeader({ alg: HOST_SIM_ALG, kid, typ: 'JWT' })
        .setIssuer(HOST_SIM_ISSUER)
        .setAudience(HOST_SIM_AUDIENCE)
        .setSubject(subject.userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ASSERTION_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(key.privateKey);
    },
  };
}
