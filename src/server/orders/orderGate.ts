// The accounts' say on an order (docs/product.md, "Orders"): whether the trader allowed orders from
// Trade Tracker for the account, and whether its risk guard is reached today. The order service
// asks before every preview and placement; nothing here calls the broker but for live balances.
import { messages } from '../../domain/messages.ts';
import { type GuardTrade, hasRiskGuard, riskGuardOf } from '../../domain/riskGuard.ts';
import type { BrokerAccount } from '../brokers/broker.ts';
import type { Database } from '../db/database.ts';
import { tradesOf } from '../trades/tradeBook.ts';
import { settingsOf, storedAccount } from './accountRepository.ts';
import type { AccountService } from './accountService.ts';

export interface OrderGate {
  /**
   * Why no order may go to the trader's account now, in words; null when one may. Another
   * trader's account, or none, is refused as not found (a Refusal, like every 404).
   */
  refusal(userId: string, accountId: string, now: Date): Promise<string | null>;
}

export function createOrderGate(deps: { db: Database; accounts: Pick<AccountService, 'list'> }): OrderGate {
  const { db, accounts } = deps;
  return {
    async refusal(userId, accountId, now) {
      const stored = await storedAccount(db, userId, accountId);
      if (!stored.ordersAllowed) return messages.ordersNotAllowed;
      if (!hasRiskGuard(stored)) return null;
      // A percent limit is of the live balance (the broker's, cached 30 s): the one the order is sized by.
      const live = (await accounts.list(userId)).find((a) => a.id === accountId);
      if (!live) return messages.accountNotFound;
      const guard = riskGuardOf(live, await tradesOf(db, userId, []), now);
      return guard.reached ? messages.guardReachedRefusal(guard.reasons.join('; ')) : null;
    },
  };
}

/**
 * Whether every one of the trader's accounts has its risk guard reached at `now` (the alert
 * watcher mutes entry alerts then: no account may take the trade). An account without a guard, or
 * without a balance to measure a percent limit against, is never reached. The broker is asked for
 * balances only when a limit is in percent.
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
  return stored.every((a) => {
    const balance = balanceOf.get(a.accountHash);
    if (needsBalance && balance === undefined && a.dailyLossLimitUnit === 'Percent') {
      // Only the count can reach a guard whose percent limit has no balance.
      return riskGuardOf({ ...a, dailyLossLimit: null, currentBalance: 0 }, trades, now).reached;
    }
    return riskGuardOf({ ...a, currentBalance: balance ?? 0 }, trades, now).reached;
  });
}
