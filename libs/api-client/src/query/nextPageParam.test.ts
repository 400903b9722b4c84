import { nextPageParam } from './nextPageParam';

const page = (next: string | null, data: unknown[] = [{ id: '1' }]) => ({ data, next });

describe('nextPageParam', () => {
  it('is undefined without a next link (last page)', () => {
    expect(nextPageParam(page(null), 1)).toBeUndefined();
    expect(nextPageParam(page(''), 3)).toBeUndefined();
  });

  it('is undefined after an empty page, even one that still names a next page', () => {
    expect(nextPageParam(page('/api/rdstation/deals?page=3', []), 2)).toBeUndefined();
  });

  it("reads the page of the api's links.next", () => {
    expect(nextPageParam(page('/api/rdstation/deals?limit=200&page=2&order=name'), 1)).toBe(2);
    expect(nextPageParam(page('http://127.0.0.1:3333/api/rdstation/contacts?page=5'), 4)).toBe(5);
  });

  it('falls back to the following page when the link names none (or an older one)', () => {
    expect(nextPageParam(page('/api/rdstation/deals?cursor=abc'), 3)).toBe(4);
    expect(nextPageParam(page('/api/rdstation/deals?page=x'), 3)).toBe(4);
    expect(nextPageParam(page('/api/rdstation/deals?page=2'), 2)).toBe(3);
  });
});
