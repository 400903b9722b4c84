import { normaliseBrazilianPhone, phonesMatch } from './phone';

describe('normaliseBrazilianPhone', () => {
  it.each([
    ['+55 11 98765-4321', '+5511987654321'],
    ['+55 (11) 98765-4321', '+5511987654321'],
    ['(11) 98765-4321', '+5511987654321'],
    ['11987654321', '+5511987654321'],
    ['5511987654321', '+5511987654321'],
    ['011 98765-4321', '+5511987654321'],
    ['0 15 11 98765-4321', '+5511987654321'],
    ['0055 11 98765-4321', '+5511987654321'],
    ['0021 55 11 98765-4321', '+5511987654321'],
    [' +55 11 9 8765 4321 ', '+5511987654321'],
  ])('reads %p as %p', (raw, expected) => {
    expect(normaliseBrazilianPhone(raw)).toBe(expected);
  });

  it('restores the extra 9 of mobiles written the old way', () => {
    expect(normaliseBrazilianPhone('(11) 8765-4321')).toBe('+5511987654321');
    expect(normaliseBrazilianPhone('+55 21 7654-3210')).toBe('+5521976543210');
    expect(normaliseBrazilianPhone('551187654321')).toBe('+5511987654321');
  });

  it('keeps landlines as they are', () => {
    expect(normaliseBrazilianPhone('(11) 3456-7890')).toBe('+551134567890');
    expect(normaliseBrazilianPhone('+55 51 2345-6789')).toBe('+555123456789');
  });

  it('treats 55 as an area code when the number is national-length', () => {
    expect(normaliseBrazilianPhone('(55) 99876-5432')).toBe('+5555998765432');
    expect(normaliseBrazilianPhone('55 3222-1111')).toBe('+555532221111');
  });

  it('normalises foreign numbers written with + or 00', () => {
    expect(normaliseBrazilianPhone('+1 (202) 555-0100')).toBe('+12025550100');
    expect(normaliseBrazilianPhone('00351 912 345 678')).toBe('+351912345678');
  });

  it.each([
    [''],
    [null],
    [undefined],
    ['abc'],
    ['1234'],
    ['98765-4321'],
    ['(10) 98765-4321'],
    ['(11) 18765-4321'],
    ['(11) 88765-4321 1'],
    ['+55 11 1234'],
  ])('answers null for %p', (raw) => {
    expect(normaliseBrazilianPhone(raw)).toBeNull();
  });
});

describe('phonesMatch', () => {
  it('matches the same mobile however it is written', () => {
    expect(phonesMatch('+55 11 98765-4321', '(11) 98765-4321')).toBe(true);
    expect(phonesMatch('5511987654321', '011 9 8765 4321')).toBe(true);
    expect(phonesMatch('+55 11 98765-4321', '11 8765-4321')).toBe(true);
  });

  it('matches a number without area code by its subscriber part', () => {
    expect(phonesMatch('98765-4321', '+55 11 98765-4321')).toBe(true);
    expect(phonesMatch('8765-4321', '(21) 98765-4321')).toBe(true);
    expect(phonesMatch('3456-7890', '(11) 3456-7890')).toBe(true);
  });

  it('does not match different lines', () => {
    expect(phonesMatch('+55 11 98765-4321', '+55 21 98765-4321')).toBe(false);
    expect(phonesMatch('(11) 98765-4321', '(11) 98765-4322')).toBe(false);
    expect(phonesMatch('(11) 3456-7890', '(11) 93456-7890')).toBe(false);
    expect(phonesMatch('98765-4321', '98765-4322')).toBe(false);
  });

  it('does not match empty or unreadable input', () => {
    expect(phonesMatch('', '')).toBe(false);
    expect(phonesMatch(null, '+55 11 98765-4321')).toBe(false);
    expect(phonesMatch('abc', 'abc')).toBe(false);
    expect(phonesMatch('1234', '1234')).toBe(false);
  });
});
