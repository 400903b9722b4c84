import { deletedFields, displayValue, fieldChanges } from './describeChange';

describe('displayValue', () => {
  it('keeps short values, joins lists, cuts long text to 80 characters', () => {
    expect(displayValue(null)).toBeNull();
    expect(displayValue(undefined)).toBeNull();
    expect(displayValue(3)).toBe('3');
    expect(displayValue(false)).toBe('false');
    expect(displayValue(['a', 'b'])).toBe('a, b');
    expect(displayValue({ x: 1 })).toBe('{"x":1}');
    expect(displayValue('linha 1\n\nlinha 2')).toBe('linha 1 linha 2');
    const long = displayValue('x'.repeat(200));
    expect(long).toBe(`${'x'.repeat(79)}…`);
  });
});

describe('fieldChanges', () => {
  it('never records a secret-looking field or an omitted one', () => {
    expect(
      fieldChanges(
        { access_token: 't', clientSecret: 's', securityPassword: 'p', user_id: 'u', name: 'N' },
        null,
        ['user_id'],
      ),
    ).toEqual([{ field: 'name', before: null, after: 'N' }]);
  });

  it('leaves out a field whose known value did not change; unknown before is null', () => {
    expect(fieldChanges({ a: 1, b: 2, c: 3 }, { a: 1, b: 5 })).toEqual([
      { field: 'b', before: '5', after: '2' },
      { field: 'c', before: null, after: '3' },
    ]);
  });
});

describe('deletedFields', () => {
  it('names what was removed when it was known', () => {
    expect(deletedFields({ product_id: 'p1' })).toEqual([
      { field: 'product_id', before: 'p1', after: null },
    ]);
    expect(deletedFields(null)).toEqual([]);
  });
});

describe('names recorded next to ids', () => {
  const label = (field: string, value: unknown) =>
    field === 'stage_id'
      ? (({ s1: 'Qualificação', s2: 'Proposta' } as Record<string, string>)[String(value)] ?? null)
      : null;

  it('adds the name of each side it knows; an unknown side keeps only its id', () => {
    expect(fieldChanges({ stage_id: 's2', rating: 3 }, { stage_id: 's1' }, [], label)).toEqual([
      {
        field: 'stage_id',
        before: 's1',
        after: 's2',
        beforeLabel: 'Qualificação',
        afterLabel: 'Proposta',
      },
      { field: 'rating', before: null, after: '3' },
    ]);
    expect(fieldChanges({ stage_id: 's9' }, { stage_id: 's1' }, [], label)).toEqual([
      { field: 'stage_id', before: 's1', after: 's9', beforeLabel: 'Qualificação' },
    ]);
  });

  it('names what a deletion removed', () => {
    expect(
      deletedFields({ product_id: 'p1' }, (_field, value) => `Produto ${String(value)}`),
    ).toEqual([{ field: 'product_id', before: 'p1', after: null, beforeLabel: 'Produto p1' }]);
  });
});
