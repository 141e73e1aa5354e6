import { FetchError } from 'ofetch';

/**
 * Offline means the browser says so, or the API could not be reached at all. An HTTP answer of
 * any status, 401 included, means we are online.
 */
let unreachable = false;
let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function isNetworkError(error: unknown): boolean {
  if (error instanceof FetchError) return error.response === undefined;
  return error instanceof TypeError;
}

export function reportApiReachable(reachable: boolean): void {
  if (unreachable === !reachable) return;
  unreachable = !reachable;
  emit();
}

export const isOffline = (): boolean => browserOffline || unreachable;

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    browserOffline = true;
    emit();
  });
  window.addEventListener('online', () => {
    browserOffline = false;
    unreachable = false;
    emit();
  });
}

/** Hears every change of `isOffline()`; returns the way to stop listening (ui/useOffline.ts). */
export function onConnectivityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
