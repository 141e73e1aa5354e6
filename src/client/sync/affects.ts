import type { CollectionName } from '../db/db.ts';

/** The cached collections a trader can change; the market cycle is the server's alone. */
export type EntityCollection = Exclude<CollectionName, 'marketCycle'>;
export type ChangeMethod = 'POST' | 'PUT' | 'DELETE';

/** What a change is about, before and after (records, bodies): what tells what else it reaches. */
type ChangedRecord = { tradeSetupId?: unknown } | undefined;

/**
 * The one declaration of what else a change can alter on the server, beyond the record itself
 * (whose answer is written to the cache at once): these collections are re-read once the server
 * has the change. A queued change stores the list, so a replay re-reads the same.
 *
 * - A plan counts toward its setup's success score (docs/product.md, "Trade setups"); a deleted
 *   plan also leaves the trades linked to it unplanned.
 * - A deleted setup leaves its plans without one.
 * - An account's settings size every plan (docs/product.md, "Position size").
 * - Edges reach nothing else: plans keep the ids of their edges, deactivated or not. A deleted
 *   edge is re-read, deactivated, so the cache keeps its name for the plans and the statistics
 *   that cite it.
 * - A fill, recorded or deleted, makes the server rebuild the trades from the fills; a trade's R
 *   counts toward the success score of its plan's setup once it closes.
 * - A trade's plan link and stop move its R between setups' scores; a plan's outcome is read from
 *   the cached trades.
 * - Accounts' open and planned risk are computed in the app from the cached trades and plans, so
 *   no change needs the accounts re-read for them.
 */
export function affectedBy(
  collection: EntityCollection,
  method: ChangeMethod,
  records: readonly object[] = [],
): EntityCollection[] {
  switch (collection) {
    case 'tradePlans':
      return [
        ...(records.some((r) => (r as ChangedRecord)?.tradeSetupId) ? ['tradeSetups' as const] : []),
        ...(method === 'DELETE' ? ['trades' as const] : []),
      ];
    case 'tradeSetups':
      return method === 'DELETE' ? ['tradePlans'] : [];
    case 'accounts':
      return ['tradePlans'];
    case 'edges':
      return method === 'DELETE' ? ['edges'] : [];
    case 'executions':
      return ['trades', 'tradeSetups'];
    case 'trades':
      return ['tradeSetups'];
  }
}
