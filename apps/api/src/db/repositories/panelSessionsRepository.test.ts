import { createHash } from 'node:crypto';
import { hashSecret } from './panelSessionsRepository';

describe('hashSecret', () => {
  // Stored hashes (tokens, tickets, states, jtis) must keep matching what earlier versions wrote.
  it('is the SHA-256 of the secret in hex, as the stored hashes were written', () => {
    expect(hashSecret('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const token = 'Zm9vYmFyLXRva2VuLWRlLXNlc3PDo28tw6dh';
    expect(hashSecret(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashSecret('sessão-ção')).toBe(
      createHash('sha256').update('sessão-ção', 'utf8').digest('hex'),
    );
  });
});
