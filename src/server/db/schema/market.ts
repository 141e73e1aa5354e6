// The broker's dealings and market data: orders (orders/) and candles (candles/).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredOrderRequest } from '../../../domain/orderDecisions.ts';
import {
  type BracketOrder,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
} from '../../../domain/orders.ts';
import { createdAt, literals, updatedAt } from './columns.ts';
import { accountSettings, tradePlans } from './journal.ts';
import { record, users } from './traders.ts';

/**
 * Orders sent to the broker from plans (docs/product.md, "Orders"): the intent is inserted
 * (_Sending_) before the broker is called, so the unique indexes decide which request sends it.
 * The broker's dealings, not the journal: never synced, never in a backup.
 */
export const orders = pgTable(
  'orders',
  {
    ...record(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => tradePlans.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accountSettings.id, { onDelete: 'cascade' }),
    /** The confirm's `Idempotency-Key`: the same key from the trader answers this order. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** What the confirm asked, as sent: the same key with another request is refused. */
    request: jsonb('request').$type<StoredOrderRequest>().notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    /** The order as the broker was sent it. */
    order: jsonb('bracket_order').$type<BracketOrder>().notNull(),
    filledQuantity: doublePrecision('filled_quantity').notNull().default(0),
    brokerOrderId: text('broker_order_id'),
    reason: text('reason'),
    /**
     * Set while a request is calling the broker for this order (placing it, looking for a lost
     * one, or cancelling it); null once it has its answer. A claim older than ORDER_CLAIM_SECONDS
     * is a request that died: the next request may take the order over.
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    /** When the order was last sent to the broker: it is sent again only well after. */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** When the broker was last asked about it: reads ask at most every few seconds. */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    // One order that may still trade per plan and account: a second tab's confirm is refused.
    uniqueIndex('orders_one_open_per_plan_account')
      .on(t.planId, t.accountId)
      .where(sql`${t.status} in (${literals(OPEN_ORDER_STATUSES)})`),
    index('orders_user_plan').on(t.userId, t.planId),
    index('orders_account').on(t.accountId),
    check('orders_status', sql`${t.status} in (${literals(ORDER_STATUSES)})`),
  ],
);

/** The order log: every request to the broker about an order and its answer, as they happened. */
export const orderExchanges = pgTable(
  'order_exchanges',
  {
    /** In the order the exchanges were logged (the clock may give several the same time). */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestBody: jsonb('request_body'),
    /** null when no answer came (a timeout, a dropped connection). */
    status: integer('status'),
    responseBody: jsonb('response_body'),
  },
  (t) => [index('order_exchanges_order_at').on(t.orderId, t.at)],
);

/**
 * Daily candles (docs/product.md, "Candles"): market data, shared by every trader, so no owner.
 * One row per symbol and New York day the broker answered a session for, nothing else: a weekday
 * without one (a holiday, a day before the symbol traded) is known from `candle_spans`. Today's
 * row is asked again.
 */
export const candles = pgTable(
  'candles',
  {
    symbol: text('symbol').notNull(),
    /** YYYY-MM-DD, New York. */
    day: text('day').notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: doublePrecision('volume').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.day] })],
);

/**
 * The days of a symbol the broker has answered for good (asked after they ended), from and to
 * (YYYY-MM-DD, New York, both included): their sessions are the `candles` rows, and a weekday
 * without a row had none. One row per run of such days instead of one per empty day.
 */
export const candleSpans = pgTable(
  'candle_spans',
  {
    symbol: text('symbol').notNull(),
    fromDay: text('from_day').notNull(),
    toDay: text('to_day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.fromDay] })],
);

/**
 * What each trader had the broker asked for in candles on one New York day, in weekdays
 * (CANDLE_FETCH_WEEKDAYS_PER_DAY): kept here so every process counts the same budget.
 */
export const candleBudgets = pgTable('candle_budgets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  day: text('day').notNull(),
  weekdays: integer('weekdays').notNull(),
});
