/**
 * The page after `current` for an infinite list: the `page` of the api's `links.next`, or
 * `current + 1` when that link has none; undefined (no more pages) without a link.
 */
export function nextPageParam(next: string | null, current: number): number | undefined {
  if (next === null || next === '') return undefined;
  const raw = pageOf(next);
  const page = raw === null ? NaN : Number(raw);
  return Number.isInteger(page) && page > current ? page : current + 1;
}

function pageOf(link: string): string | null {
  try {
    return new URL(link, 'http://api.invalid').searchParams.get('page');
  } catch {
    return null;
  }
}
