// The order service's decisions that need no database and no broker (docs/product.md, "Orders"):
// whether a confirm repeats the one under its key, what position a plan already holds in an
// account, and how many shares an order may be. Pure, table-tested in tests/domain/orders.test.ts.

import {
  type BracketOrder,
  entryWorstPrice,
  type OrderConfirmFields,
  type OrderRequestFields,
  sameBracketOrder,
} from './orders.ts';
import { computePositionSizes } from './positionSize.ts';
import type { Trade } from './trades.ts';
import type { LiveAccount, TradePlanDto } from './types.ts';

/** A confirm as an order row keeps it; one kept before confirms carried their preview has none. */
export type StoredOrderRequest = OrderRequestFields & { previewed?: BracketOrder };

/** Whether a confirm asks what the order under its key was made from (and from the same preview). */
export const sameOrderRequest = (a: StoredOrderRequest, b: OrderConfirmFields): boolean =>
  a.planId === b.planId &&
  a.accountId === b.accountId &&
  a.quantity === b.quantity &&
  a.entryType === b.entryType &&
  (a.entryLimitPrice ?? null) === (b.entryLimitPrice ?? null) &&
  a.duration === b.duration &&
  (a.previewed === undefined || sameBracketOrder(a.previewed, b.previewed));

/** Shares of the plan's trades open in the account: such a plan holds its one position there. */
export const heldShares = (
  trades: readonly Pick<Trade, 'planId' | 'accountId' | 'closedAt' | 'openQuantity'>[],
  planId: string,
  accountId: string,
): number =>
  trades
    .filter((t) => t.planId === planId && t.accountId === accountId && t.closedAt === null)
    .reduce((sum, t) => sum + t.openQuantity, 0);

/**
 * The most shares the order may be: the plan's size for the account, and, for a stop-limit, the
 * size at its limit (it may fill as high as that, a short as low), so it risks no more than the plan.
 */
export function orderSizeLimit(
  plan: Pick<TradePlanDto, 'positionSizes' | 'stopLossPrice' | 'direction'>,
  account: LiveAccount,
  order: BracketOrder,
): number {
  const planSize = plan.positionSizes.find((s) => s.accountId === account.id)?.position ?? 0;
  const worst = {
    entryPrice: entryWorstPrice(order),
    stopLossPrice: plan.stopLossPrice,
    direction: plan.direction,
  };
  return Math.min(planSize, computePositionSizes([account], worst)[0]?.position ?? 0);
}
