/** Small deterministic PRNG (mulberry32): the same seed always yields the same sandbox data. */
export interface Prng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  sample<T>(items: readonly T[], count: number): T[];
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick() from an empty list');
    return item;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      const [item] = pool.splice(Math.floor(next() * pool.length), 1);
      if (item !== undefined) out.push(item);
    }
    return out;
  };
  return { next, int, pick, chance: (p) => next() < p, sample };
}
