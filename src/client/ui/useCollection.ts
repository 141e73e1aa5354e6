import { type CollectionName, db, metaKeys } from '../db/db.ts';
import { useCollectionState } from './useCollectionState.ts';
import { useLiveQuery } from './useLiveQuery.ts';

/**
 * A cached collection as a page shows it: rows from Dexie, "loading" only while it has never
 * been loaded, and the last load error.
 *
 * `head`, when given, reads the first screenful through an index (a few ms) so that it renders
 * before the whole collection is read: reading 10,000 plans takes hundreds of milliseconds, most
 * of it turning stored rows into objects on the main thread. The whole read starts only once the
 * head is in, so that its long task cannot delay the head's paint; `complete` says it has landed
 * (or that the head, shorter than its limit, was the whole collection).
 */
export function useCollection<T>(
  name: CollectionName,
  query: () => Promise<T[]>,
  head?: { read: () => Promise<T[]>; limit: number },
) {
  const first = useLiveQuery(async () => (head ? await head.read() : null), [name]);
  const headRead = first !== undefined;
  const all = useLiveQuery(async () => (headRead ? await query() : undefined), [name, headRead]);
  // One sync writes every collection: the cache was loaded once it has synced at all.
  const syncedAt = useLiveQuery(async () => (await db.meta.get(metaKeys.lastSyncAt))?.value ?? null, []);
  const { loading, error } = useCollectionState(name);
  const neverLoaded = syncedAt === null;
  const rows = all ?? first ?? undefined;
  return {
    rows: rows ?? [],
    complete: all !== undefined || (first != null && head !== undefined && first.length < head.limit),
    loading: rows === undefined || syncedAt === undefined || (neverLoaded && (loading || !error)),
    error,
  };
}
