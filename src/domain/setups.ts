import type { TradePlanStatus, TradeSetupInput } from './types.ts';

/** The fields of a setup's input the trader may leave out; each starts empty. */
type SetupText = 'description' | 'entryCriteria' | 'exitCriteria' | 'notes';

/**
 * What a new setup is made of: its input with every optional text filled (empty), scoring 0
 * until a plan cites it. `id`, `rules` and anything else the input carries are left out.
 */
export function newSetup(input: Pick<TradeSetupInput, 'name'> & Partial<Pick<TradeSetupInput, SetupText>>) {
  return {
    name: input.name,
    description: input.description ?? '',
    entryCriteria: input.entryCriteria ?? '',
    exitCriteria: input.exitCriteria ?? '',
    notes: input.notes ?? '',
    successScore: 0,
  };
}

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
