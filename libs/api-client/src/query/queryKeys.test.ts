import { queryKeys } from './queryKeys';

describe('queryKeys', () => {
  it('are stable arrays under one root', () => {
    expect(queryKeys.all).toEqual(['crm-panel']);
    expect(queryKeys.users()).toEqual(['crm-panel', 'users', 'list']);
    expect(queryKeys.user('user-1')).toEqual(['crm-panel', 'users', 'detail', 'user-1']);
    expect(queryKeys.pipelines()).toEqual(['crm-panel', 'pipelines', 'list']);
    expect(queryKeys.stages('pipeline-1')).toEqual(['crm-panel', 'stages', 'pipeline-1']);
    expect(queryKeys.sources()).toEqual(['crm-panel', 'sources']);
    expect(queryKeys.campaigns()).toEqual(['crm-panel', 'campaigns']);
    expect(queryKeys.lostReasons()).toEqual(['crm-panel', 'lost-reasons', { search: '' }]);
    expect(queryKeys.customFields()).toEqual(['crm-panel', 'custom-fields', 'deal']);
    expect(queryKeys.products('Plano')).toEqual([
      'crm-panel',
      'products',
      'list',
      { search: 'Plano' },
    ]);
    expect(queryKeys.deal('deal-1')).toEqual(['crm-panel', 'deals', 'detail', 'deal-1']);
    expect(queryKeys.tasks('deal-1', 'open')).toEqual([
      'crm-panel',
      'tasks',
      'list',
      { dealId: 'deal-1', status: 'open' },
    ]);
    expect(queryKeys.dealNotes('deal-1')).toEqual(['crm-panel', 'notes', 'deal-1']);
    expect(queryKeys.dealProducts('deal-1')).toEqual(['crm-panel', 'deal-products', 'deal-1']);
  });

  it('trim the search so "acme" and " acme " share a cache entry', () => {
    expect(queryKeys.dealsInfinite(' acme ', null)).toEqual(queryKeys.dealsInfinite('acme'));
    expect(queryKeys.contactsInfinite('  ')).toEqual(queryKeys.contactsInfinite(undefined));
    expect(queryKeys.productsInfinite(' x')).toEqual([
      'crm-panel',
      'products',
      'infinite',
      { search: 'x' },
    ]);
  });

  it('tell apart what must not share a cache entry', () => {
    expect(queryKeys.dealsInfinite('a', 'contact-1')).not.toEqual(queryKeys.dealsInfinite('a'));
    expect(queryKeys.organizationsInfinite('a', 50)).not.toEqual(
      queryKeys.organizationsInfinite('a', 200),
    );
    expect(queryKeys.products()).not.toEqual(queryKeys.productsInfinite());
    expect(queryKeys.tasks('deal-1', 'open')).not.toEqual(queryKeys.tasks('deal-1', 'completed'));
  });

  it('nest, so invalidating a prefix reaches the lists and records below it', () => {
    const dealsPrefix = queryKeys.deal('deal-1').slice(0, 2);
    expect(queryKeys.dealsInfinite('x').slice(0, 2)).toEqual(dealsPrefix);
    expect(queryKeys.user('u').slice(0, 2)).toEqual(queryKeys.users().slice(0, 2));
  });
});
