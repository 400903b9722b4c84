import { createRecordMemory } from './recordMemory';

describe('createRecordMemory', () => {
  it('recalls the last version remembered, per tenant', () => {
    const memory = createRecordMemory();
    memory.remember('a', 'deal', 'd1', { rating: 1 });
    memory.remember('a', 'deal', 'd1', { rating: 2 });
    expect(memory.recall('a', 'deal', 'd1')).toEqual({ rating: 2 });
    expect(memory.recall('b', 'deal', 'd1')).toBeNull();
    expect(memory.recall('a', 'task', 'd1')).toBeNull();
  });

  it('keeps at most recordsPerTenant records, dropping the least recently used', () => {
    const memory = createRecordMemory({ recordsPerTenant: 2, tenants: 10 });
    memory.remember('a', 'deal', '1', { n: 1 });
    memory.remember('a', 'deal', '2', { n: 2 });
    memory.recall('a', 'deal', '1');
    memory.remember('a', 'deal', '3', { n: 3 });
    expect(memory.recall('a', 'deal', '2')).toBeNull();
    expect(memory.recall('a', 'deal', '1')).toEqual({ n: 1 });
    expect(memory.recall('a', 'deal', '3')).toEqual({ n: 3 });
  });

  it('keeps at most `tenants` tenants and forgets a deleted record', () => {
    const memory = createRecordMemory({ recordsPerTenant: 10, tenants: 2 });
    memory.remember('a', 'deal', '1', { n: 1 });
    memory.remember('b', 'deal', '1', { n: 1 });
    memory.remember('c', 'deal', '1', { n: 1 });
    expect(memory.recall('a', 'deal', '1')).toBeNull();
    memory.forget('c', 'deal', '1');
    expect(memory.recall('c', 'deal', '1')).toBeNull();
    expect(memory.recall('b', 'deal', '1')).toEqual({ n: 1 });
  });
});
