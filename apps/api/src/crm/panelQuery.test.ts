import { ApiError } from '../errors';
import { toCrmQuery, toPanelList, toPanelRecord } from './panelQuery';

describe('toCrmQuery', () => {
  it('maps the panel query to v2 paging, sort and RDQL', () => {
    const query = toCrmQuery({
      limit: 200,
      page: 2,
      order: 'name',
      direction: 'desc',
      filter: 'name:~"João"',
    });
    expect(query.toString()).toBe(
      'filter=name%3A%7E%22Jo%C3%A3o%22&sort%5Bname%5D=desc&page%5Bnumber%5D=2&page%5Bsize%5D=200',
    );
    expect(query.get('sort[name]')).toBe('desc');
  });

  it('sorts ascending when only order is given and drops a blank filter', () => {
    const query = toCrmQuery({ order: 'registered_at', filter: '  ' });
    expect([...query]).toEqual([['sort[registered_at]', 'asc']]);
  });
});

describe('toPanelList', () => {
  it('keeps links.next only when the CRM sent one, as this api path', () => {
    const body = {
      data: [{ id: '1' }],
      links: {
        self: 'https://crm/x?page[number]=1',
        next: 'https://crm/crm/v2/deals?page%5Bnumber%5D=3&page%5Bsize%5D=2',
      },
    };
    expect(
      toPanelList(body, '/api/rdstation/deals', { limit: 2, page: 2, filter: 'status:open' }),
    ).toEqual({
      data: [{ id: '1' }],
      links: { next: '/api/rdstation/deals?limit=2&page=3&filter=status%3Aopen' },
    });
    expect(toPanelList({ data: [], links: { self: 'x' } }, '/api/rdstation/deals', {})).toEqual({
      data: [],
      links: {},
    });
  });

  it('refuses a body that is not a v2 list', () => {
    expect(() => toPanelList({ deals: [] }, '/x', {})).toThrow(ApiError);
    expect(() => toPanelRecord([1])).toThrow(ApiError);
    expect(toPanelRecord({ data: { id: 'a' } })).toEqual({ data: { id: 'a' } });
  });
});
