// The Dashboard's three cards, from the trader's own trades (docs/product.md, "Accounts"): how
// many are open, and the net P&L of the trades closed in a calendar month against the accounts'
// balance. The month's bounds come from the caller, who knows the trader's calendar and clock.

import { countOf } from './format.ts';
import type { Account, Trade } from './types.ts';

/** "2 active trades", "1 active trade", "No open trades". */
export function openPositionsText(trades: readonly Pick<Trade, 'closedAt'>[]): string {
  const open = trades.filter((t) => t.closedAt === null).length;
  return open === 0 ? 'No open trades' : countOf(open, 'active trade');
}

export interface MonthPerformance {
  /** Net P&L of the trades closed in the month, fees included. */
  netPnl: number;
  /** That against the accounts' total balance, in percent; null when the balance is not above 0. */
  percent: number | null;
}

/**
 * The trades closed in [`from`, `to`) (epoch ms, the month's start and the next month's start in
 * the trader's calendar): their net P&L, to the cent, and its share of the accounts' total
 * balance. Null when no trade with a known P&L closed then.
 */
export function monthPerformance(
  trades: readonly Pick<Trade, 'closedAt' | 'netPnl'>[],
  accounts: readonly Pick<Account, 'currentBalance'>[],
  from: number,
  to: number,
): MonthPerformance | null {
  // A trade whose entry cost is unknown (shares transferred in at no cost) has no P&L to count.
  const closed = trades.filter((t): t is { closedAt: string; netPnl: number } => {
    if (t.closedAt === null || t.netPnl === null) return false;
    const at = Date.parse(t.closedAt);
    return at >= from && at < to;
  });
  if (closed.length === 0) return null;
  const netPnl = Math.round(closed.reduce((sum, t) => sum + t.netPnl, 0) * 100) / 100;
  const balance = accounts.reduce((sum, a) => sum + a.currentBalance, 0);
  return { netPnl, percent: balance > 0 ? (netPnl / balance) * 100 : null };
}
