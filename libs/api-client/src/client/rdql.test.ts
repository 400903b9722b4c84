import { contactSearchFilter, nameContainsFilter, rdql } from './rdql';

describe('rdql', () => {
  it('eq quotes the value: field:"value"', () => {
    expect(rdql.eq('deal_id', 'deal-1')).toBe('deal_id:"deal-1"');
    expect(rdql.eq('entity', 'deal')).toBe('entity:"deal"');
    expect(rdql.eq('rating', 5)).toBe('rating:"5"');
  });

  it('contains: field:~"value"', () => {
    expect(rdql.contains('name', 'Acme Ltda')).toBe('name:~"Acme Ltda"');
  });

  it('escapes " and \\ so typed text stays one value', () => {
    expect(rdql.contains('name', 'O "Grande" \\ Cia')).toBe('name:~"O \\"Grande\\" \\\\ Cia"');
    expect(rdql.contains('name', '" or status:won')).toBe('name:~"\\" or status:won"');
    expect(rdql.quote('a\\"b')).toBe('"a\\\\\\"b"');
  });

  it('keeps parentheses, colons and keywords inside the quotes', () => {
    expect(rdql.contains('name', 'x) or (status:won')).toBe('name:~"x) or (status:won"');
  });

  it('and joins clauses and drops empty ones', () => {
    expect(rdql.and('a:"1"', 'b:"2"')).toBe('a:"1" and b:"2"');
    expect(
      rdql.and(rdql.eq('deal_id', 'd'), undefined, null, false, '', rdql.eq('status', 'open')),
    ).toBe('deal_id:"d" and status:"open"');
    expect(rdql.and()).toBe('');
  });

  it('refuses field names that are not identifiers', () => {
    expect(() => rdql.eq('name or x', 'y')).toThrow('Invalid RDQL field');
    expect(() => rdql.contains('', 'y')).toThrow('Invalid RDQL field');
    expect(rdql.eq('@segmento', 'Varejo')).toBe('@segmento:"Varejo"');
  });
});

describe('contactSearchFilter', () => {
  it.each([
    ['Maria', 'name:~"Maria"'],
    ['  Maria Oliveira  ', 'name:~"Maria Oliveira"'],
    ['maria@acme.com.br', 'email:~"maria@acme.com.br"'],
    ['@acme', 'email:~"@acme"'],
    ['+55 (11) 98765-4321', 'phone:"5511987654321"'],
    ['98765.4321', 'phone:"987654321"'],
    ['123', 'name:~"123"'],
    ['Loja 42', 'name:~"Loja 42"'],
  ])('%j → %s', (search, filter) => {
    expect(contactSearchFilter(search)).toBe(filter);
  });

  it('has no filter for blank text', () => {
    expect(contactSearchFilter('')).toBeUndefined();
    expect(contactSearchFilter('   ')).toBeUndefined();
    expect(contactSearchFilter(undefined)).toBeUndefined();
  });
});

describe('nameContainsFilter', () => {
  it('is name:~"text" for non-blank text only', () => {
    expect(nameContainsFilter(' acme ')).toBe('name:~"acme"');
    expect(nameContainsFilter('  ')).toBeUndefined();
  });
});
