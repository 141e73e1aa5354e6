import { fallbackMessages } from '../../domain/messages.ts';
import { toTradePlan } from '../../domain/tradePlans.ts';
import type { Account, Edge, MarketCycle, TradePlanDto, TradeSetup } from '../../domain/types.ts';
import { api, errorMessage, statusOf } from '../api/http.ts';
import { type CollectionName, db, metaKeys, type TradeTrackerDb } from '../db/db.ts';
import { isNetworkError } from './connectivity.ts';
import { flushOutbox } from './outbox.ts';
import { resetSyncState, setCollectionState } from './syncState.ts';

type Loader = { name: CollectionName; fallback: string; load: () => Promise<unknown[]> };

const loaders: Loader[] = [
  { name: 'accounts', fallback: fallbackMessages.fetchAccounts, load: () => api<Account[]>('/accounts') },
  { name: 'edges', fallback: fallbackMessages.loadEdges, load: () => api<Edge[]>('/edges') },
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
];

/** Replaces one collection with the server's list in a single transaction: no half-old, half-new list. */
export async function replaceCollection(
  database: TradeTrackerDb,
  name: CollectionName,
  rows: unknown[],
  at: Date,
) {
  const table = database.table(name);
  await database.transaction('rw', table, database.meta, async () => {
    await table.clear();
    await table.bulkPut(rows);
    await database.meta.put({ key: metaKeys.syncedAt(name), value: at.toISOString() });
  });
}

// Bumped by every wipe: an answer that arrives after a logout must not refill the cache.
let cacheGeneration = 0;

let unauthorizedHandler: () => void = () => {};
/** What to do when the server says the session is gone (the auth gate re-authenticates). */
export const onUnauthorized = (handler: () => void) => {
  unauthorizedHandler = handler;
};

async function pull(loader: Loader, database: TradeTrackerDb): Promise<boolean> {
  setCollectionState(loader.name, { loading: true });
  const generation = cacheGeneration;
  try {
    const rows = await loader.load();
    if (generation !== cacheGeneration) return false;
    await replaceCollection(database, loader.name, rows, new Date());
    setCollectionState(loader.name, { loading: false, error: undefined });
    return true;
  } catch (error) {
    // Unreachable is not an error to show: the offline indicator says it, the cache stays.
    const message = isNetworkError(error) ? undefined : errorMessage(error, loader.fallback);
    setCollectionState(loader.name, { loading: false, error: message });
    if (statusOf(error) === 401) unauthorizedHandler();
    return false;
  }
}

async function pullCollections(names: CollectionName[] | undefined, database: TradeTrackerDb): Promise<void> {
  const chosen = names ? loaders.filter((l) => names.includes(l.name)) : loaders;
  const generation = cacheGeneration;
  const results = await Promise.all(chosen.map((l) => pull(l, database)));
  if (results.some(Boolean) && generation === cacheGeneration) {
    await database.meta.put({ key: metaKeys.lastSyncAt, value: new Date().toISOString() });
  }
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
  cacheGeneration++;
  await database.transaction('rw', database.tables, async () => {
    await Promise.all(database.tables.map((t) => t.clear()));
  });
  resetSyncState();
}

/** A different trader signing in on this browser never sees the previous trader's cache. */
export async function claimCacheFor(userId: string, database: TradeTrackerDb = db): Promise<void> {
  const owner = await database.meta.get(metaKeys.userId);
  if (owner && owner.value !== userId) await wipeCache(database);
  await database.meta.put({ key: metaKeys.userId, value: userId });
}
