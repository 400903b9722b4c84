import { createNameMemory, labellerFor } from './recordNames';

describe('createNameMemory', () => {
  it('keeps the names of records with an id and a name, per tenant and kind', () => {
    const names = createNameMemory();
    names.learn('t1', 'stage', [
      { id: 's1', name: 'Qualificação' },
      { id: 2, name: ' Proposta ' },
      { id: 's3', name: '' },
      { name: 'sem id' },
      'lixo',
    ]);
    expect(names.nameOf('t1', 'stage', 's1')).toBe('Qualificação');
    expect(names.nameOf('t1', 'stage', '2')).toBe('Proposta');
    expect(names.nameOf('t1', 'stage', 's3')).toBeNull();
    expect(names.nameOf('t1', 'pipeline', 's1')).toBeNull();
    expect(names.nameOf('t2', 'stage', 's1')).toBeNull();
  });

  it('is bounded: the least recently used name goes first', () => {
    const names = createNameMemory({ recordsPerTenant: 2, tenants: 1 });
    names.learn('t1', 'user', [
      { id: 'u1', name: 'Ana' },
      { id: 'u2', name: 'Bruno' },
    ]);
    expect(names.nameOf('t1', 'user', 'u1')).toBe('Ana');
    names.learn('t1', 'user', [{ id: 'u3', name: 'Carla' }]);
    expect(names.nameOf('t1', 'user', 'u2')).toBeNull();
    expect(names.nameOf('t1', 'user', 'u1')).toBe('Ana');
    names.learn('t2', 'user', [{ id: 'u1', name: 'Outra' }]);
    expect(names.nameOf('t1', 'user', 'u1')).toBeNull();
  });
});

describe('labellerFor', () => {
  const known: Record<string, string> = { 'stage:s1': 'Qualificação', 'contact:c1': 'Mariana' };
  const nameOf = (kind: string, id: string) => known[`${kind}:${id}`] ?? null;

  it('names ids by the kind of their field, and keeps an unknown one as its id', () => {
    const label = labellerFor('deal', nameOf);
    expect(label('stage_id', 's1')).toBe('Qualificação');
    expect(label('stage_id', 's9')).toBeNull();
    expect(label('pipeline_id', 's1')).toBeNull();
    expect(label('name', 's1')).toBeNull();
    expect(label('contact_ids', ['c1', 'c9'])).toBe('Mariana, c9');
    expect(label('contact_ids', ['c8', 'c9'])).toBeNull();
  });

  it("labels a choice by its record kind's pt-BR words", () => {
    expect(labellerFor('deal', nameOf)('status', 'won')).toBe('Venda Ganha');
    expect(labellerFor('task', nameOf)('status', 'canceled')).toBe('Cancelada');
    expect(labellerFor('task', nameOf)('type', 'whatsapp')).toBe('WhatsApp');
    expect(labellerFor('dealProduct', nameOf)('discount_type', 'percentage')).toBe(
      'Porcentagem (%)',
    );
    expect(labellerFor('dealProduct', nameOf)('billing_frequency', 'nada')).toBeNull();
  });
});
