// Following a plan's orders while they show (docs/product.md, "Orders": "In the app"), through
// the one poll (serverData/poll.ts).
import { useEffect, useState } from 'react';
import { orderTexts } from '../../domain/messages.ts';
import { errorMessage } from '../api/http.ts';
import { isNetworkError } from '../sync/connectivity.ts';
import { hasOpenOrder, refreshPlanOrders } from './orders.ts';
import { startPolling } from './poll.ts';

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
    const poll = startPolling(async () => {
      let open = anyOpen;
      try {
        const orders = await refreshPlanOrders(planId);
        if (orders) open = hasOpenOrder(orders);
        if (!stopped) setError(undefined);
      } catch (e) {
        // Unreachable: the offline bar says so, and the last known orders stay with their time.
        if (!stopped && !isNetworkError(e)) setError(errorMessage(e, orderTexts.loadFailed));
      }
      return open ? ORDER_POLL_MS : undefined;
    });
    poll.wake();
    return () => {
      stopped = true;
      poll.stop();
    };
  }, [planId, anyOpen]);
  return error;
}
