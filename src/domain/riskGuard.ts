// The risk guard (docs/product.md, "Orders"): per account, an optional daily loss limit (dollars, or
// percent of the live balance) and an optional most new trades a day. Once the day's loss (realised,
// plus what today's orders could still lose) or its new trades (opened, or ordered today and not yet
// a trade) reach either, Trade Tracker sends no new orders for the account until the next trading
// day. The day is New York's calendar day (marketHours.ts), so it turns at New York's midnight
// whatever the trader's own time zone. Pure: callers pass `now`.

import type { LiveAccount } from './accounts.ts';
import { formatMoney } from './format.ts';
import { newYorkTime } from './marketHours.ts';
import { messages } from './messages.ts';
import { type BracketOrder, type OrderDto, orderDollarsAtRisk } from './orders.ts';
import { roundCents } from './rounding.ts';
import type { Trade } from './trade.ts';

export type GuardSettings = Pick<LiveAccount, 'dailyLossLimit' | 'dailyLossLimitUnit' | 'maxNewTradesPerDay'>;
type GuardedAccount = GuardSettings & Pick<LiveAccount, 'id' | 'currentBalance'>;
export type GuardTrade = Pick<Trade, 'accountId' | 'openedAt' | 'closedAt' | 'netPnl'> &
  Partial<Pick<Trade, 'planId'>>;
/** An order Trade Tracker sent (or is sending) for a plan: a new trade in the making. */
export type GuardOrder = Pick<
  OrderDto,
  'accountId' | 'planId' | 'status' | 'filledQuantity' | 'createdAt' | 'order'
>;

export interface RiskGuardState {
  /** The realised P&L of the account's trades closed today (New York), net of fees, to the cent. */
  realisedToday: number;
  /** The account's trades opened today (New York), and today's orders not yet seen as a trade. */
  newTradesToday: number;
  /** What today's orders could still lose, to the cent: each at its stop, until its trade closes. */
  atRiskInOrders: number;
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
 * Whether an order may still open a position, or did: a rejected order never reached the market,
 * and one cancelled (or gone) before any fill opened nothing.
 */
const orderCounts = (o: GuardOrder): boolean =>
  o.status !== 'Rejected' && !(o.status === 'Cancelled' && o.filledQuantity <= 0);

/**
 * What an order could still lose: its dollars at risk (its worst entry, then its stop), of the
 * shares it filled once it can fill no more.
 */
function orderAtRisk(o: GuardOrder): number {
  const atRisk = orderDollarsAtRisk(o.order);
  return o.status === 'Cancelled' && o.order.quantity > 0
    ? (atRisk * Math.min(o.filledQuantity, o.order.quantity)) / o.order.quantity
    : atRisk;
}

/**
 * The account's guard at `now`: the day's loss (the realised P&L of trades closed today with a
 * known P&L, and what today's orders could still lose until their trades close) and its new trades
 * (opened today, and today's orders whose trade is not seen yet: sent, working, or filled before
 * the import), each against its limit. An order is its plan's trade in the account once a trade
 * linked to that plan opened today. A loss exactly at the limit reaches it, as does the count
 * exactly at the most.
 */
export function riskGuardOf(
  account: GuardedAccount,
  trades: readonly GuardTrade[],
  now: Date,
  orders: readonly GuardOrder[] = [],
): RiskGuardState {
  const today = guardDayOf(now);
  let realised = 0;
  let newTradesToday = 0;
  // Today's trades of a plan, by whether one has closed: an order's own trade once imported.
  const planTradesToday = new Map<string, { closed: boolean }>();
  for (const t of trades) {
    if (t.accountId !== account.id) continue;
    if (guardDayOf(new Date(t.openedAt)) === today) {
      newTradesToday++;
      if (t.planId) {
        const seen = planTradesToday.get(t.planId);
        planTradesToday.set(t.planId, { closed: (seen?.closed ?? false) || t.closedAt !== null });
      }
    }
    if (t.closedAt !== null && t.netPnl !== null && guardDayOf(new Date(t.closedAt)) === today) {
      realised += t.netPnl;
    }
  }
  let atRisk = 0;
  for (const o of orders) {
    if (o.accountId !== account.id || !orderCounts(o) || guardDayOf(new Date(o.createdAt)) !== today)
      continue;
    const trade = planTradesToday.get(o.planId);
    if (!trade) newTradesToday++;
    if (!trade?.closed) atRisk += orderAtRisk(o);
  }
  const realisedToday = roundCents(realised);
  const atRiskInOrders = roundCents(atRisk);
  const lossLimit = lossLimitInDollars(account);
  const reasons: string[] = [];
  if (lossLimit !== null && lossLimit > 0 && roundCents(atRiskInOrders - realisedToday) >= lossLimit) {
    reasons.push(
      atRiskInOrders > 0
        ? messages.dailyLossLimitReachedWithOrders(
            formatMoney(realisedToday),
            formatMoney(atRiskInOrders),
            formatMoney(-lossLimit),
          )
        : messages.dailyLossLimitReached(formatMoney(realisedToday), formatMoney(-lossLimit)),
    );
  }
  const most = account.maxNewTradesPerDay ?? null;
  if (most !== null && newTradesToday >= most) {
    reasons.push(messages.newTradesLimitReached(newTradesToday, most));
  }
  return { realisedToday, newTradesToday, atRiskInOrders, lossLimit, reasons, reached: reasons.length > 0 };
}

/**
 * Why one more order would take the day past the loss limit, in words; null when it would not:
 * what it could lose (its dollars at risk), with the day's realised loss and what today's orders
 * could still lose, more than the limit. Exactly at the limit it may go: it reaches the guard only
 * if it is lost.
 */
export function orderPastLossLimit(guard: RiskGuardState, order: BracketOrder): string | null {
  if (guard.lossLimit === null || !(guard.lossLimit > 0)) return null;
  const atRisk = orderDollarsAtRisk(order);
  if (!(roundCents(atRisk + guard.atRiskInOrders - guard.realisedToday) > guard.lossLimit)) return null;
  return messages.orderPastLossLimit(
    formatMoney(atRisk),
    formatMoney(guard.realisedToday),
    formatMoney(guard.atRiskInOrders),
    formatMoney(-guard.lossLimit),
  );
}
