import type { TradePlan } from '../../domain/types.ts';
import { db } from '../db/db.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';

/**
 * The cached plans that a cached trade links to, undefined while read: what Trades and Review
 * need of the plans. A journal may hold 10,000 plans, and reading them all took a Review load
 * hundreds of ms; the trades' `planId` index names the few linked (a deleted plan is not there).
 */
export function useLinkedPlans(): TradePlan[] | undefined {
  return useLiveQuery(async () => {
    const ids = (await db.trades.orderBy('planId').uniqueKeys()) as string[];
    return (await db.tradePlans.bulkGet(ids)).filter((p) => p !== undefined);
  }, []);
}
