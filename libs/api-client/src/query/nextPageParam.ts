import { type Page } from '@api-client/client/envelope';

/**
 * The page after `current` for an infinite list: the `page` of the api's `links.next`, or
 * `current + 1` when that link has none; undefined (no more pages) without a link, and after an
 * empty page whatever its link says, so no list can scroll forever on empty answers.
 */
export function nextPageParam(
  page: Pick<Page<unknown>, 'data' | 'next'>,
  current: number,
): number | undefined {
  const { next } = page;
  if (page.data.length === 0 || next === null || next === '') return undefined;
  const raw = pageOf(next);
  const number = raw === null ? NaN : Number(raw);
  return Number.isInteger(number) && number > current ? number : current + 1;
}

function pageOf(link: string): string | null {
  try {
    return new URL(link, 'http://api.invalid').searchParams.get('page');
  } catch {
    return null;
  }
}
