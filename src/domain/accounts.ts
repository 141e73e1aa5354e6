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

const percentOf = (part: number, whole: number): number => (whole === 0 ? 0 : (part / whole) * 100);

/** The Dashboard's "Invested %": invested amount as a percentage of the balance; 0 on a zero balance. */
export const investedPercentage = (a: Balances): number => percentOf(investedAmount(a), a.currentBalance);

interface AccountTotals {
  originalBalance: number;
  currentBalance: number;
  invested: number;
  free: number;
  investedPercentage: number;
  pnl: number;
  pnlPercentage: number;
}

/**
 * The Dashboard's Total row (docs/product.md, "Accounts"): sums, then invested % of the total
 * balance, P&L and its percentage of the total original.
 */
export function accountTotals(accounts: readonly (Balances & WithOriginal)[]): AccountTotals {
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
  const investedPercentage = percentOf(invested, currentBalance);
  return { originalBalance, currentBalance, invested, free, investedPercentage, pnl, pnlPercentage };
}
