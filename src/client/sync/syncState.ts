import { startTransition, useEffect, useState } from 'react';
import type { CollectionName } from '../db/db.ts';

export interface CollectionState {
  loading: boolean;
  /** The message of the last failed load, until the next success or dismissal. */
  error: string | undefined;
}

type State = Record<CollectionName, CollectionState>;

const initial = (): State => ({
  accounts: { loading: false, error: undefined },
  edges: { loading: false, error: undefined },
  tradeSetups: { loading: false, error: undefined },
  tradePlans: { loading: false, error: undefined },
  marketCycle: { loading: false, error: undefined },
  executions: { loading: false, error: undefined },
  trades: { loading: false, error: undefined },
});

let state: State = initial();
const listeners = new Set<() => void>();

export function setCollectionState(name: CollectionName, patch: Partial<CollectionState>): void {
  state = { ...state, [name]: { ...state[name], ...patch } };
  for (const l of listeners) l();
}

export const resetSyncState = () => {
  state = initial();
  for (const l of listeners) l();
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/**
 * The in-memory load state of one collection: loading flag and last error. A change renders as a
 * transition, like the cache's rows it goes with (db/useLiveQuery.ts): a sync flips the flags of
 * every collection at its start and end, and an external store's update would re-render every
 * page part that reads one in a single urgent task.
 */
export function useCollectionState(name: CollectionName): CollectionState {
  const [current, setCurrent] = useState(() => state[name]);
  useEffect(() => {
    const update = () => startTransition(() => setCurrent(state[name]));
    update(); // a change between the first render and this subscription
    return subscribe(update);
  }, [name]);
  return current;
}
