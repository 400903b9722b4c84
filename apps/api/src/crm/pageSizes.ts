import { type FastifyBaseLogger } from 'fastify';
import { type Identity } from '@api/db/repositories/sessionsRepository';
import { CrmRefusal } from './crmRefusal';
import { type ProbeVerdicts } from './filterProbes';

/**
 * RD documents the page size and its default, never a maximum (crm-v2-introduction.txt,
 * "Paginação": "page[size] Integer Indica a quantidade de objetos a serem retornados em cada
 * página. Padrão: 20."). The api asks for CRM_PAGE_SIZE (100) to spend fewer of the tenant's
 * 120 calls a minute; a CRM that refuses it is asked for the next step down, to RD's default.
 */
export const RD_DEFAULT_PAGE_SIZE = 20;
const STEPS = [100, 50, 25, RD_DEFAULT_PAGE_SIZE];

/** The sizes tried, largest first: the configured one, then each step below it. */
export function pageSizeLadder(configured: number): number[] {
  return [configured, ...STEPS.filter((step) => step < configured)];
}

/** The probe verdict's name: `page[size]=100` refused is kept as this capability, false. */
export const pageSizeCapability = (size: number): string => `page[size]=${size}`;

/** A 400/422 whose error items name the page size (`page[size]`, `page.size`, `page_size`). */
export function refusesPageSize(error: unknown): boolean {
  return (
    error instanceof CrmRefusal &&
    error.problems.some((problem) => /page(?:\[|%5B|\.|_)size/i.test(problem))
  );
}

export interface PageSizeContext {
  identity: Identity;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface PageSizes {
  /** The largest size of the ladder this tenant's CRM has not refused (within the probe TTL). */
  current(systemKey: string): Promise<number>;
  /**
   * Runs a list read with the tenant's page size. A refusal naming the page size is remembered
   * for the tenant (as the filter probes are: in the store, for the probe TTL) and the whole read
   * runs again at once with the next step; below the last step the refusal goes to the caller.
   */
  read<T>(context: PageSizeContext, read: (size: number) => Promise<T>): Promise<T>;
}

export function createPageSizes(probes: ProbeVerdicts, configured: number): PageSizes {
  const ladder = pageSizeLadder(configured);
  const current = async (systemKey: string): Promise<number> => {
    for (const size of ladder.slice(0, -1))
      if ((await probes.get(systemKey, pageSizeCapability(size))) !== false) return size;
    return ladder[ladder.length - 1] as number;
  };
  return {
    current,
    async read(context, read) {
      const { systemKey } = context.identity;
      for (let index = ladder.indexOf(await current(systemKey)); ; index += 1) {
        const size = ladder[index] as number;
        try {
          return await read(size);
        } catch (error) {
          const next = ladder[index + 1];
          if (next === undefined || !refusesPageSize(error)) throw error;
          await probes.set(systemKey, pageSizeCapability(size), false);
          context.log.warn(
            { refused: size, next },
            'o CRM recusou o tamanho de página; a leitura segue com o próximo',
          );
        }
      }
    },
  };
}
