import { capitalRiskAmount, maxRiskAmount } from './accounts.ts';
import type { Account, PositionSize } from './types.ts';

type SizingAccount = Pick<
  Account,
  'currentBalance' | 'availableFundsForTrading' | 'capitalRisk' | 'maxTradeRisk' | 'scaleOutFactor'
>;
interface PlanPrices {
  entryPrice: number;
  stopLossPrice: number;
}

// Money math in binary floats lands a hair under whole numbers (0.3 / 0.1 = 2.9999999999999996);
// flooring that would drop a share the trader can afford, so allow a tolerance far below a share.
const EPSILON = 1e-9;
const floorShares = (x: number): number => Math.floor(x + EPSILON);

/**
 * Shares one account may buy for a plan (docs/product.md, "Position size"): the smallest of what the
 * risk limit, the capital limit and the available funds allow, in whole multiples of the
 * scale-out factor, never below zero.
 */
function computePositionSize(account: SizingAccount, plan: PlanPrices): number {
  const riskPerShare = plan.entryPrice - plan.stopLossPrice;
  if (!(riskPerShare > 0) || !(plan.entryPrice > 0)) return 0;
  const byRisk = floorShares(maxRiskAmount(account) / riskPerShare);
  const byCapital = floorShares(capitalRiskAmount(account) / plan.entryPrice);
  const byFunds = floorShares(account.availableFundsForTrading / plan.entryPrice);
  const shares = Math.min(byRisk, byCapital, byFunds);
  const lot =
    Number.isInteger(account.scaleOutFactor) && account.scaleOutFactor >= 1 ? account.scaleOutFactor : 1;
  const rounded = Math.floor(shares / lot) * lot;
  return Number.isFinite(rounded) && rounded > 0 ? rounded : 0;
}

export function computePositionSizes(
  accounts: readonly (SizingAccount & Pick<Account, 'id' | 'accountName'>)[],
  plan: PlanPrices,
): PositionSize[] {
  return accounts.map((a) => ({
    accountId: a.id,
    accountName: a.accountName,
    position: computePositionSize(a, plan),
  }));
}

export const isValidPositionSize = (p: PositionSize): boolean => p.position > 0;
