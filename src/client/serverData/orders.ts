// The order calls (docs/product.md, "Orders"): straight to the API, online only, never through the
// outbox (sync/outbox.ts never sees an order). Only the server's answers are kept in the cache
// (Dexie `orders`), so offline the plan shows the last known state, read-only. Loaded with the
// order screens only, never with the app's first screen.

import { orderTexts } from '../../domain/messages.ts';
import type { BrokerExchange } from '../../domain/orderLog.ts';
import {
  isOpenOrderStatus,
  type OrderConfirmFields,
  type OrderDto,
  type OrderPreview,
  type OrderRequestFields,
} from '../../domain/orders.ts';
import { api, RefusedLocally, statusOf } from '../api/http.ts';
import { type CachedOrder, cacheOwner, db, type TradeTrackerDb } from '../db/db.ts';
import { isNetworkError, isOffline } from '../sync/connectivity.ts';
import { syncNow } from '../sync/sync.ts';
import { keepForOwner } from './keep.ts';

/** Times a placement whose answer was lost is sent again with the same key, and the waits before each. */
export const PLACE_RETRY_DELAYS_MS = [1000, 2000];

/** An order is sent only online: refused here, before any request, when the app is offline. */
function onlineOnly(): void {
  if (isOffline()) throw new RefusedLocally(orderTexts.onlyOnline);
}

/**
 * Writes the server's answer for the trader it was asked for: a logout or another sign-in while
 * the call ran (the cache wiped or claimed by someone else) keeps it out of the cache. An answer
 * with more shares filled than the cache knew runs a sync: the server imported the fill at once,
 * and the trade it made comes with the sync.
 */
async function keep(
  database: TradeTrackerDb,
  askedFor: string | undefined,
  answered: readonly OrderDto[],
  write: () => Promise<unknown>,
): Promise<void> {
  let filledMore = false;
  await keepForOwner(database, askedFor, [database.orders], async () => {
    const before = await database.orders.bulkGet(answered.map((o) => o.id));
    filledMore = answered.some((o, i) => o.filledQuantity > (before[i]?.filledQuantity ?? 0));
    await write();
  });
  if (filledMore) void syncNow(database);
}

const cached = (order: OrderDto, readAt: string): CachedOrder => ({ ...order, readAt });

/** Keeps one order as the server answered it. */
export async function keepOrder(
  order: OrderDto,
  database: TradeTrackerDb = db,
  owner?: string,
): Promise<void> {
  const askedFor = owner ?? (await cacheOwner(database));
  const readAt = new Date().toISOString();
  await keep(database, askedFor, [order], () => database.orders.put(cached(order, readAt)));
}

/** The order in words, its cost and its risk, and the broker's own preview: nothing is sent to the broker. */
export async function previewOrder(request: OrderRequestFields): Promise<OrderPreview> {
  onlineOnly();
  return api<OrderPreview>('/orders/preview', { method: 'POST', body: request });
}

export type PlaceResult = { kind: 'placed'; order: OrderDto } | { kind: 'unknown' };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Places the order once: every try carries the same idempotency key (one per preview), so the
 * server answers the same order however many of them reached it. A lost answer (a timeout, the
 * connection cut) is asked again with that key, at most PLACE_RETRY_DELAYS_MS.length times; then
 * (or on a server error) whether the order was placed is not known here: `unknown`. A refusal
 * (4xx) is thrown with the server's message.
 */
export async function placeOrder(
  request: OrderConfirmFields,
  idempotencyKey: string,
  database: TradeTrackerDb = db,
  delays: readonly number[] = PLACE_RETRY_DELAYS_MS,
): Promise<PlaceResult> {
  onlineOnly();
  const owner = await cacheOwner(database);
  for (let attempt = 0; ; attempt++) {
    try {
      const order = await api<OrderDto>('/orders', {
        method: 'POST',
        body: request,
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      await keepOrder(order, database, owner);
      return { kind: 'placed', order };
    } catch (error) {
      const status = statusOf(error);
      if (status !== undefined && status < 500) throw error;
      // A server error may come after the intent was recorded: not known either way.
      if (!isNetworkError(error) || attempt >= delays.length) return { kind: 'unknown' };
      await wait(delays[attempt] as number);
    }
  }
}

/**
 * Reads the plan's orders (newest first) and keeps them as the plan's whole list: an order the
 * server no longer lists leaves the cache. Offline it asks nothing and answers undefined.
 */
export async function refreshPlanOrders(
  planId: string,
  database: TradeTrackerDb = db,
  { probe = false }: { probe?: boolean } = {},
): Promise<OrderDto[] | undefined> {
  // A probe asks even when the API was unreachable a moment ago (a placement's lost answer), as
  // long as the browser has a network: its answer is how the app learns it is back.
  if (probe ? navigator.onLine === false : isOffline()) return undefined;
  const owner = await cacheOwner(database);
  const askedAt = new Date().toISOString();
  const orders = await api<OrderDto[]>('/orders', { query: { planId } });
  const readAt = new Date().toISOString();
  await keep(database, owner, orders, async () => {
    const ids = new Set(orders.map((o) => o.id));
    // An order kept after this list was asked for (a placement's answer) is newer than the list.
    const gone = (await database.orders.where('planId').equals(planId).toArray())
      .filter((o) => !ids.has(o.id) && o.readAt < askedAt)
      .map((o) => o.id);
    await database.orders.bulkDelete(gone);
    await database.orders.bulkPut(orders.map((o) => cached(o, readAt)));
  });
  return orders;
}

/** Cancels a working order at the broker; the answer (the order now) is kept. */
export async function cancelOrder(id: string, database: TradeTrackerDb = db): Promise<OrderDto> {
  onlineOnly();
  const owner = await cacheOwner(database);
  const order = await api<OrderDto>(`/orders/${encodeURIComponent(id)}`, { method: 'DELETE' });
  await keepOrder(order, database, owner);
  return order;
}

/** Every request to the broker about the order and its answer, oldest first. */
export async function orderLog(id: string): Promise<BrokerExchange[]> {
  onlineOnly();
  return api<BrokerExchange[]>(`/orders/${encodeURIComponent(id)}/log`);
}

export const hasOpenOrder = (orders: readonly OrderDto[]): boolean =>
  orders.some((o) => isOpenOrderStatus(o.status));
