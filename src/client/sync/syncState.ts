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
  traderSettings: { loading: false, error: undefined },
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

/** The in-memory load state of one collection: loading flag and last error (ui/useCollectionState.ts). */
export const collectionState = (name: CollectionName): CollectionState => state[name];

/** Hears every change of any collection's state; returns the way to stop listening. */
export function onCollectionStateChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
