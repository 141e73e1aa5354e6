// Working orders followed on the server while no app reads them (docs/product.md, "Orders"):
// during the session, every 15 s, so an order that fills with the app closed has its fills
// imported and its trade made at once.
import { isMarketOpen } from '../../domain/marketHours.ts';
import type { OrderService } from './orderService.ts';

/** Slower than an open app's 5 s: each look is a broker call in the app's reserve for following orders. */
export const ORDER_FOLLOW_EVERY_MS = 15_000;

export interface OrderFollower {
  /** One look at the open orders; resolves with how many were looked at (0 outside the session). */
  tick(): Promise<number>;
  /** Stops the interval and waits for the look in flight. */
  stop(): Promise<void>;
}

export function startOrderFollower(
  orders: Pick<OrderService, 'followOpen'>,
  now: () => Date,
  everyMs = ORDER_FOLLOW_EVERY_MS,
): OrderFollower {
  let running: Promise<number> | undefined;
  const tick = () => {
    if (!isMarketOpen(now())) return Promise.resolve(0);
    // A look still running (a slow broker) is not doubled.
    running ??= orders.followOpen().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => {
    tick().catch((error) => console.error('Order follower failed', error));
  }, everyMs);
  timer.unref();
  return {
    tick,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
