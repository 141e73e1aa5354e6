// The risk guard (docs/product.md, "Orders"): per account, an optional daily loss limit (dollars, or
// percent of the live balance) and an optional most new trades a day. Once the day's realised loss
// or its new trades reach either, Trade Tracker sends no new orders for the account until the next
// trading day. The day is New York's calendar day (marketHours.ts), so it turns at New York's
// midnight whatever the trader's own time zone. Pure: callers pass `now`.

import type { LiveAccount } from './accounts.ts';
import { formatMoney } from './format.ts';
import { newYorkTime } from './marketHours.ts';
import { messages } from './messages.ts';
import { roundCents } from './rounding.ts';
import type { Trade } from './trades.ts';

export type GuardSettings = Pick<LiveAccount, 'dailyLossLimit' | 'dailyLossLimitUnit' | 'maxNewTradesPerDay'>;
type GuardedAccount = GuardSettings & Pick<LiveAccount, 'id' | 'currentBalance'>;
export type GuardTrade = Pick<Trade, 'accountId' | 'openedAt' | 'closedAt' | 'netPnl'>;

export interface RiskGuardState {
  /** The realised P&L of the account's trades closed today (New York), net of fees, to the cent. */
  realisedToday: number;
  /** The account's trades opened today (New York). */
  newTradesToday: number;
  /** The loss limit in dollars (a percent one of the live balance, to the cent); null without one. */
  lossLimit: number | null;
  /** Why the guard is reached, in words, each limit reached; empty while it is not. */
  reasons: string[];
  reached: boolean;
}

/** Whether the account has a limit at all (a cache filled before the guard existed has none). */
export const hasRiskGuard = (a: Partial<GuardSettings>): boolean =>
  (a.dailyLossLimit ?? null) !== null || (a.maxNewTradesPerDay ?? null) !== null;

/** The New York calendar date (YYYY-MM-DD) of a moment: the guard's day. */
export const guardDayOf = (at: Date): string => newYorkTime(at).date;

/** The loss limit in dollars: a percent one is of the live balance (none on a balance of 0 or less). */
export function lossLimitInDollars(account: GuardedAccount): number | null {
  const limit = account.dailyLossLimit ?? null;
  if (limit === null) return null;
  if (account.dailyLossLimitUnit !== 'Percent') return roundCents(limit);
  return roundCents((Math.max(0, account.currentBalance) * limit) / 100);
}

/**
 * The account's guard at `now`: the day's realised P&L (trades closed today with a known P&L) and
 * new trades (opened today), each against its limit. A loss exactly at the limit reaches it, as
 * does the count exactly at the most.
 */
export function riskGuardOf(
  account: GuardedAccount,
  trades: readonly GuardTrade[],
  now: Date,
): RiskGuardState {
  const today = guardDayOf(now);
  let realised = 0;
  let newTradesToday = 0;
  for (const t of trades) {
    if (t.accountId !== account.id) continue;
    if (guardDayOf(new Date(t.openedAt)) === today) newTradesToday++;
    if (t.closedAt !== null && t.netPnl !== null && guardDayOf(new Date(t.closedAt)) === today) {
      realised += t.netPnl;
    }
  }
  const realisedToday = roundCents(realised);
  const lossLimit = lossLimitInDollars(account);
  const reasons: string[] = [];
  if (lossLimit !== null && lossLimit > 0 && -realisedToday >= lossLimit) {
    reasons.push(messages.dailyLossLimitReached(formatMoney(realisedToday), formatMoney(-lossLimit)));
  }
  const most = account.maxNewTradesPerDay ?? null;
  if (most !== null && newTradesToday >= most) {
    reasons.push(messages.newTradesLimitReached(newTradesToday, most));
  }
  return { realisedToday, newTradesToday, lossLimit, reasons, reached: reasons.length > 0 };
}
