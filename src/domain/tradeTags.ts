// Tags and mistakes on trades (docs/product.md, "Trades"): what the form suggests, and what each
// mistake cost in R (docs/product.md, "Review"). Pure: the Review page runs it over its trades.
import { roundTo4 } from './rounding.ts';
import { computeStats, type GroupStats } from './stats.ts';
import type { Trade } from './types.ts';

/** The mistakes the form suggests before the trader has named any of their own. */
export const COMMON_MISTAKES = ['moved stop', 'chased entry', 'oversized'] as const;

/**
 * What the form offers for `kind`: every label the trader's trades carry, each once (ignoring
 * case, in its most used spelling), most used first, then alphabetically; mistakes also offer
 * COMMON_MISTAKES not yet used.
 */
export function labelSuggestions(
  trades: readonly Pick<Trade, 'tags' | 'mistakes'>[],
  kind: 'tags' | 'mistakes',
): string[] {
  const uses = new Map<string, { count: number; spellings: Map<string, number> }>();
  for (const trade of trades) {
    for (const label of trade[kind] ?? []) {
      const key = label.toLowerCase();
      const entry = uses.get(key) ?? { count: 0, spellings: new Map() };
      entry.count++;
      entry.spellings.set(label, (entry.spellings.get(label) ?? 0) + 1);
      uses.set(key, entry);
    }
  }
  const used = [...uses.entries()]
    .map(([key, { count, spellings }]) => {
      const [spelling] = [...spellings.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
      return { key, count, spelling };
    })
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((u) => u.spelling);
  if (kind === 'tags') return used;
  const usedKeys = new Set(uses.keys());
  return [...used, ...COMMON_MISTAKES.filter((m) => !usedKeys.has(m))];
}

export interface MistakeCost {
  /** The mistake's figures, as Review's other groups (its trades with an R in n). */
  stats: GroupStats;
  /**
   * n × (expectancy of the trades with no mistake − the mistake's expectancy), in R, 4 decimals:
   * what its trades gave up against the trader's clean trades (positive: a cost). Null without
   * clean trades to compare with.
   */
  costR: number | null;
}

/**
 * The cost of each mistake in R (docs/product.md, "Review"): over the trades Review counts (closed,
 * complete, with an R), for each mistake, its n × (E₀ − E), where E₀ is the expectancy of the
 * trades with no mistake and E that of the trades with it, each as shown (4 decimals). A trade
 * with two mistakes counts in both. Largest cost first.
 */
export function mistakeCosts(trades: readonly Trade[]): {
  clean: GroupStats | undefined;
  costs: MistakeCost[];
} {
  const groups = computeStats(trades, 'mistake', { plans: [], setups: [], edges: [] });
  const clean = groups.find((g) => g.key === 'none');
  const baseline = clean?.expectancyR ?? null;
  const costs = groups
    .filter((g) => g.key !== 'none')
    .map((stats) => ({
      stats,
      costR:
        baseline === null || stats.expectancyR === null
          ? null
          : roundTo4(stats.n * (baseline - stats.expectancyR)),
    }))
    .sort((a, b) => (b.costR ?? -Infinity) - (a.costR ?? -Infinity) || b.stats.n - a.stats.n);
  return { clean, costs };
}
