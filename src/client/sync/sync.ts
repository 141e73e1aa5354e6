import { fallbackMessages } from '../../domain/messages.ts';
import { toTradePlan } from '../../domain/tradePlans.ts';
import type {
  Account,
  Edge,
  Execution,
  MarketCycle,
  Trade,
  TradePlanDto,
  TradeSetup,
} from '../../domain/types.ts';
import { api, errorMessage, statusOf } from '../api/http.ts';
import { type CollectionName, cacheOwner, db, metaKeys, type TradeTrackerDb } from '../db/db.ts';
import { isNetworkError } from './connectivity.ts';
import { flushOutbox } from './outbox.ts';
import { resetSyncState, setCollectionState } from './syncState.ts';

type Loader = { name: CollectionName; fallback: string; load: () => Promise<unknown[]> };

const loaders: Loader[] = [
  { name: 'accounts', fallback: fallbackMessages.fetchAccounts, load: () => api<Account[]>('/accounts') },
  {
    name: 'edges',
    fallback: fallbackMessages.loadEdges,
    load: () => api<Edge[]>('/edges?include=deactivated'),
  },
  {
    name: 'tradeSetups',
    fallback: fallbackMessages.loadSetups,
    load: () => api<TradeSetup[]>('/tradesetups'),
  },
  {
    name: 'tradePlans',
    fallback: fallbackMessages.loadPlans,
    load: async () => (await api<TradePlanDto[]>('/tradeplans')).map(toTradePlan),
  },
  {
    name: 'marketCycle',
    fallback: fallbackMessages.fetchMarketCycle,
    load: async () => [{ ...(await api<MarketCycle>('/market-cycle/current')), key: 'current' }],
  },
  {
    name: 'executions',
    fallback: fallbackMessages.loadExecutions,
    load: () => api<Execution[]>('/executions'),
  },
  { name: 'trades', fallback: fallbackMessages.loadTrades, load: () => api<Trade[]>('/trades') },
];

/**
 * Replaces collections with the server's lists in one transaction: no half-old, half-new list,
 * and the pages re-render once for the whole sync, not once per collection. The lists are
 * written only while the cache still belongs to `owner`, the trader they were fetched for: a
 * logout in any tab (a wipe) or another trader's sign-in since then wins over the answer.
 */
export async function replaceCollections(
  database: TradeTrackerDb,
  lists: { name: CollectionName; rows: unknown[] }[],
  at: Date,
  owner: string,
): Promise<void> {
  const tables = lists.map((l) => database.table(l.name));
  await database.transaction('rw', [...tables, database.meta], async () => {
    if ((await cacheOwner(database)) !== owner) return;
    for (const { name, rows } of lists) {
      await database.table(name).clear();
      await database.table(name).bulkPut(rows);
      await database.meta.put({ key: metaKeys.syncedAt(name), value: at.toISOString() });
    }
    await database.meta.put({ key: metaKeys.lastSyncAt, value: at.toISOString() });
  });
}

let unauthorizedHandler: () => void = () => {};
/** What to do when the server says the session is gone (the auth gate re-authenticates). */
export const onUnauthorized = (handler: () => void) => {
  unauthorizedHandler = handler;
};

/** One collection from the server, or undefined when it could not be loaded (state says why). */
async function load(loader: Loader): Promise<{ name: CollectionName; rows: unknown[] } | undefined> {
  setCollectionState(loader.name, { loading: true });
  try {
    return { name: loader.name, rows: await loader.load() };
  } catch (error) {
    // Unreachable is not an error to show: the offline indicator says it, the cache stays.
    const message = isNetworkError(error) ? undefined : errorMessage(error, loader.fallback);
    setCollectionState(loader.name, { loading: false, error: message });
    if (statusOf(error) === 401) unauthorizedHandler();
    return undefined;
  }
}

async function pullCollections(names: CollectionName[] | undefined, database: TradeTrackerDb): Promise<void> {
  // Nothing is cached for nobody: only a passed sign-in check claims the cache for a trader.
  const owner = await cacheOwner(database);
  if (owner === undefined) return;
  const chosen = names ? loaders.filter((l) => names.includes(l.name)) : loaders;
  const lists = (await Promise.all(chosen.map(load))).filter((l) => l !== undefined);
  if (lists.length === 0) return;
  await replaceCollections(database, lists, new Date(), owner);
  for (const { name } of lists) setCollectionState(name, { loading: false, error: undefined });
}

/**
 * Sends what was changed offline, then pulls the named collections (default: all) in parallel.
 * While changes are still queued the cache keeps them: a pull would overwrite them.
 */
export async function pullAll(names?: CollectionName[], database: TradeTrackerDb = db): Promise<void> {
  if ((await database.outbox.count()) > 0) {
    await flushOutbox((n) => pullCollections(n, database), database);
    if ((await database.outbox.count()) > 0) return;
  }
  await pullCollections(names, database);
}

/** Empties every table: a signed-out browser keeps no trading data. */
export async function wipeCache(database: TradeTrackerDb = db): Promise<void> {
  await database.transaction('rw', database.tables, async () => {
    await Promise.all(database.tables.map((t) => t.clear()));
  });
  resetSyncState();
}

/**
 * A trader signing in on this browser never sees, nor replays the queued changes of, a cache that
 * is not theirs: another trader's, or one that records no owner at all.
 */
export async function claimCacheFor(userId: string, database: TradeTrackerDb = db): Promise<void> {
  if ((await cacheOwner(database)) !== userId) await wipeCache(database);
  await database.meta.put({ key: metaKeys.userId, value: userId });
}
