import { crmReason, parseRetryAfter } from './crmClient';

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
