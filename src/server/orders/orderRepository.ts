// The orders' rows (docs/product.md, "Orders"): the intent and what the broker said of it, and the
// order log. Rows only: the broker is called by orderService.ts.
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { messages } from '../../domain/messages.ts';
import {
  type BracketOrder,
  OPEN_ORDER_STATUSES,
  type OrderDto,
  type OrderRequestFields,
  type OrderStatus,
} from '../../domain/orders.ts';
import type { BrokerExchange } from '../brokers/broker.ts';
import { forChunks, inChunks } from '../db/chunks.ts';
import type { Database } from '../db/database.ts';
import { ownedBy, ownedWhere, ownRow } from '../db/owned.ts';
import { recordFrom } from '../db/rows.ts';
import { orderExchanges, orders } from '../db/schema.ts';
import { uuidv7 } from '../db/uuidv7.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The orders a cancel may ask the broker to cancel: open, and at the broker (not Sending). */
export const CANCELLABLE_STATUSES: OrderStatus[] = OPEN_ORDER_STATUSES.filter((s) => s !== 'Sending');

const orderRecord = recordFrom(orders);

/**
 * The orders table's one mapper: the order as the API answers it. The columns the server keeps
 * for deciding who sends and when (the key, the request, the claim and the times of the last send
 * and look) stay on the server.
 */
export const toOrder: (row: OrderRow) => OrderDto = (row) => {
  const {
    idempotencyKey: _key,
    request: _request,
    claimedAt: _claimed,
    sentAt: _sent,
    checkedAt: _checked,
    ...order
  } = orderRecord(row);
  return order;
};

const exchangeRecord = recordFrom(orderExchanges);

/** The order_exchanges table's one mapper: one line of the order log. */
export const toExchange: (row: typeof orderExchanges.$inferSelect) => BrokerExchange = (row) => {
  const { id: _id, orderId: _order, ...exchange } = exchangeRecord(row);
  return exchange;
};

/** The newest lines of an order's log that a read answers: a day-long order is looked at every few seconds. */
export const ORDER_LOG_MAX = 500;

/** What a new intent holds besides its owner and times. */
export interface OrderIntent {
  planId: string;
  accountId: string;
  idempotencyKey: string;
  request: OrderRequestFields;
  order: BracketOrder;
}

/** What the broker said of an order. */
export type OrderChanges = Partial<Pick<OrderRow, 'status' | 'filledQuantity' | 'brokerOrderId' | 'reason'>>;

/** The trader's orders of the account made since `since` (the risk guard's day: orderGate.ts). */
export const ordersOfAccountSince = (
  q: Database,
  userId: string,
  accountId: string,
  since: Date,
): Promise<OrderRow[]> =>
  q
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.accountId, accountId), gte(orders.createdAt, since)));

export function createOrderRepository(db: Database) {
  const ofTrader = (userId: string, id: string) => ownedBy(orders, userId, id);

  /** The trader's order, claimed at `at` when no request holds it (or one claimed it before `staleBefore`) and `when` holds. */
  async function takeClaim(userId: string, id: string, at: Date, staleBefore: Date, when: SQL[]) {
    const rows = await db
      .update(orders)
      .set({ claimedAt: at })
      .where(
        and(ofTrader(userId, id), ...when, or(isNull(orders.claimedAt), lt(orders.claimedAt, staleBefore))),
      )
      .returning();
    return rows[0];
  }

  return {
    get: (userId: string, id: string): Promise<OrderRow> =>
      ownRow(db, orders, userId, id, messages.orderNotFound),

    async byKey(userId: string, idempotencyKey: string, q: Database = db): Promise<OrderRow | undefined> {
      const rows = await q
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
      return rows[0];
    },

    /**
     * Open orders of every trader, the longest unlooked-at first: what the order follower
     * (orderFollower.ts) brings up to date when no app is reading them.
     */
    openOrders: (limit: number): Promise<OrderRow[]> =>
      db
        .select()
        .from(orders)
        .where(inArray(orders.status, OPEN_ORDER_STATUSES))
        .orderBy(sql`${orders.checkedAt} asc nulls first`, orders.id)
        .limit(limit),

    /** Whether the plan has an order that may still trade: such a plan is not deleted. */
    async hasOpen(userId: string, planId: string): Promise<boolean> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          ownedWhere(orders, userId, eq(orders.planId, planId), inArray(orders.status, OPEN_ORDER_STATUSES)),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The plan's orders, newest first. */
    forPlan: (userId: string, planId: string): Promise<OrderRow[]> =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.planId, planId)))
        .orderBy(desc(orders.createdAt), desc(orders.id)),

    /**
     * Records the intent as Sending, claimed by the caller, `at`; undefined when a unique index
     * refused it (the same key, or an open order of the plan and account): whichever insert the
     * database took first is the one request that sends the order, here or in another process.
     * `q` is the transaction the intent is decided in (orderGate.ts).
     */
    async insertIntent(
      userId: string,
      intent: OrderIntent,
      at: Date,
      q: Database = db,
    ): Promise<OrderRow | undefined> {
      const rows = await q
        .insert(orders)
        .values({
          ...intent,
          id: uuidv7(at.getTime()),
          userId,
          status: 'Sending',
          filledQuantity: 0,
          claimedAt: at,
          sentAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      return rows[0];
    },

    /**
     * Takes a Sending order over to call the broker for it: only when no request holds it, or the
     * one that did claimed it before `staleBefore` (it died). undefined when another holds it or it
     * is no longer Sending.
     */
    claim: (userId: string, id: string, at: Date, staleBefore: Date): Promise<OrderRow | undefined> =>
      takeClaim(userId, id, at, staleBefore, [eq(orders.status, 'Sending' satisfies OrderStatus)]),

    /**
     * Takes a working order to cancel it: only when no request holds it, or the one that did
     * claimed it before `staleBefore` (it died). undefined when another request is cancelling it
     * (here or in another process) or it can no longer be cancelled: one DELETE at a time per order.
     */
    async claimCancel(
      userId: string,
      id: string,
      at: Date,
      staleBefore: Date,
    ): Promise<OrderRow | undefined> {
      return takeClaim(userId, id, at, staleBefore, [
        inArray(orders.status, CANCELLABLE_STATUSES),
        isNotNull(orders.brokerOrderId),
      ]);
    },

    /** Writes what a look at the broker said, leaving a cancel's claim on the order to its request. */
    async noteState(id: string, changes: OrderChanges, at: Date): Promise<OrderRow> {
      const rows = await db
        .update(orders)
        .set({ ...changes, checkedAt: at, updatedAt: at })
        .where(eq(orders.id, id))
        .returning();
      return rows[0] as OrderRow;
    },

    /** Marks a claimed order as sent again `at`. */
    async sentAgain(id: string, at: Date): Promise<void> {
      await db.update(orders).set({ sentAt: at }).where(eq(orders.id, id));
    },

    /** Writes what the broker said and lets the claim go. */
    async settle(id: string, changes: OrderChanges, at: Date): Promise<OrderRow> {
      const rows = await db
        .update(orders)
        .set({ ...changes, claimedAt: null, checkedAt: at, updatedAt: at })
        .where(eq(orders.id, id))
        .returning();
      return rows[0] as OrderRow;
    },

    /** Lets the claim go with the answer still unknown: the order stays Sending. */
    async release(id: string): Promise<OrderRow> {
      const rows = await db.update(orders).set({ claimedAt: null }).where(eq(orders.id, id)).returning();
      return rows[0] as OrderRow;
    },

    /** Takes back an intent the broker never got (refused before it was sent): the key may be used again. */
    async withdraw(id: string): Promise<void> {
      await db.delete(orders).where(eq(orders.id, id));
    },

    /**
     * Whether this request is the one to ask the broker about the order now: it was not asked
     * since `before` (by any request, in any process). Marks it asked `at`.
     */
    async takeLook(id: string, at: Date, before: Date): Promise<boolean> {
      const rows = await db
        .update(orders)
        .set({ checkedAt: at })
        .where(and(eq(orders.id, id), or(isNull(orders.checkedAt), lt(orders.checkedAt, before))))
        .returning({ id: orders.id });
      return rows.length > 0;
    },

    /** Appends exchanges to the order's log. */
    async log(orderId: string, exchanges: readonly BrokerExchange[]): Promise<void> {
      await forChunks(exchanges, (chunk) =>
        db.insert(orderExchanges).values(
          chunk.map((e) => ({
            orderId,
            at: new Date(e.at),
            method: e.method,
            path: e.path,
            requestBody: e.requestBody ?? null,
            status: e.status,
            responseBody: e.responseBody ?? null,
          })),
        ),
      );
    },

    /** The trader's order's log, oldest first: its newest ORDER_LOG_MAX lines. */
    async logOf(userId: string, id: string): Promise<BrokerExchange[]> {
      await ownRow(db, orders, userId, id, messages.orderNotFound);
      const rows = await db
        .select()
        .from(orderExchanges)
        .where(eq(orderExchanges.orderId, id))
        .orderBy(desc(orderExchanges.id))
        .limit(ORDER_LOG_MAX);
      return rows.reverse().map(toExchange);
    },

    /** Which of the broker's order ids of the account are already orders of ours. */
    async brokerOrderIds(accountId: string, ids: readonly string[]): Promise<Set<string>> {
      const found = await inChunks(ids, (chunk) =>
        db
          .select({ id: orders.brokerOrderId })
          .from(orders)
          .where(and(eq(orders.accountId, accountId), inArray(orders.brokerOrderId, chunk))),
      );
      return new Set(found.map((r) => r.id as string));
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
