/** A seeded PRNG (mulberry32), so every run sends the same requests in the same order. */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  /** Up to n items, in their original order, chosen without repetition. */
  sample<T>(items: readonly T[], n: number): T[];
  /** A well-formed ULID (lower case, timestamp in range) that no seeded resource has. */
  ulid(): string;
}

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

export function prng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    ulid: () => `0${Array.from({ length: 25 }, () => CROCKFORD[int(32)]).join('')}`,
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(items.length)]!;
    },
    sample: (items, n) => {
      if (items.length <= n) return [...items];
      const chosen = new Set<number>();
      while (chosen.size < n) chosen.add(int(items.length));
      return [...chosen].sort((a, b) => a - b).map((i) => items[i]!);
    },
  };
}

/** A stable seed per operation, so adding an operation does not reshuffle the others' cases. */
export function seedOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
