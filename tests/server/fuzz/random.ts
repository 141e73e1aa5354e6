/** mulberry32: a tiny seeded PRNG, so a failing fuzz run can be replayed exactly. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Random {
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  uuid(): string;
}

export function seededRandom(seed: number): Random {
  const next = mulberry32(seed);
  const random: Random = {
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[random.int(items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => random.int(16).toString(16)).join('');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
    },
  };
  return random;
}
