import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM encryption at rest. The context (e.g. "session:<tenant>:<user>") is bound as
 * associated data, so a ciphertext copied to another tenant's row does not decrypt.
 */
export interface SecretBox {
  encrypt(plain: string, context: string): string;
  decrypt(sealed: string, context: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A chave de criptografia deve ter 32 bytes.');
  return {
    encrypt(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${VERSION}:${Buffer.concat([iv, tag, body]).toString('base64')}`;
    },
    decrypt(sealed, context) {
      const [version, payload] = sealed.split(':', 2);
      if (version !== VERSION || payload === undefined)
        throw new Error('Formato de segredo desconhecido.');
      const raw = Buffer.from(payload, 'base64');
      const iv = raw.subarray(0, IV_BYTES);
      const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
      const body = raw.subarray(IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
