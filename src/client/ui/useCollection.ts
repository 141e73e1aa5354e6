import { useLiveQuery } from 'dexie-react-hooks';
import { type CollectionName, db, metaKeys } from '../db/db.ts';
import { useCollectionState } from '../sync/syncState.ts';

/**
 * A cached collection as a page shows it: rows from Dexie, "loading" only while it has never
 * been loaded, and the last load error.
 */
export function useCollection<T>(name: CollectionName, query: () => Promise<T[]>) {
  const rows = useLiveQuery(query, [name]);
  const syncedAt = useLiveQuery(
    async () => (await db.meta.get(metaKeys.syncedAt(name)))?.value ?? null,
    [name],
  );
  const { loading, error } = useCollectionState(name);
  const neverLoaded = syncedAt === null;
  return {
    rows: rows ?? [],
    loading: rows === undefined || syncedAt === undefined || (neverLoaded && (loading || !error)),
    error,
  };
}
