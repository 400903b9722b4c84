import { randomBytes } from 'node:crypto';
import { createSecretBox } from './crypto';

describe('createSecretBox (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips a secret and never shows it in the sealed text', () => {
    const sealed = box.encrypt('client-secret-123', 'credentials:tenant-a');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('client-secret-123');
    expect(box.decrypt(sealed, 'credentials:tenant-a')).toBe('client-secret-123');
  });

  it('uses a fresh IV each time', () => {
    expect(box.encrypt('same', 'ctx')).not.toBe(box.encrypt('same', 'ctx'));
  });

  it('refuses a ciphertext moved to another context (tenant)', () => {
    const sealed = box.encrypt('secret', 'credentials:tenant-a');
    expect(() => box.decrypt(sealed, 'credentials:tenant-b')).toThrow();
  });

  it('refuses a tampered ciphertext and a different key', () => {
    const sealed = box.encrypt('secret', 'ctx');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.decrypt(`v1:${raw.toString('base64')}`, 'ctx')).toThrow();
    expect(() => createSecretBox(randomBytes(32)).decrypt(sealed, 'ctx')).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(
      'A chave de criptografia deve ter 32 bytes.',
    );
  });
});
