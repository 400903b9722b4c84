import { truncate } from './text';

describe('truncate', () => {
  it('keeps text of up to 200 characters as is', () => {
    const text = 'a'.repeat(200);
    expect(truncate(text)).toBe(text);
    expect(truncate('')).toBe('');
  });

  it('cuts longer text at 200 characters and appends ...', () => {
    const text = 'b'.repeat(150) + 'c'.repeat(51);
    expect(truncate(text)).toBe('b'.repeat(150) + 'c'.repeat(50) + '...');
    expect(truncate(text)).toHaveLength(203);
  });

  it('takes a custom maximum', () => {
    expect(truncate('Proposta enviada ao cliente', 8)).toBe('Proposta...');
    expect(truncate('Curto', 8)).toBe('Curto');
  });

  it('never splits an emoji or accented character', () => {
    expect(truncate('Olá 👍🏽 tudo bem', 5)).toBe('Olá 👍...');
    expect(truncate('ção', 2)).toBe('çã...');
  });
});
