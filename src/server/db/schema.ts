// The database schema. drizzle-kit generates the SQL migrations in /drizzle from this file.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
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
import { ALERT_KINDS, type AlertKind } from '../../domain/alerts.ts';
import {
  DEFAULT_HEAT_LIMIT_PERCENT,
  LOSS_LIMIT_UNITS,
  type LossLimitUnit,
  NEAR_ENTRY_DEFAULT_R,
} from '../../domain/constants.ts';
import { EXECUTION_KINDS, type ExecutionKind } from '../../domain/executions.ts';
import type { StoredOrderRequest } from '../../domain/orderDecisions.ts';
import {
  type BracketOrder,
  OPEN_ORDER_STATUSES,
  ORDER_STATUSES,
  type OrderStatus,
} from '../../domain/orders.ts';
import { PLAN_DIRECTIONS, type PlanDirection } from '../../domain/planDirection.ts';
import { ACTIVE_STATUSES } from '../../domain/tradePlans.ts';
import {
  CYCLE_TYPES,
  type CycleType,
  EXECUTION_SIDES,
  type ExecutionSide,
  type ExecutionSource,
  type PositionEffect,
  TRADE_PLAN_STATUSES,
  type TradePlanStatus,
} from '../../domain/types.ts';

/** Values written into the SQL as quoted literals, not parameters: a migration holds them as they are. */
const literals = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull();

/**
 * The change stamp the delta sync reads (docs/architecture.md, "The sync protocol"): the id of the
 * transaction that last wrote the row, set by the database itself, by this default on insert and by
 * the `stamp_change` trigger (migration 0006) on every update. Nothing in the app writes it, so a
 * row inserted with only its own columns (a restore) is marked changed too.
 */
/**
 * The key a name is unique by, in SQL: the domain's `nameKey` (JavaScript's toLowerCase). ICU's
 * root locale lowers as JavaScript does (İ to i̇, a final Σ to ς); plain lower() follows the
 * database's LC_CTYPE (ASCII only under C). tests/server/ruleMirrors.test.ts checks both agree.
 */
const nameKeyOf = (name: AnyPgColumn) => sql`lower(${name} collate "und-x-icu")`;

const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
const changedXid = () => xid8('changed_xid').notNull().default(sql`pg_current_xact_id()`);

/** A trader's record: its id, and whose it is (it goes with its trader). */
const record = () => ({
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});
/** When a record was made and last changed, and the stamp the sync reads. */
const recordStamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt(), changedXid: changedXid() });
/** The delta sync's index: a trader's rows written since a cursor. */
const changedIndex = (table: string, t: { userId: AnyPgColumn; changedXid: AnyPgColumn }) =>
  index(`${table}_user_changed`).on(t.userId, t.changedXid);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    broker: text('broker').notNull(),
    brokerUserId: text('broker_user_id').notNull(),
    displayName: text('display_name').notNull(),
    createdAt: createdAt(),
    /**
     * When the trader's last import of the broker's fills started: imports are at most one every
     * IMPORT_THROTTLE_MINUTES per trader, whatever tab or device asks (trades/importClock.ts).
     */
    fillsImportedAt: timestamp('fills_imported_at', { withTimezone: true, mode: 'date' }),
    /** A plan is near its entry within this many R (docs/product.md, "Alerts"). */
    nearEntryR: doublePrecision('near_entry_r').notNull().default(NEAR_ENTRY_DEFAULT_R),
  },
  (t) => [uniqueIndex('users_broker_identity').on(t.broker, t.brokerUserId)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a stolen database does not yield usable sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

/** The trader's own settings for each broker account; balances come live from the broker. */
export const accountSettings = pgTable(
  'account_settings',
  {
    ...record(),
    accountHash: text('account_hash').notNull(),
    originalBalance: doublePrecision('original_balance').notNull(),
    capitalRisk: doublePrecision('capital_risk').notNull(),
    maxTradeRisk: doublePrecision('max_trade_risk').notNull(),
    scaleOutFactor: integer('scale_out_factor').notNull(),
    heatLimit: doublePrecision('heat_limit').notNull().default(DEFAULT_HEAT_LIMIT_PERCENT),
    // The risk guard (src/domain/riskGuard.ts): null is no limit.
    dailyLossLimit: doublePrecision('daily_loss_limit'),
    dailyLossLimitUnit: text('daily_loss_limit_unit').$type<LossLimitUnit>().notNull().default('Dollars'),
    maxNewTradesPerDay: integer('max_new_trades_per_day'),
    /**
     * Whether Trade Tracker may send orders to the account (docs/product.md, "Orders"): off until
     * the trader turns it on, online (`PUT /accounts/{id}/orders`); never backed up.
     */
    ordersAllowed: boolean('orders_allowed').notNull().default(false),
    ...recordStamps(),
  },
  (t) => [
    uniqueIndex('account_settings_user_account').on(t.userId, t.accountHash),
    changedIndex('account_settings', t),
    check(
      'account_settings_loss_limit_unit',
      sql`${t.dailyLossLimitUnit} in (${literals(LOSS_LIMIT_UNITS)})`,
    ),
  ],
);

export const edges = pgTable(
  'edges',
  {
    ...record(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    identificationNotes: text('identification_notes').notNull(),
    weightFactor: doublePrecision('weight_factor').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...recordStamps(),
  },
  // Deleting deactivates, and frees the name: uniqueness is among active edges only.
  (t) => [
    uniqueIndex('edges_user_active_name').on(t.userId, nameKeyOf(t.name)).where(sql`${t.isActive}`),
    changedIndex('edges', t),
  ],
);

export const tradeSetups = pgTable(
  'trade_setups',
  {
    ...record(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    entryCriteria: text('entry_criteria').notNull(),
    exitCriteria: text('exit_criteria').notNull(),
    notes: text('notes').notNull(),
    /** Its plans go Ready only with every entry criterion ticked (docs/product.md, "Plan statuses"). */
    checklistRequired: boolean('checklist_required').notNull().default(false),
    ...recordStamps(),
  },
  (t) => [
    uniqueIndex('trade_setups_user_name').on(t.userId, nameKeyOf(t.name)),
    changedIndex('trade_setups', t),
  ],
);

export const tradePlans = pgTable(
  'trade_plans',
  {
    ...record(),
    /** Stored upper-case, so the active-stock index needs no function. */
    stock: text('stock').notNull(),
    entryPrice: doublePrecision('entry_price').notNull(),
    stopLossPrice: doublePrecision('stop_loss_price').notNull(),
    probabilityOfSuccess: doublePrecision('probability_of_success'),
    status: text('status').$type<TradePlanStatus>().notNull().default('Draft'),
    scanId: text('scan_id'),
    tradeSetupId: uuid('trade_setup_id').references(() => tradeSetups.id, { onDelete: 'set null' }),
    /** Above the entry when set (docs/product.md, "Trade plans"). */
    targetPrice: doublePrecision('target_price'),
    notes: text('notes').notNull().default(''),
    /** Whether its entry, stop and target alert the trader (docs/product.md, "Alerts"). */
    alertsOn: boolean('alerts_on').notNull().default(true),
    /** Long (stop below the entry) or Short (stop above it; docs/product.md, "Trade plans"). */
    direction: text('direction').$type<PlanDirection>().notNull().default('Long'),
    /** Stamped at creation, never updated; null on plans made before it was kept ("Unknown"). */
    marketCycleAtCreation: text('market_cycle_at_creation').$type<CycleType>(),
    /** When its linked trades had all closed (docs/product.md, "Trade plans"); set from the trades only. */
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    /** The setup's entry criteria ticked, by their text (docs/product.md, "Trade plans"). */
    criteriaMet: jsonb('criteria_met').$type<string[]>().notNull().default([]),
    ...recordStamps(),
    /**
     * Stamps of the last write that changed what a derived figure reads of the plan, set by the
     * `stamp_plan_inputs` trigger (migration 0018), null before any: `linkXid` what a trade's
     * automatic link reads, `scoreXid` what its setup's score reads (sync/syncService.ts).
     */
    linkXid: xid8('link_xid'),
    scoreXid: xid8('score_xid'),
  },
  (t) => [
    // The domain's `activeStockOf`: Ready or Hold, and not done.
    uniqueIndex('trade_plans_one_active_per_stock')
      .on(t.userId, t.stock)
      .where(sql`${t.status} in (${literals(ACTIVE_STATUSES)}) and ${t.doneAt} is null`),
    check('trade_plans_status', sql`${t.status} in (${literals(TRADE_PLAN_STATUSES)})`),
    check('trade_plans_direction', sql`${t.direction} in (${literals(PLAN_DIRECTIONS)})`),
    check('trade_plans_market_cycle', sql`${t.marketCycleAtCreation} in (${literals(CYCLE_TYPES)})`),
    index('trade_plans_user').on(t.userId),
    index('trade_plans_setup').on(t.tradeSetupId),
    changedIndex('trade_plans', t),
  ],
);

export const tradePlanEdges = pgTable(
  'trade_plan_edges',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => tradePlans.id, { onDelete: 'cascade' }),
    edgeId: uuid('edge_id')
      .notNull()
      .references(() => edges.id),
  },
  (t) => [primaryKey({ columns: [t.planId, t.edgeId] }), index('trade_plan_edges_edge').on(t.edgeId)],
);

/** Fills, manual or imported; trades are derived from them on every read (docs/product.md, "Trades"). */
export const executions = pgTable(
  'executions',
  {
    ...record(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accountSettings.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    side: text('side').$type<ExecutionSide>().notNull(),
    quantity: doublePrecision('quantity').notNull(),
    price: doublePrecision('price').notNull(),
    fees: doublePrecision('fees').notNull(),
    executedAt: timestamp('executed_at', { withTimezone: true, mode: 'date' }).notNull(),
    source: text('source').$type<ExecutionSource>().notNull(),
    brokerExecutionId: text('broker_execution_id'),
    positionEffect: text('position_effect').$type<PositionEffect>(),
    /** A fill, or one of the broker's adjustments (split, transfer): src/domain/executions.ts. */
    kind: text('kind').$type<ExecutionKind>().notNull().default('fill'),
    createdAt: createdAt(),
    changedXid: changedXid(),
  },
  (t) => [
    // An import inserts with ON CONFLICT DO NOTHING on this index: a fill seen twice is kept once.
    uniqueIndex('executions_account_broker_id')
      .on(t.accountId, t.brokerExecutionId)
      .where(sql`${t.brokerExecutionId} is not null`),
    index('executions_user_executed').on(t.userId, t.executedAt),
    changedIndex('executions', t),
    check('executions_side', sql`${t.side} in (${literals(EXECUTION_SIDES)})`),
    check('executions_source', sql`${t.source} in ('manual', 'broker')`),
    check('executions_position_effect', sql`${t.positionEffect} in ('Open', 'Close')`),
    check('executions_kind', sql`${t.kind} in (${literals(EXECUTION_KINDS)})`),
    // Only the broker reports adjustments: what the trader records by hand is a fill.
    check('executions_manual_fill', sql`${t.source} = 'broker' or ${t.kind} = 'fill'`),
  ],
);

/**
 * What the trader attached to a trade (plan link, stop, notes), under the trade's stable key:
 * trades are rebuilt from fills on every read, so this is what survives a rebuild. The key holds
 * the account's id, so it is unique across traders.
 */
export const tradeAnnotations = pgTable(
  'trade_annotations',
  {
    // `key` as the domain's annotation names it (src/domain/tradeAnnotation.ts); the column keeps its name.
    key: text('trade_key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A deleted plan unlinks its trades; a discarded one keeps them.
    planId: uuid('plan_id').references(() => tradePlans.id, { onDelete: 'set null' }),
    initialStop: doublePrecision('initial_stop'),
    notes: text('notes').notNull().default(''),
    /** The trader's tags and mistakes (docs/product.md, "Trades"). */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    mistakes: jsonb('mistakes').$type<string[]>().notNull().default([]),
    /** The dollars the trader says the trade put at risk; null when none. */
    ownInitialRisk: doublePrecision('own_initial_risk'),
    ...recordStamps(),
  },
  (t) => [
    index('trade_annotations_user').on(t.userId),
    index('trade_annotations_plan').on(t.planId),
    changedIndex('trade_annotations', t),
  ],
);

/**
 * Ids of deleted records (an edge's deactivation counts), so that a create the offline outbox
 * replays never brings one back. Kept per user and time: a later sync sends deletes since a cursor.
 */
export const tombstones = pgTable(
  'tombstones',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The collection's name as the app's cache spells it: edges, tradeSetups, tradePlans, executions. */
    collection: text('collection').notNull(),
    recordId: uuid('record_id').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull(),
    changedXid: changedXid(),
  },
  (t) => [
    primaryKey({ columns: [t.collection, t.recordId] }),
    index('tombstones_user_deleted').on(t.userId, t.deletedAt),
    changedIndex('tombstones', t),
  ],
);

/**
 * The devices a trader has turned notifications on for (docs/product.md, "Alerts"): each browser's
 * push subscription, its endpoint unique (a device signed in to another trader moves with it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => tradePlans.id, { onDelete: 'cascade' }),
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
