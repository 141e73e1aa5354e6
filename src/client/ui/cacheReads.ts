// Every page's read of the cached records, one hook per question, by entity (docs/architecture.md,
// "Server-owned data"): no component queries Dexie itself. One module, not one per feature: a
// chunk each would grow the first download's map of lazy chunks (docs/benchmarks.md).
import { directionOf } from '../../domain/planDirection.ts';
import { splitRatiosOf } from '../../domain/tradeFigures.ts';
import { ACTIVE_STATUSES, isActivePlan } from '../../domain/tradePlans.ts';
import { labelSuggestions } from '../../domain/tradeTags.ts';
import type { Execution, LiveAccount, Trade } from '../../domain/types.ts';
import { db, metaKeys } from '../db/db.ts';
import { readInSlices } from '../db/slices.ts';
import { useCollection } from './useCollection.ts';
import { useLiveQuery } from './useLiveQuery.ts';

// Accounts.

const byName = () => db.accounts.orderBy('accountName').toArray();

/** Every cached account; undefined while read. */
export const useAccounts = (): LiveAccount[] | undefined => useLiveQuery(() => db.accounts.toArray(), []);

/** The accounts in the order the Dashboard lists them; undefined while read. */
export const useAccountsByName = (): LiveAccount[] | undefined => useLiveQuery(byName, []);

/** The accounts by name with the collection's load state, as the Dashboard shows them. */
export const useAccountsCollection = () => useCollection('accounts', byName);

/** One cached account; undefined while read or when gone. */
export const useAccount = (id: string) => useLiveQuery(() => db.accounts.get(id), [id]);

/** How many fills the cache holds in an account (a manual one is deleted only without any). */
export const useFillCountOf = (accountId: string) =>
  useLiveQuery(() => db.executions.where('accountId').equals(accountId).count(), [accountId]);

// Edges.

/** Every cached edge, deactivated ones too; undefined while read. */
export const useEdges = () => useLiveQuery(() => db.edges.toArray(), []);

/** The edges of `ids`, in their order (undefined where one is not cached); undefined while read. */
export const useEdgesOf = (ids: string[]) => useLiveQuery(() => db.edges.bulkGet(ids), [ids]);

/** The whole collection for the list, in slices (db/slices.ts). */
export const edgeRows = () => readInSlices(db.edges);

/** Which of the plan's first steps are missing: no active edge, no setup (undefined while read). */
export const useMissingPlanInputs = () =>
  useLiveQuery(
    async () =>
      [
        (await db.edges.filter((e) => e.isActive).count()) === 0,
        (await db.tradeSetups.count()) === 0,
      ] as const,
    [],
  );

// Setups.

/** Every cached setup; undefined while read. */
export const useSetups = () => useLiveQuery(() => db.tradeSetups.toArray(), []);

/** The setup of `id`: null when none is named or cached, undefined while read. */
export const useSetup = (id: string | null | undefined) =>
  useLiveQuery(async () => (id ? ((await db.tradeSetups.get(id)) ?? null) : null), [id]);

/** The whole collection for the list, in slices (db/slices.ts). */
export const setupRows = () => readInSlices(db.tradeSetups);

// Plans (the plans the cached trades link to: plans/useLinkedPlans.ts).

/** Every cached plan; undefined while read. */
export const usePlans = () => useLiveQuery(() => db.tradePlans.toArray(), []);

/** The plan of `id`: null when none is named or cached, undefined while read. */
export const usePlan = (id: string | null | undefined) =>
  useLiveQuery(async () => (id ? ((await db.tradePlans.get(id)) ?? null) : null), [id]);

/** Only the active plans: read through the status index, not the whole journal. */
export const useActivePlans = () =>
  useLiveQuery(() => db.tradePlans.where('status').anyOf(ACTIVE_STATUSES).toArray(), []);

/** The Ready plans not yet done, through the status index. */
export const useReadyPlans = () =>
  useLiveQuery(
    async () => (await db.tradePlans.where('status').equals('Ready').toArray()).filter(isActivePlan),
    [],
  );

/**
 * The plans a trade may link to: its stock's, in its direction. The server refuses a link across
 * directions; a link made before that rule still shows.
 */
export const useLinkablePlans = (trade: Pick<Trade, 'symbol' | 'direction' | 'planId'>) =>
  useLiveQuery(
    async () =>
      (await db.tradePlans.where('stock').equals(trade.symbol).toArray()).filter(
        (p) => directionOf(p) === trade.direction || p.id === trade.planId,
      ),
    [trade.symbol, trade.direction, trade.planId],
  );

/** The whole collection for the list, in slices (db/slices.ts). */
export const planRows = () => readInSlices(db.tradePlans);

/** The first rows in the list's default order, by stock, through its index. */
export const planHead = (limit: number) => db.tradePlans.orderBy('stock').limit(limit).toArray();

// Trades and fills.

/** Every cached trade; undefined while read. */
export const useTrades = () => useLiveQuery(() => db.trades.toArray(), []);

/** The whole collection in slices (db/slices.ts), for a list or Review. */
export const tradeRows = () => readInSlices(db.trades);

/** The trades with the collection's load state, as Review shows them. */
export const useTradeCollection = () => useCollection('trades', tradeRows);

/** A plan's own trades, through the planId index. */
export const useTradesOfPlan = (planId: string) =>
  useLiveQuery(() => db.trades.where('planId').equals(planId).toArray(), [planId]);

/** What the trader's trades already carry, offered as they type (offline too: from the cache). */
export const useLabelSuggestions = () =>
  useLiveQuery(async () => {
    const used = await db.trades.toArray();
    return { tags: labelSuggestions(used, 'tags'), mistakes: labelSuggestions(used, 'mistakes') };
  }, []);

/** The cached fills of `ids`, those still cached; undefined while read. */
export const useFills = (ids: readonly string[]) =>
  useLiveQuery(
    async () => (await db.executions.bulkGet([...ids])).filter((f) => f !== undefined),
    [ids.join(',')],
  );

/** The ratio of each split among `fills`, from the account's executions in the symbol, as the trade was built. */
async function splitRatios(fills: Execution[]): Promise<Map<string, number>> {
  const split = fills.find((f) => f.kind === 'split');
  if (!split) return new Map();
  const history = await db.executions
    .where('symbol')
    .equals(split.symbol)
    .filter((f) => f.accountId === split.accountId)
    .toArray();
  return splitRatiosOf(history);
}

/** A trade's fills in time order with the ratio of each split; undefined while read. */
export const useTradeFills = (executionIds: string[]) =>
  useLiveQuery(async () => {
    const rows = (await db.executions.bulkGet(executionIds)).filter((f) => f !== undefined);
    // Fills of one instant in the order they were recorded, as the trade was built from them.
    rows.sort(
      (a, b) =>
        Date.parse(a.executedAt) - Date.parse(b.executedAt) ||
        Date.parse(a.createdAt) - Date.parse(b.createdAt),
    );
    return { fills: rows, ratios: await splitRatios(rows) };
  }, [executionIds]);

// The Dashboard's composite reads, each one live query, and the cache's own facts.

/**
 * The cycle and when it was synced in one read: read apart, a sync could show one updated and
 * not the other, and "No market cycle data available" would flash between loading and the card.
 */
export const useCachedMarketCycle = () =>
  useLiveQuery(
    () =>
      db.transaction('r', db.marketCycle, db.meta, async () => ({
        cycle: (await db.marketCycle.get('current')) ?? null,
        syncedAt: (await db.meta.get(metaKeys.lastSyncAt))?.value ?? null,
      })),
    [],
  );

/** Which first steps are done (an edge, a setup, a plan); null after the first sync once there is a plan, or before it. */
export const useFirstStepsDone = () =>
  useLiveQuery(
    async () =>
      (await db.meta.get(metaKeys.lastSyncAt)) && (await db.tradePlans.count()) === 0
        ? [(await db.edges.filter((e) => e.isActive).count()) > 0, (await db.tradeSetups.count()) > 0, false]
        : null,
    [],
  );

/** The trades and accounts, null until the cache was ever loaded: an empty cache is not "No open trades". */
export const useLoadedTradesAndAccounts = () =>
  useLiveQuery(async () => {
    const [loaded, trades, accounts] = await Promise.all([
      db.meta.get(metaKeys.lastSyncAt),
      db.trades.toArray(),
      db.accounts.toArray(),
    ]);
    return loaded ? { trades, accounts } : null;
  }, []);

/** One cached fact of the cache itself: undefined while read, null when absent. */
const useMeta = (key: (typeof metaKeys)[keyof typeof metaKeys]) =>
  useLiveQuery(async () => (await db.meta.get(key))?.value ?? null, [key]);

/** When the cache was last synced: null before the first sync. */
export const useLastSyncAt = () => useMeta(metaKeys.lastSyncAt);

/** When the broker's sign-in ends for good, as the last sign-in check said; null when unknown. */
export const useBrokerSessionExpiresAt = () => useMeta(metaKeys.brokerSessionExpiresAt);
