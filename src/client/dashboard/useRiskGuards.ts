import { useEffect, useState } from 'react';
import { hasRiskGuard, type RiskGuardState, riskGuardOf } from '../../domain/riskGuard.ts';
import type { LiveAccount } from '../../domain/types.ts';
import { db } from '../db/db.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';

/** The guard's day turns at New York's midnight: its readers look again every minute. */
function useMinute(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Each guarded account's risk guard now (docs/product.md, "Orders"), from the cache with the
 * server's own rule (the domain's `riskGuardOf`) over the cached trades and the orders this device
 * knows, so offline too; undefined while they are read. Accounts without a guard are left out, and
 * without any, nothing is read.
 */
export function useRiskGuards(
  accounts: readonly LiveAccount[],
): ReadonlyMap<string, RiskGuardState> | undefined {
  const guarded = accounts.filter(hasRiskGuard);
  const read = useLiveQuery(
    async () =>
      guarded.length === 0
        ? { trades: [], orders: [] }
        : { trades: await db.trades.toArray(), orders: await db.orders.toArray() },
    [guarded.length],
  );
  const now = useMinute();
  if (read === undefined) return undefined;
  return new Map(guarded.map((a) => [a.id, riskGuardOf(a, read.trades, now, read.orders)]));
}
