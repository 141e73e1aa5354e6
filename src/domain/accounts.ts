import type { Account } from './types.ts';

type Balances = Pick<Account, 'currentBalance' | 'availableFundsForTrading'>;
type WithOriginal = Pick<Account, 'currentBalance' | 'originalBalance'>;

export const investedAmount = (a: Balances): number => a.currentBalance - a.availableFundsForTrading;

export const totalPnL = (a: WithOriginal): number => a.currentBalance - a.originalBalance;

export const totalPnLPercentage = (a: WithOriginal): number =>
  a.originalBalance === 0 ? 0 : (totalPnL(a) / a.originalBalance) * 100;

export const maxRiskAmount = (a: Pick<Account, 'currentBalance' | 'maxTradeRisk'>): number =>
  (a.currentBalance * a.maxTradeRisk) / 100;

export const capitalRiskAmount = (a: Pick<Account, 'currentBalance' | 'capitalRisk'>): number =>
  (a.currentBalance * a.capitalRisk) / 100;

export const isProfit = (a: WithOriginal): boolean => totalPnL(a) > 0;
export const isLoss = (a: WithOriginal): boolean => totalPnL(a) < 0;

/** A trade is affordable when its cost does not exceed the funds available for trading. */
export const isAffordable = (a: Pick<Account, 'availableFundsForTrading'>, cost: number): boolean =>
  cost <= a.availableFundsForTrading;

/** A trade is within the risk limits when what it can lose does not exceed the max risk amount. */
export const isWithinRiskLimit = (
  a: Pick<Account, 'currentBalance' | 'maxTradeRisk'>,
  risk: number,
): boolean => risk <= maxRiskAmount(a);

export interface AccountTotals {
  originalBalance: number;
  currentBalance: number;
  invested: number;
  free: number;
  pnl: number;
  pnlPercentage: number;
}

/** The Dashboard's Total row (SPEC §2): sums, then P&L and its percentage of the total original. */
export function accountTotals(accounts: readonly Account[]): AccountTotals {
  let originalBalance = 0;
  let currentBalance = 0;
  let invested = 0;
  let free = 0;
  for (const a of accounts) {
    originalBalance += a.originalBalance;
    currentBalance += a.currentBalance;
    invested += investedAmount(a);
    free += a.availableFundsForTrading;
  }
  const pnl = currentBalance - originalBalance;
  const pnlPercentage =
    originalBalance === 0 || !Number.isFinite(pnl / originalBalance) ? 0 : (pnl / originalBalance) * 100;
  return { originalBalance, currentBalance, invested, free, pnl, pnlPercentage };
}
