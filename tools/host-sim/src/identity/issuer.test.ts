import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import {
  ASSERTION_TTL_SECONDS,
  createIdentityIssuer,
  HOST_SIM_AUDIENCE,
  HOST_SIM_ISSUER,
} from './issuer';

const NOW = Date.UTC(2024, 4, 10, 15, 30, 0);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-sim-keys-'));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('createIdentityIssuer', () => {
  it('publishes one public Ed25519 key, and a new one at every start', async () => {
    const first = await createIdentityIssuer();
    const second = await createIdentityIssuer();
    const { keys } = first.jwks();
    expect(keys).toEqual([
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: expect.stringMatching(/^[\w-]{43}$/),
        kid: first.kid,
        alg: 'EdDSA',
        use: 'sig',
      },
    ]);
    expect(second.kid).not.toBe(first.kid);
    expect(second.jwks().keys[0]?.x).not.toBe(keys[0]?.x);
  });

  it('signs the attendant with the exact claims, valid for 5 minutes', async () => {
    const issuer = await createIdentityIssuer({ now: () => NOW });
    const jwt = await issuer.sign({ userId: 'user-ana', systemKey: 'tenant-acme', role: 'admin' });
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'EdDSA', kid: issuer.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(issuer.jwks()), {
      issuer: HOST_SIM_ISSUER,
      audience: HOST_SIM_AUDIENCE,
      algorithms: ['EdDSA'],
      currentDate: new Date(NOW + 299_000),
    });
    expect(payload).toEqual({
      iss: 'urn:crm-panel:host-sim',
      aud: 'crm-panel',
      sub: 'user-ana',
      tenant: 'tenant-acme',
      role: 'admin',
      iat: NOW / 1000,
      exp: NOW / 1000 + ASSERTION_TTL_SECONDS,
      jti: expect.stringMatching(UUID),
    });
    expect(ASSERTION_TTL_SECONDS).toBe(300);

    await expect(
      jwtVerify(jwt, createLocalJWKSet(issuer.jwks()), { currentDate: new Date(NOW + 301_000) }),
    ).rejects.toThrow(/"exp" claim timestamp check failed/);
    const other = await createIdentityIssuer({ now: () => NOW });
    await expect(
      jwtVerify(jwt, createLocalJWKSet(other.jwks()), { currentDate: new Date(NOW) }),
    ).rejects.toThrow();
  });

  it('signs the optional `email` claim when the subject has one', async () => {
    const issuer = await createIdentityIssuer({ now: () => NOW });
    const jwks = createLocalJWKSet(issuer.jwks());
    const options = { currentDate: new Date(NOW) };
    const withEmail = await issuer.sign({
      userId: 'user-ana',
      systemKey: 'tenant-acme',
      role: 'admin',
      email: 'ana.ferreira@acmesolucoes.com.br',
    });
    expect((await jwtVerify(withEmail, jwks, options)).payload).toMatchObject({
      sub: 'user-ana',
      email: 'ana.ferreira@acmesolucoes.com.br',
    });
    const without = await issuer.sign({
      userId: 'user-x',
      systemKey: 'tenant-acme',
      role: 'admin',
    });
    expect((await jwtVerify(without, jwks, options)).payload).not.toHaveProperty('email');
  });

  it('gives every assertion its own jti', async () => {
    const issuer = await createIdentityIssuer();
    const subject = { userId: 'user-bruno', systemKey: 'tenant-acme', role: 'attendant' } as const;
    const jwks = createLocalJWKSet(issuer.jwks());
    const first = await jwtVerify(await issuer.sign(subject), jwks);
    const second = await jwtVerify(await issuer.sign(subject), jwks);
    expect(first.payload.jti).not.toBe(second.payload.jti);
  });

  it('keeps its key in HOST_SIM_KEY_FILE across starts', async () => {
    const keyFile = path.join(dir, 'nested', 'host-sim-key.json');
    const created = await createIdentityIssuer({ keyFile });
    const saved = JSON.parse(fs.readFileSync(keyFile, 'utf8')) as Record<string, unknown>;
    expect(saved).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: created.kid });
    expect(typeof saved.d).toBe('string');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

    const reloaded = await createIdentityIssuer({ keyFile });
    expect(reloaded.kid).toBe(created.kid);
    expect(reloaded.jwks()).toEqual(created.jwks());
    const jwt = await reloaded.sign({
      userId: 'user-ana',
      systemKey: 'tenant-acme',
      role: 'admin',
    });
    await expect(jwtVerify(jwt, createLocalJWKSet(created.jwks()))).resolves.toBeDefined();
  });

  it('refuses a key file that is not a private Ed25519 JWK', async () => {
    const keyFile = path.join(dir, 'wrong.json');
    fs.writeFileSync(keyFile, JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'a', y: 'b' }));
    await expect(createIdentityIssuer({ keyFile })).rejects.toThrow(/não é uma chave privada/);
  });
});
