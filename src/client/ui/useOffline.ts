import { useSyncExternalStore } from 'react';
import { isOffline, onConnectivityChange } from '../sync/connectivity.ts';

/** Whether the app is offline (sync/connectivity.ts), re-rendering when that changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(onConnectivityChange, isOffline);
}
