// The order's decisions that need no database and no broker (docs/product.md, "Orders"): whether
// a confirm repeats the one under its key, what position a plan already holds in an account, how
// many shares an order may be (the server's), and the ticket's entry against the market (the
// app's). Pure, table-tested in tests/domain/orders.test.ts.

import { formatMoney } from './format.ts';
import { orderTexts } from './messages.ts';
import {
  type BracketOrder,
  entryWorstPrice,
  type OrderConfirmFields,
  type OrderEntryType,
  type OrderPlan,
  type OrderRequestFields,
  sameBracketOrder,
} from './orders.ts';
import { directionSign } from './planDirection.ts';
import { computePositionSizes } from './positionSize.ts';
import type { Trade } from './trade.ts';
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

/**
 * The entry the ticket starts with: a plan's entry on the far side of the last price (above it for
 * a long, below for a short) is a breakout, which a stop waits for; a limit there would fill at
 * once at the market. Otherwise, or with no last price, a limit.
 */
export function defaultEntryType(
  plan: Pick<OrderPlan, 'direction' | 'entryPrice'>,
  last: number | null,
): OrderEntryType {
  if (last === null || !(last > 0)) return 'Limit';
  return directionSign(plan) * (plan.entryPrice - last) > 0 ? 'Stop' : 'Limit';
}

/**
 * What a limit entry on the far side of the market does, in words, where the preview says it: "A
 * buy limit above the market fills at once at about $97.20"; null for any other order.
 */
export function limitFillsAtOnceNote(order: BracketOrder, last: number | null): string | null {
  if (order.entryType !== 'Limit' || last === null || !(last > 0)) return null;
  if (directionSign(order) * (order.entryPrice - last) <= 0) return null;
  return orderTexts.limitFillsAtOnce(order.direction, formatMoney(last));
}
