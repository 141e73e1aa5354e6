import { startTransition, useEffect, useState } from 'react';
import type { CollectionName } from '../db/db.ts';
import { type CollectionState, collectionState, onCollectionStateChange } from '../sync/syncState.ts';

/**
 * The in-memory load state of one collection (sync/syncState.ts): loading flag and last error. A
 * change renders as a transition, like the cache's rows it goes with (ui/useLiveQuery.ts): a
 * sync flips the flags of every collection at its start and end, and an external store's update
 * would re-render every page part that reads one in a single urgent task.
 */
export function useCollectionState(name: CollectionName): CollectionState {
  const [current, setCurrent] = useState(() => collectionState(name));
  useEffect(() => {
    const update = () => startTransition(() => setCurrent(collectionState(name)));
    update(); // a change between the first render and this subscription
    return onCollectionStateChange(update);
  }, [name]);
  return current;
}
