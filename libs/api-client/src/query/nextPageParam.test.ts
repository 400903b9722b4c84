import { nextPageParam } from './nextPageParam';

describe('nextPageParam', () => {
  it('is undefined without a next link (last page)', () => {
    expect(nextPageParam(null, 1)).toBeUndefined();
    expect(nextPageParam('', 3)).toBeUndefined();
  });

  it("reads the page of the api's links.next", () => {
    expect(nextPageParam('/api/rdstation/deals?limit=200&page=2&order=name', 1)).toBe(2);
    expect(nextPageParam('http://127.0.0.1:3333/api/rdstation/contacts?page=5', 4)).toBe(5);
  });

  it('falls back to the following page when the link names none (or an older one)', () => {
    expect(nextPageParam('/api/rdstation/deals?cursor=abc', 3)).toBe(4);
    expect(nextPageParam('/api/rdstation/deals?page=x', 3)).toBe(4);
    expect(nextPageParam('/api/rdstation/deals?page=2', 2)).toBe(3);
  });
});
