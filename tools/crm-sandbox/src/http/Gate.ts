import { type Knobs } from '../types';
import { createPrng, type Prng } from '../util/prng';

const WINDOW_MS = 60_000;

/** Validates a partial knob update; returns an error message or null. */
export function knobError(knobs: Partial<Record<keyof Knobs, unknown>>): string | null {
  for (const [key, value] of Object.entries(knobs)) {
    if (!['latencyMs', 'errorRate', 'rateLimitPerMinute'].includes(key)) {
      return `Unknown knob '${key}' (known: latencyMs, errorRate, rateLimitPerMinute)`;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      return `Knob '${key}' must be a number ≥ 0`;
    }
    if (key === 'errorRate' && value > 1) return "Knob 'errorRate' must be between 0 and 1";
    if (key === 'rateLimitPerMinute' && !Number.isInteger(value)) {
      return "Knob 'rateLimitPerMinute' must be an integer";
    }
  }
  return null;
}

/** Faults, delays and the rate limit that stand between a request and the CRM handlers. */
export class Gate {
  private current: Knobs;
  private forced: { status: number; remaining: number } | null = null;
  private windows = new Map<string, number[]>();
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
    return { ...this.current };
  }

  setKnobs(knobs: Partial<Knobs>): void {
    const error = knobError(knobs);
    if (error) throw new Error(error);
    this.current = { ...this.current, ...knobs };
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
   * Sliding 60-second window per access token. Returns the seconds to wait when the request is
   * over the limit (the request is then not counted), or null when it may proceed.
   */
  rateLimit(key: string): number | null {
    const limit = this.current.rateLimitPerMinute;
    if (limit <= 0) return null;
    const now = this.clock();
    const recent = (this.windows.get(key) ?? []).filter((at) => at > now - WINDOW_MS);
    if (recent.length >= limit) {
      this.windows.set(key, recent);
      const oldest = recent[recent.length - limit] ?? now;
      return Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
    }
    recent.push(now);
    this.windows.set(key, recent);
    return null;
  }

  reset(): void {
    this.current = { ...this.initial };
    this.forced = null;
    this.windows = new Map();
    this.prng = createPrng(this.seed ^ 0x5bd1e995);
  }
}
