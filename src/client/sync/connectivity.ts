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
  const was = isOffline();
  // An answer came: the network is up, whatever the browser said last.
  if (reachable) browserOffline = false;
  unreachable = !reachable;
  if (isOffline() !== was) emit();
  if (unreachable) scheduleProbe();
}

/**
 * How often an API that could not be reached is asked again (its `/healthz`): a server back up, or
 * a network the browser never said it lost or regained (Chromium 150 keeps navigator.onLine true
 * through a reload made offline, then fires no `online` event), is noticed by its answer.
 */
export const API_RECHECK_MS = 5000;
let probing = false;

function scheduleProbe(): void {
  if (probing || typeof window === 'undefined') return;
  probing = true;
  setTimeout(() => {
    probing = false;
    if (!unreachable) return;
    // Any answer, whatever its status, says the API is reachable: the same host as api/http.ts.
    fetch(`${import.meta.env.VITE_API_BASE_URL ?? ''}/healthz`, { cache: 'no-store' }).then(
      () => reportApiReachable(true),
      scheduleProbe,
    );
  }, API_RECHECK_MS);
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
