// The one poll of server-owned data (docs/architecture.md, "Server-owned data"): a refresh runs
// only while the page is visible and the app online, never two at once, and again when the app
// comes back to the foreground or online. Quotes and a plan's orders are polled through it.
import { isOffline, onConnectivityChange } from '../sync/connectivity.ts';

export interface Poll {
  /** Refreshes now, or once more right after the refresh that is running. */
  wake(): void;
  stop(): void;
}

/**
 * Polls with `refresh`, which answers how long to wait before the next one, or undefined to wait
 * until woken. Nothing runs until the first `wake()`; a refresh handles its own failures.
 */
export function startPolling(refresh: () => Promise<number | undefined>): Poll {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let running = false;
  let again = false;
  const tick = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    if (stopped || document.visibilityState !== 'visible' || isOffline()) return;
    running = true;
    let next: number | undefined;
    try {
      next = await refresh();
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      return tick();
    }
    if (!stopped && next !== undefined) timer = setTimeout(() => void tick(), next);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void tick();
    else clearTimeout(timer);
  };
  document.addEventListener('visibilitychange', onVisible);
  const stopListening = onConnectivityChange(() => void tick());
  return {
    wake: () => void tick(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      stopListening();
    },
  };
}
