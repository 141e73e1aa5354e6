import { fallbackMessages } from '../../domain/appMessages.ts';
import type { SyncAnswer } from '../../domain/types.ts';
import { api, errorMessage, retryAfterOf, statusOf } from '../api/http.ts';
import {
  CACHE_SHAPE,
  type CollectionName,
  cacheOwner,
  db,
  type MetaEntry,
  metaKeys,
  SYNCED,
  type TradeTrackerDb,
} from '../db/db.ts';
import { applySync } from './applySync.ts';
import { askAgainIn, whenAskedAgain } from './askAgain.ts';
import { isNetworkError } from './connectivity.ts';
import { flushOutbox } from './outbox.ts';
import { resetSyncState, setCollectionState } from './syncState.ts';

/** What each collection's page says when it could not be loaded and the server gave no reason. */
const fallbacks: Record<CollectionName, string> = {
  accounts: fallbackMessages.fetchAccounts,
  edges: fallbackMessages.loadEdges,
  tradeSetups: fallbackMessages.loadSetups,
  tradePlans: fallbackMessages.loadPlans,
  marketCycle: fallbackMessages.fetchMarketCycle,
  executions: fallbackMessages.loadExecutions,
  trades: fallbackMessages.loadTrades,
  traderSettings: fallbackMessages.loadSettings,
};

let unauthorizedHandler: () => void = () => {};
/** What to do when the server says the session is gone (the auth gate re-authenticates). */
export const onUnauthorized = (handler: () => void) => {
  unauthorizedHandler = handler;
};

/** The sync's query: the cursor of the last one (none: everything) and the market cycle cached. */
async function syncPath(database: TradeTrackerDb, full: boolean): Promise<string> {
  const [cursor, cycle] = await Promise.all([
    database.meta.get(metaKeys.syncCursor),
    database.marketCycle.get('current'),
  ]);
  const query = new URLSearchParams();
  if (cursor && !full) query.set('since', cursor.value);
  if (cycle?.timestamp) query.set('cycle', cycle.timestamp);
  return `/sync?${query}`;
}

/**
 * One request for every collection: what changed since this cache's cursor, or everything with
 * `full` (after a queued change was refused, so its local effect is undone) or without a cursor.
 */
async function syncOnce(database: TradeTrackerDb, full: boolean): Promise<void> {
  // Nothing is cached for nobody: only a passed sign-in check claims the cache for a trader.
  const owner = await cacheOwner(database);
  if (owner === undefined) return;
  for (const name of SYNCED) setCollectionState(name, { loading: true });
  let answer: SyncAnswer;
  try {
    answer = await api<SyncAnswer>(await syncPath(database, full));
  } catch (error) {
    // Unreachable is not an error to show: the offline indicator says it, the cache stays. Nor is
    // a server asking to slow down (429): the sync runs again once its wait is over.
    const wait = retryAfterOf(error);
    if (wait !== undefined) askAgainIn(wait);
    for (const name of SYNCED) {
      const quiet = isNetworkError(error) || wait !== undefined;
      const message = quiet ? undefined : errorMessage(error, fallbacks[name]);
      setCollectionState(name, { loading: false, error: message });
    }
    if (statusOf(error) === 401) unauthorizedHandler();
    return;
  }
  await applySync(database, answer, new Date(), owner);
  // An option expires with no row changing (docs/product.md, "Options"): the trade builder is
  // loaded to look only when an option trade is open.
  if ((await database.trades.filter((t) => t.closedAt === null && t.option !== undefined).count()) > 0)
    await (await import('../db/rebuildTrades.ts')).expireOptions(database);
  for (const name of SYNCED) setCollectionState(name, { loading: false, error: undefined });
  const { accounts, marketCycle } = answer.errors ?? {};
  if (accounts) setCollectionState('accounts', { loading: false, error: accounts });
  if (marketCycle) setCollectionState('marketCycle', { loading: false, error: marketCycle });
}

// One sync at a time per tab: a second one waits, so an older answer never lands after a newer one.
let queue: Promise<void> = Promise.resolve();
function syncChanges(database: TradeTrackerDb, full = false): Promise<void> {
  queue = queue.then(() => syncOnce(database, full));
  return queue;
}

/**
 * Sends the changes kept on this device, then brings whatever changed on the server in one
 * request: the end of every write (sent at once or replayed) and of every "check for news"
 * (sign-in, focus, back online, a list's retry, an import, a restore). The sync is a delta, or
 * full when a replayed change was refused or dropped: nothing changed on the server for it, and
 * only a complete re-read undoes its local effect. While changes are still queued (the API
 * could not take them all) nothing is synced: a sync would overwrite their local effect.
 */
export async function syncNow(database: TradeTrackerDb = db): Promise<void> {
  let full = false;
  if ((await database.outbox.count()) > 0) {
    const { refused, dropped } = await flushOutbox(database);
    if ((await database.outbox.count()) > 0) return;
    full = refused + dropped > 0;
  }
  await syncChanges(database, full);
}

// A change kept here or a sync put off because the server asked to slow down runs once its wait is over.
whenAskedAgain(() => void syncNow());

/**
 * Empties every table that holds rows, inside the caller's transaction: clearing an empty table
 * still re-runs every live query that reads it.
 */
const clearTables = (database: TradeTrackerDb) =>
  Promise.all(database.tables.map(async (t) => (await t.count()) > 0 && t.clear()));

/** Empties every table: a signed-out browser keeps no trading data. */
export async function wipeCache(database: TradeTrackerDb = db): Promise<void> {
  await database.transaction('rw', database.tables, () => clearTables(database));
  resetSyncState();
}

/**
 * A trader signing in on this browser never sees, nor replays the queued changes of, a cache that
 * is not theirs: another trader's, or one that records no owner at all. What the sign-in check
 * learnt (`facts`: the broker session's expiry) is written in the same transaction, so the pages'
 * live queries re-read once, not once per write.
 */
export async function claimCacheFor(
  userId: string,
  database: TradeTrackerDb = db,
  facts: MetaEntry[] = [],
): Promise<void> {
  const wiped = await database.transaction('rw', database.tables, async () => {
    const foreign = (await cacheOwner(database)) !== userId;
    if (foreign) await clearTables(database);
    // A cache emptied here is filled by this app: of its shape.
    await database.meta.bulkPut([
      { key: metaKeys.userId, value: userId },
      { key: metaKeys.cacheShape, value: CACHE_SHAPE },
      ...facts,
    ]);
    return foreign;
  });
  if (wiped) resetSyncState();
}
