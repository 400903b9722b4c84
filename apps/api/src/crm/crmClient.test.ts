import { answeredRecordPath, crmQueryString, crmReason, parseRetryAfter } from './crmClient';

describe('answeredRecordPath', () => {
  const deal = { data: { id: 'd 1', name: 'Implantação', updated_at: '2026-11-29T12:00:00.000Z' } };
  it("names the record a write's answer is, as its GET reads it", () => {
    expect(answeredRecordPath({ method: 'PUT', path: '/deals/d1' }, deal)).toBe('/deals/d1');
    expect(answeredRecordPath({ method: 'POST', path: '/deals' }, deal)).toBe('/deals/d%201');
  });
  it('keeps nothing for a write under a record, a removal, or an answer not shaped as the GET', () => {
    expect(answeredRecordPath({ method: 'POST', path: '/deals/d1/notes' }, deal)).toBeNull();
    expect(answeredRecordPath({ method: 'PUT', path: '/deals/d1/products/p1' }, deal)).toBeNull();
    expect(
      answeredRecordPath({ method: 'DELETE', path: '/deals/d1/products/p1' }, null),
    ).toBeNull();
    expect(answeredRecordPath({ method: 'PUT', path: '/deals/d1' }, { ok: true })).toBeNull();
    expect(
      answeredRecordPath({ method: 'POST', path: '/deals' }, { data: { name: 'x' } }),
    ).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter(null, 0)).toBeNull();
    expect(parseRetryAfter('soon', 0)).toBeNull();
  });
});

describe('crmReason', () => {
  it('names the fields in pt-BR and never passes the CRM English through', () => {
    expect(
      crmReason({
        errors: [
          { detail: 'name is required', code: 'REQUIRED_FIELD', source: { pointer: '/data/name' } },
          {
            title: 'Invalid',
            detail: 'no such stage',
            code: 'INVALID_REFERENCE',
            source: { pointer: '/data/stage_id' },
          },
          { detail: 'emails[].email must be a valid e-mail address' },
          { detail: 'x must be y', source: { pointer: '/data/custom_fields/cpf' } },
        ],
      }),
    ).toBe(
      "Nome é obrigatório; Etapa não corresponde a um registro do CRM; E-mail é inválido; Campo personalizado 'cpf' é inválido",
    );
  });

  it('answers null when no field is known', () => {
    expect(crmReason({ errors: [{ detail: 'Cannot sort deal records by owner_id' }] })).toBeNull();
    expect(crmReason({ error_description: 'bad' })).toBeNull();
    expect(crmReason('x')).toBeNull();
  });
});

describe('crmQueryString', () => {
  it('writes spaces as %20 (never the form encoding +) and keeps a literal + as %2B', () => {
    const query = new URLSearchParams();
    query.set('filter', 'phone:("+5511987654321","(11) 98765-4321") and name:~"a b"');
    query.set('page[size]', '100');
    expect(crmQueryString(query)).toBe(
      '?filter=phone%3A%28%22%2B5511987654321%22%2C%22%2811%29%2098765-4321%22%29%20and%20name%3A%7E%22a%20b%22&page%5Bsize%5D=100',
    );
    expect(crmQueryString(new URLSearchParams())).toBe('');
    expect(crmQueryString(undefined)).toBe('');
  });
});
