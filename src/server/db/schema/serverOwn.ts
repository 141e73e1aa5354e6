// What the server keeps beside the journal, never synced and in no backup (backup/backupService.ts
// `NOT_BACKED_UP`): sign-ins (auth/), push subscriptions and alerts sent (alerts/), orders (orders/)
// and market data (candles/).
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
import { ALERT_KINDS, type AlertKind } from '../../../domain/alerts.ts';
import type { StoredOrderRequest } from '../../../domain/orderDecisions.ts';
import {
  type BracketOrder,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
} from '../../../domain/orders.ts';
import { belongsTo, createdAt, literals, updatedAt } from './columns.ts';
import { accountSettings, record, tradePlans, users } from './journal.ts';

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a stolen database does not yield usable sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** OAuth `state` values in flight: single use, short-lived, shared by every API process. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const brokerTokens = pgTable('broker_tokens', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The broker's token set, serialised (and encrypted where the broker's tokens are secret). */
  data: text('data').notNull(),
  /** When the broker sign-in ends for good; null when it does not expire. */
  refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true, mode: 'date' }),
  updatedAt: updatedAt(),
});

/**
 * The devices a trader has turned notifications on for (docs/product.md, "Alerts"): each browser's
 * push subscription, its endpoint unique (a device signed in to another trader moves with it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    endpoint: text('endpoint').notNull(),
    /** The browser's public key (P-256, base64url) and auth secret: what a push is encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_user').on(t.userId),
  ],
);

/**
 * The alerts sent. The watcher inserts one before sending it, `ON CONFLICT DO NOTHING` on its
 * crossing key (the domain's `crossingKey`): only the process whose insert took sends, so two API
 * processes send it once and a restart never again.
 */
export const sentAlerts = pgTable(
  'sent_alerts',
  {
    id: uuid('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    planId: belongsTo('plan_id', () => tradePlans.id),
    /** The open trade's key for a stop or target alert. */
    tradeKey: text('trade_key'),
    kind: text('kind').$type<AlertKind>().notNull(),
    symbol: text('symbol').notNull(),
    price: doublePrecision('price').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    crossingKey: text('crossing_key').notNull(),
  },
  (t) => [
    uniqueIndex('sent_alerts_crossing').on(t.crossingKey),
    index('sent_alerts_user_sent').on(t.userId, t.sentAt),
    index('sent_alerts_plan').on(t.planId),
    check('sent_alerts_kind', sql`${t.kind} in (${literals(ALERT_KINDS)})`),
  ],
);

/**
 * Orders sent to the broker from plans (docs/product.md, "Orders"): the intent is inserted
 * (_Sending_) before the broker is called, so the unique indexes decide which request sends it.
 * The broker's dealings, not the journal: never synced, never in a backup.
 */
export const orders = pgTable(
  'orders',
  {
    ...record(),
    planId: belongsTo('plan_id', () => tradePlans.id),
    accountId: belongsTo('account_id', () => accountSettings.id),
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
    orderId: belongsTo('order_id', () => orders.id),
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
