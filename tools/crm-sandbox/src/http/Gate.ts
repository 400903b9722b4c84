import { checkedKnobs, type Knobs } from '@crm-sandbox/knobs';
import { createPrng, type Prng } from '@crm-sandbox/util/prng';

const WINDOW_MS = 60_000;

/**
 * One key's requests of the last minute, oldest first: the ones before `head` have left. Requests
 * leave from the front, so a decision costs the same however many the window holds (with the limit
 * lifted, as the api's benchmark does, it held tens of thousands and filtering them all on every
 * request made the sandbox itself several times slower).
 */
interface RateWindow {
  times: number[];
  head: number;
}

/** Faults, delays and the rate limit that stand between a request and the CRM handlers. */
export class Gate {
  private current: Knobs;
  private forced: { status: number; remaining: number } | null = null;
  private windows = new Map<string, RateWindow>();
  private prng: Prng;

  constructor(
    private readonly initial: Knobs,
    private readonly clock: () => number,
    private readonly seed: number,
  ) {
    this.current = { ...initial };
    this.prng = createPrng(seed ^ 0x5bd1e995);
  }

  get knobs(): Knobs {
    return { ...this.current, nameContainsOn: [...this.current.nameContainsOn] };
  }

  setKnobs(knobs: Partial<Knobs>): void {
    this.current = { ...this.current, ...checkedKnobs({ ...knobs }) };
  }

  force(status: number, count: number): void {
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new Error('status must be an integer between 400 and 599');
    }
    if (!Number.isInteger(count) || count < 0) throw new Error('count must be an integer ≥ 0');
    this.forced = count === 0 ? null : { status, remaining: count };
  }

  forcedState(): { status: number; remaining: number } | null {
    return this.forced ? { ...this.forced } : null;
  }

  /** The forced status for this request, if any, counting it down. */
  takeForced(): number | null {
    if (!this.forced) return null;
    const { status } = this.forced;
    this.forced.remaining -= 1;
    if (this.forced.remaining <= 0) this.forced = null;
    return status;
  }

  shouldFail(): boolean {
    return this.current.errorRate > 0 && this.prng.next() < this.current.errorRate;
  }

  /**
   * Sliding 60-second window per key (an account or an access token, see rateLimitScope). Returns the seconds to wait when the request is
   * over the limit (the request is then not counted), or null when it may proceed.
   */
  rateLimit(key: string): number | null {
    const limit = this.current.rateLimitPerMinute;
    if (limit <= 0) return null;
    const now = this.clock();
    let window = this.windows.get(key);
    if (!window) {
      window = { times: [], head: 0 };
      this.windows.set(key, window);
    }
    const { times } = window;
    while (window.head < times.length && (times[window.head] as number) <= now - WINDOW_MS) {
      window.head += 1;
    }
    if (window.head > 1024 && window.head * 2 > times.length) {
      window.times = times.slice(window.head);
      window.head = 0;
    }
    if (window.times.length - window.head >= limit) {
      const oldest = window.times[window.times.length - limit] ?? now;
      return Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
    }
    // A clock that stepped back still counts the request at the window's newest time.
    window.times.push(Math.max(now, window.times[window.times.length - 1] ?? now));
    return null;
  }

  /** Every key's window emptied (a benchmark's next round starts with the whole minute's budget). */
  resetWindows(): void {
    this.windows = new Map();
  }

  reset(): void {
    this.current = { ...this.initial };
    this.forced = null;
    this.windows = new Map();
    this.prng = createPrng(this.seed ^ 0x5bd1e995);
  }
}
