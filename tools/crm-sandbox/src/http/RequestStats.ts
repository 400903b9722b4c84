import { type RequestStatsSnapshot } from '@crm-sandbox/types';

/**
 * Counts the requests the sandbox receives (admin calls left out), so a benchmark or a test can
 * say how many calls reached "the CRM" and which ones, without a proxy in between.
 */
export class RequestStats {
  private total = 0;
  private refused = 0;
  private byPath = new Map<string, number>();
  private refusedByPath = new Map<string, number>();

  /** One request, keyed `METHOD /path` (query left out). */
  count(method: string, url: string): void {
    const key = `${method} ${url.split('?')[0] ?? url}`;
    this.total += 1;
    this.byPath.set(key, (this.byPath.get(key) ?? 0) + 1);
  }

  /**
   * One of the counted requests was refused by the rate limit (it was not processed): by path
   * too, so a reader can tell what the CRM did for each kind of request.
   */
  countRateLimited(method: string, url: string): void {
    const key = `${method} ${url.split('?')[0] ?? url}`;
    this.refused += 1;
    this.refusedByPath.set(key, (this.refusedByPath.get(key) ?? 0) + 1);
  }

  snapshot(): RequestStatsSnapshot {
    return {
      requests: this.total,
      byPath: Object.fromEntries(this.byPath),
      rateLimited: this.refused,
      rateLimitedByPath: Object.fromEntries(this.refusedByPath),
    };
  }

  reset(): void {
    this.total = 0;
    this.refused = 0;
    this.byPath = new Map();
    this.refusedByPath = new Map();
  }
}
