// A plan's direction (docs/product.md, "Trade plans"): a long plan buys, with its stop below the
// entry and its target above; a short plan sells short, with its stop above the entry and its
// target below. Every figure of a plan is the long one seen from the plan's side, so the helpers
// here are the one place that knows which side is which. Pure and free of superstruct: sizing and
// quotes use them too.

export const PLAN_DIRECTIONS = ['Long', 'Short'] as const;
export type PlanDirection = (typeof PLAN_DIRECTIONS)[number];

/** A plan cached or backed up before plans had a direction is long. */
export const directionOf = (plan: { direction?: PlanDirection | null }): PlanDirection =>
  plan.direction === 'Short' ? 'Short' : 'Long';

/** +1 for a long plan, −1 for a short one: a price move times the sign is what the plan gains. */
export const directionSign = (plan: { direction?: PlanDirection | null }): 1 | -1 =>
  directionOf(plan) === 'Short' ? -1 : 1;

export interface DirectedPrices {
  entryPrice: number;
  stopLossPrice: number;
  /** Long when left out. */
  direction?: PlanDirection | null;
}

/**
 * Risk per share in dollars: entry − stop for a long plan, stop − entry for a short one; positive
 * when the stop is on the plan's losing side of the entry.
 */
export const riskPerShare = (p: DirectedPrices): number =>
  directionSign(p) * (p.entryPrice - p.stopLossPrice);
