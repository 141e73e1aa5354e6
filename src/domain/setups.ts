import { roundHalfAway } from './rounding.ts';
import { isCountedTrade } from './stats.ts';
import type { Trade, TradePlanStatus, TradeSetupInput } from './types.ts';

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
    successScoreBasis: 'planned' as const,
    successScoreTrades: 0,
  };
}

/**
 * A setup's planned success score (docs/product.md, "Trade setups"): the mean probability of
 * success of its plans that are not discarded and have one, rounded; 0 when there are none.
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

export type SuccessScoreBasis = 'trades' | 'planned';

export interface SetupScore {
  successScore: number;
  /** 'trades' once the setup's plans have closed trades with an R; 'planned' until then. */
  successScoreBasis: SuccessScoreBasis;
  /** The trades the score is the win rate of; 0 on the 'planned' basis. */
  successScoreTrades: number;
}

/**
 * A setup's success score with its basis (docs/product.md, "Trade setups"). `plans` are the
 * setup's plans, discarded ones too: a trade taken on a plan later discarded was still traded.
 * Once they have trades the statistics count (closed, complete, with an R), the score is those
 * trades' win rate, wins (R > 0) ÷ n × 100, rounded to a whole number: the setup's win rate on the
 * Review page, which shows one decimal. Until then, the planned mean of `successScore`.
 */
export function setupSuccessScore(
  plans: readonly { id: string; status: TradePlanStatus; probabilityOfSuccess: number | null }[],
  trades: readonly Trade[],
): SetupScore {
  const planIds = new Set(plans.map((p) => p.id));
  const counted = trades.filter(isCountedTrade).filter((t) => t.planId !== null && planIds.has(t.planId));
  if (counted.length === 0) {
    return { successScore: successScore(plans), successScoreBasis: 'planned', successScoreTrades: 0 };
  }
  const wins = counted.filter((t) => t.rMultiple > 0).length;
  return {
    successScore: roundHalfAway((wins / counted.length) * 100, 0),
    successScoreBasis: 'trades',
    successScoreTrades: counted.length,
  };
}
