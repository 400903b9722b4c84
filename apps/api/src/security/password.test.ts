import { hashPassword, verifyPassword } from './password';

describe('security password (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('senha-forte');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored).not.toContain('senha-forte');
    await expect(verifyPassword('senha-forte', stored)).resolves.toBe(true);
    await expect(verifyPassword('senha-fraca', stored)).resolves.toBe(false);
    await expect(verifyPassword(' senha-forte', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('igual1')).not.toBe(await hashPassword('igual1'));
  });

  it('treats an unknown format as a mismatch', async () => {
    await expect(verifyPassword('x', 'md5$abc')).resolves.toBe(false);
  });
});
