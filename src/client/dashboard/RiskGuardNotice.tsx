import { useEffect, useState } from 'react';
import { messages } from '../../domain/messages.ts';
import { hasRiskGuard, riskGuardOf } from '../../domain/riskGuard.ts';
import { db } from '../db/db.ts';
import { useCollection } from '../ui/useCollection.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';

/** The guard's day turns at New York's midnight: the notice looks again every minute. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * One line per account whose risk guard is reached today (docs/product.md, "Orders"), from the
 * cache with the server's own rule, so offline too; nothing while none is.
 */
export function RiskGuardNotice() {
  const accounts = useCollection('accounts', () => db.accounts.orderBy('accountName').toArray());
  const guarded = accounts.rows.filter(hasRiskGuard);
  // Only the trades (and the orders known here) of accounts with a guard matter; none are read without one.
  const read = useLiveQuery(
    async () =>
      guarded.length === 0
        ? { trades: [], orders: [] }
        : { trades: await db.trades.toArray(), orders: await db.orders.toArray() },
    [guarded.length],
  );
  const now = useMinute();
  if (read === undefined) return null;
  const reached = guarded
    .map((account) => ({ account, guard: riskGuardOf(account, read.trades, now, read.orders) }))
    .filter(({ guard }) => guard.reached);
  if (reached.length === 0) return null;
  return (
    <section className="guard-notice" role="status" aria-label="Risk guard">
      {reached.map(({ account, guard }) => (
        <p key={account.id}>
          <strong>{account.accountName}</strong>: {messages.guardReachedRefusal(guard.reasons.join('; '))}.{' '}
          {messages.guardCannotStopBroker}
        </p>
      ))}
    </section>
  );
}
