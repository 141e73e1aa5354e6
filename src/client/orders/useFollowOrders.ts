// Following a plan's orders while they show (docs/product.md, "Orders": "In the app").
import { useEffect, useState } from 'react';
import { orderTexts } from '../../domain/messages.ts';
import { errorMessage } from '../api/http.ts';
import { isNetworkError, isOffline, onConnectivityChange } from '../sync/connectivity.ts';
import { hasOpenOrder, refreshPlanOrders } from './orderCalls.ts';

/** How often the plan's orders are read while one is open, the plan shown, the app visible and online. */
export const ORDER_POLL_MS = 5000;

/**
 * Reads the plan's orders when shown, then every ORDER_POLL_MS while one is open, the page visible
 * and the app online; never in the background. Answers the last failure's message, if any.
 */
export function useFollowOrders(planId: string, anyOpen: boolean): string | undefined {
  const [error, setError] = useState<string>();
  useEffect(() => {
    let stopped = false;
    let running = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async (): Promise<void> => {
      clearTimeout(timer);
      if (stopped || running || document.visibilityState !== 'visible' || isOffline()) return;
      running = true;
      let open = anyOpen;
      try {
        const orders = await refreshPlanOrders(planId);
        if (orders) open = hasOpenOrder(orders);
        if (!stopped) setError(undefined);
      } catch (e) {
        // Unreachable: the offline bar says so, and the last known orders stay with their time.
        if (!stopped && !isNetworkError(e)) setError(errorMessage(e, orderTexts.loadFailed));
      } finally {
        running = false;
      }
      if (!stopped && open) timer = setTimeout(() => void tick(), ORDER_POLL_MS);
    };
    void tick();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void tick();
      else clearTimeout(timer);
    };
    document.addEventListener('visibilitychange', onVisible);
    const stopListening = onConnectivityChange(() => void tick());
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      stopListening();
    };
  }, [planId, anyOpen]);
  return error;
}
