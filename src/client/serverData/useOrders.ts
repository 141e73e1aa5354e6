// A plan's orders as screens read them: from the cache, where only the server's answers are kept
// (serverData/orders.ts), so offline too.
import { type CachedOrder, db, type TradeTrackerDb } from '../db/db.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';

/** The plan's cached orders, newest first. */
export const cachedPlanOrders = async (
  planId: string,
  database: TradeTrackerDb = db,
): Promise<CachedOrder[]> =>
  // A copy: inside a live query the cache's rows come frozen (src/client/db/db.ts).
  [...(await database.orders.where('planId').equals(planId).toArray())].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );

/** The plan's cached orders, newest first; undefined while they are read. */
export function usePlanOrders(planId: string): CachedOrder[] | undefined {
  return useLiveQuery(() => cachedPlanOrders(planId), [planId]);
}

/** How many orders of the plan this device knows of; undefined while read. */
export const useKnownOrderCount = (planId: string) =>
  useLiveQuery(() => db.orders.where('planId').equals(planId).count(), [planId]);
