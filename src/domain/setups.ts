import type { TradePlanStatus } from './types.ts';

/**
 * A setup's success score (docs/product.md, "Trade setups"): the mean probability of success of
 * its plans that are not discarded and have one, rounded; 0 when there are none. The server
 * computes it in SQL (src/server/setups/setupRepository.ts), which must give the same number.
 */
export function successScore(
  plans: readonly { status: TradePlanStatus; probabilityOfSuccess: number | null }[],
): number {
  const counted = plans.flatMap((p) =>
    p.status !== 'Discarded' && p.probabilityOfSuccess !== null ? [p.probabilityOfSuccess] : [],
  );
  if (counted.length === 0) return 0;
  return Math.round(counted.reduce((sum, p) => sum + p, 0) / counted.length);
}
