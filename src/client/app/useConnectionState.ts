// What the status strip (ConnectionStatus.tsx) reads of the cache. Kept apart from
// ui/cacheReads.ts: the strip loads with the first screen, the pages' reads with the pages.
import { db, metaKeys } from '../db/db.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';

/** When the cache was last synced; undefined before the first sync. */
export const useLastSynced = () =>
  useLiveQuery(async () => (await db.meta.get(metaKeys.lastSyncAt))?.value, []);

/** How many changes wait in the outbox. */
export const useQueuedCount = (): number => useLiveQuery(() => db.outbox.count(), []) ?? 0;

/** The changes the server refused, listed until dismissed. */
export const useRefusedChanges = () => useLiveQuery(() => db.refusedChanges.toArray(), []) ?? [];

export const dismissRefusedChanges = () => db.refusedChanges.clear();
