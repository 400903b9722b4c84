import { type FastifyBaseLogger } from 'fastify';
import { type Identity } from '@api/db/repositories/sessionsRepository';
import { ApiError } from '@api/errors';
import { isRecord } from '@api/http';
import { API_MESSAGES } from '@api/messages';
import { CrmRefusal } from './crmRefusal';
import { type ProbeVerdicts } from './filterProbes';

/**
 * RD documents the page size and its default, never a maximum (crm-v2-introduction.txt,
 * "Paginação": "page[size] Integer Indica a quantidade de objetos a serem retornados em cada
 * página. Padrão: 20."). The api asks for CRM_PAGE_SIZE (100) to spend fewer of the tenant's
 * 120 calls a minute; a CRM that refuses it is asked for the next step down, to RD's default,
 * and a CRM that answers fewer records than asked without saying so (a silent clamp) is asked
 * for what it answered.
 */
export const RD_DEFAULT_PAGE_SIZE = 20;
const STEPS = [100, 50, 25, RD_DEFAULT_PAGE_SIZE];

/** The sizes tried, largest first: the configured one, then each step below it. */
export function pageSizeLadder(configured: number): number[] {
  return [configured, ...STEPS.filter((step) => step < configured)];
}

/** The probe verdict's name: `page[size]=100` refused (or clamped) is kept as this, false. */
export const pageSizeCapability = (size: number): string => `page[size]=${size}`;

/** A 400/422 whose error items name the page size (`page[size]`, `page.size`, `page_size`). */
export function refusesPageSize(error: unknown): boolean {
  return (
    error instanceof CrmRefusal &&
    error.problems.some((problem) => /page(?:\[|%5B|\.|_)size/i.test(problem))
  );
}

/**
 * A page shorter than asked although `links.last` names a later page: the CRM pages by a smaller
 * size than it was asked for and said nothing. A read that cannot go on at the smaller size
 * throws this, and PageSizes.read runs it again at once with the size that came back.
 */
export class PageSizeClamp extends Error {
  constructor(
    readonly asked: number,
    readonly answered: number,
  ) {
    super(`page[size]=${asked} answered with ${answered} records`);
    this.name = 'PageSizeClamp';
  }
}

function pageNumberOf(link: unknown): number | null {
  if (typeof link !== 'string' || link === '') return null;
  try {
    const value = Number(new URL(link, 'http://crm.invalid').searchParams.get('page[number]'));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export interface CrmPage {
  items: unknown[];
  /**
   * The list ends here. RD's docs example shows every link on every page (crm-v2-introduction.txt,
   * "Paginação": page 5 of 9 with `first`, `prev`, `self`, `next`, `last`), so `next` alone
   * proves nothing: when `links.last` names a page, the list ends on it (or on an empty page);
   * without it, on an empty page, a page shorter than asked, or a missing `next`.
   */
  ended: boolean;
  /** A short page before the last one: the number of records the CRM pages by (else null). */
  clampedTo: number | null;
}

/** One `{ data, links }` page of a CRM list, asked as page `number` of `size`. */
export function crmPageOf(body: unknown, number: number, size: number): CrmPage {
  if (!isRecord(body) || !Array.isArray(body.data))
    throw new ApiError(502, API_MESSAGES.crmUnexpected);
  const links = isRecord(body.links) ? body.links : {};
  const items = body.data;
  const last = pageNumberOf(links.last);
  if (last !== null) {
    const short = items.length > 0 && items.length < size;
    return {
      items,
      ended: items.length === 0 || number >= last,
      clampedTo: short && number < last ? items.length : null,
    };
  }
  const hasNext = typeof links.next === 'string' && links.next !== '';
  return { items, ended: !hasNext || items.length === 0 || items.length < size, clampedTo: null };
}

const idOf = (item: unknown): string | null =>
  isRecord(item) && (typeof item.id === 'string' || typeof item.id === 'number')
    ? String(item.id)
    : null;

export interface PageSizeContext {
  identity: Identity;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** A whole list as read: its records, and whether the bound stopped the read before its end. */
export interface WholeList {
  items: unknown[];
  limited: boolean;
}

export interface WholeListBound {
  /** Records read at most, whatever the page size: 2 000 are 20 pages of 100 or 100 of 20. */
  maxRecords: number;
  /** The list's CRM path, for the log. */
  path: string;
  /**
   * A bound the caller means to reach (a scan of the most recent records), which it says in its
   * own words: reaching it is not logged as a list cut short.
   */
  scan?: boolean;
}

export interface PageSizes {
  /** The largest size of the ladder this tenant's CRM has not refused (within the probe TTL). */
  current(systemKey: string): Promise<number>;
  /**
   * Runs a list read with the tenant's page size. A refusal naming the page size is remembered
   * for the tenant (as the filter probes are: in the store, for the probe TTL) and the whole read
   * runs again at once with the next step; below the last step the refusal goes to the caller.
   * A PageSizeClamp is remembered the same way (every step above what came back) and the read
   * runs again with the size that came back.
   */
  read<T>(context: PageSizeContext, read: (size: number) => Promise<T>): Promise<T>;
  /**
   * A whole list from its first page to its end, within `bound.maxRecords` records; `fetchPage`
   * answers the CRM's body of page `number` of `size`. A clamp on page 1 is read on in place (page
   * 1 of what came back is the same records), so nothing is asked twice; a record seen before is
   * never kept twice, and a page of nothing but seen records ends the read (a CRM ignoring
   * `page[number]` would loop).
   */
  readAll(
    context: PageSizeContext,
    fetchPage: (number: number, size: number) => Promise<unknown>,
    bound: WholeListBound,
  ): Promise<WholeList>;
}

export function createPageSizes(probes: ProbeVerdicts, configured: number): PageSizes {
  const ladder = pageSizeLadder(configured);
  const current = async (systemKey: string): Promise<number> => {
    for (const size of ladder.slice(0, -1))
      if ((await probes.get(systemKey, pageSizeCapability(size))) !== false) return size;
    return ladder[ladder.length - 1] as number;
  };

  /** Every step above what a clamping CRM answered would be clamped too: each is kept as refused. */
  const rememberClamp = async (context: PageSizeContext, asked: number, answered: number) => {
    for (const step of ladder)
      if (step > answered)
        await probes.set(context.identity.systemKey, pageSizeCapability(step), false);
    context.log.warn(
      { asked, answered },
      'o CRM devolveu menos registros que o tamanho de página pedido, sem erro; a leitura segue com o tamanho que veio',
    );
  };

  const read: PageSizes['read'] = async (context, run) => {
    const { systemKey } = context.identity;
    for (let size = await current(systemKey); ;) {
      try {
        return await run(size);
      } catch (error) {
        if (error instanceof PageSizeClamp && error.answered < size) {
          await rememberClamp(context, error.asked, error.answered);
          size = error.answered;
          continue;
        }
        const next = ladder.find((step) => step < size);
        if (next === undefined || !refusesPageSize(error)) throw error;
        await probes.set(systemKey, pageSizeCapability(size), false);
        context.log.warn(
          { refused: size, next },
          'o CRM recusou o tamanho de página; a leitura segue com o próximo',
        );
        size = next;
      }
    }
  };

  const readAllBy = async (
    context: PageSizeContext,
    fetchPage: (number: number, size: number) => Promise<unknown>,
    bound: WholeListBound,
    asked: number,
  ): Promise<WholeList> => {
    let size = asked;
    const items: unknown[] = [];
    const seen = new Set<string>();
    for (let number = 1; items.length < bound.maxRecords; number += 1) {
      const page = crmPageOf(await fetchPage(number, size), number, size);
      if (page.clampedTo !== null) {
        // Past page 1 the records already read were cut by the other size: start over.
        if (number > 1) throw new PageSizeClamp(size, page.clampedTo);
        await rememberClamp(context, size, page.clampedTo);
        size = page.clampedTo;
      }
      let fresh = 0;
      for (const item of page.items) {
        const id = idOf(item);
        if (id !== null) {
          if (seen.has(id)) continue;
          seen.add(id);
        }
        items.push(item);
        fresh += 1;
      }
      if (page.ended) return { items, limited: false };
      if (fresh === 0) {
        context.log.warn(
          { path: bound.path, page: number },
          'lista do CRM repetiu uma página; leitura encerrada',
        );
        return { items, limited: false };
      }
    }
    if (!bound.scan)
      context.log.warn(
        { path: bound.path, maxRecords: bound.maxRecords },
        'lista do CRM não terminou dentro do limite de registros; respondida com o que foi lido',
      );
    return { items: items.slice(0, bound.maxRecords), limited: true };
  };

  return {
    current,
    read,
    readAll: (context, fetchPage, bound) =>
      read(context, (size) => readAllBy(context, fetchPage, bound, size)),
  };
}
