import { QueryClient } from '@tanstack/react-query';
import { type LiveChange, type LiveRecordType } from '@api-client/live/liveChange';
import { cacheRules } from './cacheRules';

const change = (
  type: LiveRecordType,
  id: string,
  dealId: string | null,
  contactId: string | null = null,
): LiveChange => ({
  id: 'c1',
  origin: 'crm',
  actor: null,
  record: { type, id, dealId, contactId },
  action: 'updated',
  fields: [],
  own: false,
});

async function invalidatedBy(live: LiveChange): Promise<unknown[]> {
  const client = new QueryClient();
  const spy = jest.spyOn(client, 'invalidateQueries');
  await cacheRules(client).recordChanged(live);
  return spy.mock.calls.map(([filters]) => filters?.queryKey);
}

describe('cacheRules.recordChanged', () => {
  it.each<[LiveChange, unknown[]]>([
    [
      change('deal', 'd1', 'd1'),
      [
        ['crm-panel', 'deals', 'detail', 'd1'],
        ['crm-panel', 'deals', 'infinite'],
      ],
    ],
    [
      change('contact', 'ct1', null, 'ct1'),
      [
        ['crm-panel', 'contacts', 'detail', 'ct1'],
        ['crm-panel', 'contacts'],
      ],
    ],
    [change('note', 'n1', 'd1'), [['crm-panel', 'notes', 'd1']]],
    [
      change('task', 't1', 'd1'),
      [
        ['crm-panel', 'tasks', 'detail', 't1'],
        ['crm-panel', 'tasks', 'list', { dealId: 'd1' }],
      ],
    ],
    [
      change('dealProduct', 'p1', 'd1'),
      [
        ['crm-panel', 'deal-products', 'd1'],
        ['crm-panel', 'deals', 'detail', 'd1'],
      ],
    ],
    [
      change('dealContacts', 'd1', 'd1'),
      [
        ['crm-panel', 'deals', 'detail', 'd1'],
        ['crm-panel', 'deals', 'infinite'],
        ['crm-panel', 'contacts'],
      ],
    ],
    [change('contactMapping', '5511@c.us', null), [['crm-panel', 'contact-mapping']]],
    [change('lastDeal', 'ct1', 'd1', 'ct1'), [['crm-panel', 'last-deal', 'ct1']]],
  ])('%j re-reads exactly what shows it', async (live, keys) => {
    expect(await invalidatedBy(live)).toEqual(keys);
  });
});
