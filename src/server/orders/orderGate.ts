// The accounts' say on an order (docs/product.md, "Orders"): whether the trader allowed orders from
// Trade Tracker for the account, and whether its risk guard lets one more through today, counting
// the orders already sent. A placement asks inside the transaction that records its intent, under
// the account's row lock, so placements of one account are decided one after another in every
// process; a preview asks the same outside it.
import { messages } from '../../domain/messages.ts';
import type { BracketOrder } from '../../domain/orders.ts';
import { type GuardTrade, hasRiskGuard, orderPastLossLimit, riskGuardOf } from '../../domain/riskGuard.ts';
import type { LiveAccount } from '../../domain/types.ts';
import { settingsOf, storedAccount } from '../accounts/accountRepository.ts';
import type { BrokerAccount } from '../brokers/broker.ts';
import type { Database } from '../db/database.ts';
import { type OrderRow, ordersOfAccountSince, toOrder } from './orderRepository.ts';

/** The guard's day is New York's: orders of the last 26 hours hold every order of it, whatever the clock change. */
const GUARD_DAY_REACH_MS = 26 * 3600_000;

/**
 * Why no order (or not this `order`) may go to the trader's account now, in words; null when one
 * may. `account` is the live account (a percent limit is of its balance, the one the order is
 * sized by); `trades` the trader's trades, read before. With `lock`, `q` is the placement's
 * transaction and the account's row is held until it ends. Another trader's account, or none, is
 * refused as not found.
 */
export async function orderRefusal(
  q: Database,
  userId: string,
  account: LiveAccount,
  trades: readonly GuardTrade[],
  now: Date,
  { lock = false, order }: { lock?: boolean; order?: BracketOrder } = {},
): Promise<string | null> {
  const stored = await storedAccount(q, userId, account.id, lock ? 'update' : undefined);
  if (stored.source === 'manual') return messages.ordersNeedBroker;
  if (!stored.ordersAllowed) return messages.ordersNotAllowed;
  if (!hasRiskGuard(stored)) return null;
  const since = new Date(now.getTime() - GUARD_DAY_REACH_MS);
  const orders = (await ordersOfAccountSince(q, userId, account.id, since)).map(toOrder);
  const guard = riskGuardOf({ ...account, ...guardSettings(stored) }, trades, now, orders);
  if (guard.reached) return messages.guardReachedRefusal(guard.reasons.join('; '));
  return order ? orderPastLossLimit(guard, order) : null;
}

const guardSettings = (
  s: Pick<LiveAccount, 'dailyLossLimit' | 'dailyLossLimitUnit' | 'maxNewTradesPerDay'>,
) => ({
  dailyLossLimit: s.dailyLossLimit,
  dailyLossLimitUnit: s.dailyLossLimitUnit,
  maxNewTradesPerDay: s.maxNewTradesPerDay,
});

/**
 * Whether every one of the trader's accounts has its risk guard reached at `now` (the alert
 * watcher mutes entry alerts then: no account may take the trade), counting today's orders. An
 * account without a guard, or without a balance to measure a percent limit against, is never
 * reached by that limit. The broker is asked for balances only when a limit is in percent.
 */
export async function everyGuardReached(
  db: Database,
  userId: string,
  trades: readonly GuardTrade[],
  balances: () => Promise<readonly Pick<BrokerAccount, 'accountHash' | 'currentBalance'>[]>,
  now: Date,
): Promise<boolean> {
  const stored = await settingsOf(db, userId);
  if (stored.length === 0 || !stored.every(hasRiskGuard)) return false;
  const needsBalance = stored.some((a) => a.dailyLossLimit !== null && a.dailyLossLimitUnit === 'Percent');
  const balanceOf = new Map(
    needsBalance ? (await balances()).map((b) => [b.accountHash, b.currentBalance]) : [],
  );
  const since = new Date(now.getTime() - GUARD_DAY_REACH_MS);
  const ordersOf = async (accountId: string) =>
    (await ordersOfAccountSince(db, userId, accountId, since)).map((row: OrderRow) => toOrder(row));
  for (const a of stored) {
    // A manual account's balance is the trader's own figure, stored with it.
    const balance = a.source === 'manual' ? (a.currentBalance ?? 0) : balanceOf.get(a.accountHash);
    // Only the count can reach a guard whose percent limit has no balance.
    const account =
      needsBalance && balance === undefined && a.dailyLossLimitUnit === 'Percent'
        ? { ...a, dailyLossLimit: null, currentBalance: 0 }
        : { ...a, currentBalance: balance ?? 0 };
    if (!riskGuardOf(account, trades, now, await ordersOf(a.id)).reached) return false;
  }
  return true;
}
