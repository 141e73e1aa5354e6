import { registerSW } from 'virtual:pwa-register';
import { useSyncExternalStore } from 'react';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

let updateWaiting = false;
let applyUpdate: (reload?: boolean) => Promise<void> = async () => {};
const listeners = new Set<() => void>();

/**
 * Registers the service worker once, at start-up (not in a React effect, which StrictMode runs
 * twice). A home-screen app stays open for days, so it also looks for a new version hourly and
 * whenever it comes back to the foreground.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  applyUpdate = registerSW({
    onNeedRefresh() {
      updateWaiting = true;
      for (const l of listeners) l();
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine) void registration.update().catch(() => {});
      };
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
    },
  });
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => updateWaiting,
  );
}

/** Activates the waiting version and reloads: only when the trader asks for it. */
export const reloadToUpdate = () => applyUpdate(true);
