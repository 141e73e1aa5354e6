// Open risk ("heat") per account (docs/product.md, "Review"): what the account stands to
// lose if every open trade and every active plan not yet traded hit its stop.
import { HEAT_LIMIT_MAX, HEAT_LIMIT_MIN, HEAT_WARNING_PERCENT_OF_LIMIT } from './constants.ts';
import { riskPerShare } from './planDirection.ts';
import { computePositionSizes } from './positionSize.ts';
import { roundCents, roundHalfAway, roundTo4 } from './rounding.ts';
import { isActivePlan } from './tradePlans.ts';
import type { Account, Trade, TradePlan } from './types.ts';

export type HeatLevel = 'ok' | 'warning' | 'over';

export type HeatAccount = Pick<
  Account,
  'id' | 'currentBalance' | 'availableFundsForTrading' | 'capitalRisk' | 'maxTradeRisk' | 'scaleOutFactor'
> & {
  /** % of the current balance; DEFAULT_HEAT_LIMIT_PERCENT until the trader sets one. */
  heatLimit: number;
};

export type HeatPlan = Pick<
  TradePlan,
  'id' | 'stock' | 'status' | 'doneAt' | 'entryPrice' | 'stopLossPrice'
> &
  Partial<Pick<TradePlan, 'direction'>>;

export interface AccountHeat {
  /** Dollars: Σ openQuantity × |averageEntryPrice − initialStop| over the open trades with a stop. */
  openRisk: number;
  /** Dollars: Σ position size × risk per share (|entry − stop|) over the active plans with no trade yet. */
  plannedRisk: number;
  /** Open trades with no stop: their risk is unknown, so it is not in openRisk. */
  openWithoutStop: number;
  /** % of the current balance, 2 decimals; null when the balance is not positive. */
  openRiskPercent: number | null;
  plannedRiskPercent: number | null;
  /** (openRisk + plannedRisk) as % of the balance, 2 decimals; null when the balance is not positive. */
  heatPercent: number | null;
  level: HeatLevel;
}

export const isHeatLimitInRange = (limit: number): boolean =>
  Number.isFinite(limit) && limit >= HEAT_LIMIT_MIN && limit <= HEAT_LIMIT_MAX;

/** Percents as the Dashboard shows them (formatPercent: 2 decimals). */
const percentOf = (amount: number, balance: number): number | null =>
  balance > 0 ? roundHalfAway((amount / balance) * 100, 2) : null;

/**
 * Amber from 80 % of the limit, red above it (docs/product.md): exactly at the limit is still
 * amber. Judged on the heat as shown (2 decimals), so the colour never contradicts the figure;
 * the threshold is rounded to 4 decimals to drop float dust (0.11 × 80 ÷ 100 = 0.08800000000000001).
 * Nothing at risk is never a warning, even with a limit of 0.
 */
export function heatLevel(heatPercent: number, heatLimit: number): HeatLevel {
  if (heatPercent <= 0) return 'ok';
  if (heatPercent > heatLimit) return 'over';
  return heatPercent >= roundTo4((heatLimit * HEAT_WARNING_PERCENT_OF_LIMIT) / 100) ? 'warning' : 'ok';
}

/**
 * One account's heat. `trades` are the trader's trades of every account: a plan counts as traded
 * once any trade, in any account and open or closed, is linked to it. `plans` are all of them;
 * only the active ones (Ready or Hold, and not done) count, each sized for this account as the
 * plans list sizes it.
 */
export function accountHeat(
  account: HeatAccount,
  trades: readonly Trade[],
  plans: readonly HeatPlan[],
): AccountHeat {
  let openRisk = 0;
  let openWithoutStop = 0;
  for (const trade of trades) {
    // An incomplete trade is always closed (its fill closed a position); skipped here all the same.
    if (trade.accountId !== account.id || trade.closedAt !== null || trade.incomplete) continue;
    if (trade.option) {
      // An option's: the premium a long one still holds (docs/product.md, "Options"); a short one's is unknown.
      if (trade.direction === 'Long' && trade.averageEntryPrice !== null)
        openRisk += trade.openQuantity * trade.averageEntryPrice * trade.option.multiplier;
      else openWithoutStop += 1;
    } else if (trade.initialStop === null || trade.averageEntryPrice === null) openWithoutStop += 1;
    else openRisk += trade.openQuantity * Math.abs(trade.averageEntryPrice - trade.initialStop);
  }

  const traded = new Set(trades.flatMap((t) => (t.planId === null ? [] : [t.planId])));
  const sizing = { ...account, accountName: '' };
  let plannedRisk = 0;
  for (const plan of plans) {
    if (!isActivePlan(plan) || traded.has(plan.id)) continue;
    // 0 shares when the stop is on the wrong side of the entry, so such a plan adds nothing.
    const [size] = computePositionSizes([sizing], plan);
    plannedRisk += size!.position * riskPerShare(plan);
  }

  openRisk = roundCents(openRisk);
  plannedRisk = roundCents(plannedRisk);
  const heatPercent = percentOf(openRisk + plannedRisk, account.currentBalance);
  // Anything at risk with no positive balance to measure it against is over any limit.
  const noBalanceLevel: HeatLevel = openRisk + plannedRisk > 0 ? 'over' : 'ok';
  return {
    openRisk,
    plannedRisk,
    openWithoutStop,
    openRiskPercent: percentOf(openRisk, account.currentBalance),
    plannedRiskPercent: percentOf(plannedRisk, account.currentBalance),
    heatPercent,
    level: heatPercent === null ? noBalanceLevel : heatLevel(heatPercent, account.heatLimit),
  };
}
