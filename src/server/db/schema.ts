// The database schema. drizzle-kit generates the SQL migrations in /drizzle from this file.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACTIVE_STATUSES } from '../../domain/tradePlans.ts';
import { TRADE_PLAN_STATUSES, type TradePlanStatus } from '../../domain/types.ts';

/** Values written into the SQL as quoted literals, not parameters: a migration holds them as they are. */
const literals = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    broker: text('broker').notNull(),
    brokerUserId: text('broker_user_id').notNull(),
    displayName: text('display_name').notNull(),
    createdAt: createdAt(),
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
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountHash: text('account_hash').notNull(),
    originalBalance: doublePrecision('original_balance').notNull(),
    capitalRisk: doublePrecision('capital_risk').notNull(),
    maxTradeRisk: doublePrecision('max_trade_risk').notNull(),
    scaleOutFactor: integer('scale_out_factor').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('account_settings_user_account').on(t.userId, t.accountHash)],
);

export const edges = pgTable(
  'edges',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    identificationNotes: text('identification_notes').notNull(),
    weightFactor: doublePrecision('weight_factor').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Deleting deactivates, and frees the name: uniqueness is among active edges only.
  (t) => [
    uniqueIndex('edges_user_active_name').on(t.userId, sql`lower(${t.name})`).where(sql`${t.isActive}`),
  ],
);

export const tradeSetups = pgTable(
  'trade_setups',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    entryCriteria: text('entry_criteria').notNull(),
    exitCriteria: text('exit_criteria').notNull(),
    notes: text('notes').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('trade_setups_user_name').on(t.userId, sql`lower(${t.name})`)],
);

export const tradePlans = pgTable(
  'trade_plans',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('trade_plans_one_active_per_stock')
      .on(t.userId, t.stock)
      .where(sql`${t.status} in (${literals(ACTIVE_STATUSES)})`),
    check('trade_plans_status', sql`${t.status} in (${literals(TRADE_PLAN_STATUSES)})`),
    index('trade_plans_user').on(t.userId),
    index('trade_plans_setup').on(t.tradeSetupId),
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
    /** The collection's name as the app's cache spells it: edges, tradeSetups, tradePlans. */
    collection: text('collection').notNull(),
    recordId: uuid('record_id').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collection, t.recordId] }),
    index('tombstones_user_deleted').on(t.userId, t.deletedAt),
  ],
);
