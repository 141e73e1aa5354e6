// The trader's journal: the traders, and what each writes and syncs (accounts/, edges/ with the
// plans' edge links, setups/, plans/, trades/), with the tombstones of deletes (db/tombstones.ts).
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { ACCOUNT_SOURCES, type AccountSource } from '../../../domain/accounts.ts';
import {
  DEFAULT_HEAT_LIMIT_PERCENT,
  LOSS_LIMIT_UNITS,
  type LossLimitUnit,
} from '../../../domain/constants.ts';
import {
  EXECUTION_KINDS,
  EXECUTION_SOURCES,
  type ExecutionKind,
  OPTION_CLOSINGS,
} from '../../../domain/executions.ts';
import type { OptionContract } from '../../../domain/optionContract.ts';
import { PLAN_DIRECTIONS, type PlanDirection } from '../../../domain/planDirection.ts';
import type { StatementMapping } from '../../../domain/statements/mapping.ts';
import { ACTIVE_STATUSES } from '../../../domain/tradePlans.ts';
import { SETTINGS_DEFAULTS } from '../../../domain/traderSettings.ts';
import {
  CYCLE_TYPES,
  type CycleType,
  EXECUTION_SIDES,
  type ExecutionSide,
  type ExecutionSource,
  type PositionEffect,
  TRADE_PLAN_STATUSES,
  type TradePlanStatus,
} from '../../../domain/types.ts';
import {
  belongsTo,
  changedIndex,
  changedXid,
  createdAt,
  literals,
  nameKeyOf,
  recordStamps,
  xid8,
} from './columns.ts';

/** A trader's record: its id, and whose it is (it goes with its trader). */
export const record = () => ({
  id: uuid('id').primaryKey(),
  userId: belongsTo('user_id', () => users.id),
});

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
     * IMPORT_THROTTLE_MINUTES per trader, whatever tab or device asks (auth/importClock.ts).
     */
    fillsImportedAt: timestamp('fills_imported_at', { withTimezone: true, mode: 'date' }),
    /** A plan is near its entry within this many R (docs/product.md, "Alerts"). */
  },
  (t) => [uniqueIndex('users_broker_identity').on(t.broker, t.brokerUserId)],
);

/** The trader's own settings for each broker account; balances come live from the broker. */
export const accountSettings = pgTable(
  'account_settings',
  {
    ...record(),
    accountHash: text('account_hash').notNull(),
    // A manual account's own name, last digits and balance; a broker's come from the broker (null here).
    source: text('source').$type<AccountSource>().notNull().default('broker'),
    accountName: text('account_name'),
    lastDigits: text('last_digits'),
    currentBalance: doublePrecision('current_balance'),
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
    check('account_settings_source', sql`${t.source} in (${literals(ACCOUNT_SOURCES)})`),
    check(
      'account_settings_manual_fields',
      sql`(${t.source} = 'manual') = (${t.accountName} is not null and ${t.lastDigits} is not null and ${t.currentBalance} is not null)`,
    ),
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
    planId: belongsTo('plan_id', () => tradePlans.id),
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
    accountId: belongsTo('account_id', () => accountSettings.id),
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
    /** An option's contract (src/domain/optionContract.ts); null for a stock, as every older row. */
    option: jsonb('option').$type<OptionContract | null>(),
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
    check('executions_source', sql`${t.source} in (${literals(EXECUTION_SOURCES)})`),
    check('executions_position_effect', sql`${t.positionEffect} in ('Open', 'Close')`),
    check('executions_kind', sql`${t.kind} in (${literals(EXECUTION_KINDS)})`),
    // Only a broker reports adjustments (its API or its statement): what the trader types is a fill.
    check('executions_manual_fill', sql`${t.source} <> 'manual' or ${t.kind} = 'fill'`),
    // A contract is an object (its fields checked by the domain's struct); 'null' as JSON is none.
    check('executions_option', sql`${t.option} is null or jsonb_typeof(${t.option}) = 'object'`),
    // An option's expiry, assignment or exercise closes a contract: the fill names it.
    check(
      'executions_option_closing',
      sql`${t.kind} not in (${literals(OPTION_CLOSINGS)}) or ${t.option} is not null`,
    ),
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
    userId: belongsTo('user_id', () => users.id),
    // A deleted plan unlinks its trades; a discarded one keeps them.
    planId: uuid('plan_id').references(() => tradePlans.id, { onDelete: 'set null' }),
    initialStop: doublePrecision('initial_stop'),
    /** The trader's own initial risk in dollars, when set: the trade's R is measured by it. */
    ownInitialRisk: doublePrecision('own_initial_risk'),
    notes: text('notes').notNull().default(''),
    /** The trader's tags and mistakes (docs/product.md, "Trades"). */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    mistakes: jsonb('mistakes').$type<string[]>().notNull().default([]),
    ...recordStamps(),
  },
  (t) => [
    index('trade_annotations_user').on(t.userId),
    index('trade_annotations_plan').on(t.planId),
    changedIndex('trade_annotations', t),
  ],
);

/** The trader's settings (docs/product.md, "Settings"): one row per trader, whose id is the trader's, and none until the trader saves one (the domain's defaults stand in). */
export const traderSettings = pgTable(
  'trader_settings',
  {
    id: uuid('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    nearEntryR: doublePrecision('near_entry_r').notNull().default(SETTINGS_DEFAULTS.nearEntryR),
    statementMappings: jsonb('statement_mappings')
      .$type<StatementMapping[]>()
      .notNull()
      .default(SETTINGS_DEFAULTS.statementMappings),
    ...recordStamps(),
  },
  (t) => [
    // One record per trader: its id is the trader's.
    check('trader_settings_one_per_trader', sql`${t.id} = ${t.userId}`),
    changedIndex('trader_settings', t),
  ],
);

/**
 * Ids of deleted records (an edge's deactivation counts), so that a create the offline outbox
 * replays never brings one back. Kept per user and time: a later sync sends deletes since a cursor.
 */
export const tombstones = pgTable(
  'tombstones',
  {
    userId: belongsTo('user_id', () => users.id),
    /** The collection's name as the app's cache spells it: edges, tradeSetups, tradePlans, executions, accounts. */
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
