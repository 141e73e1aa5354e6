// Fills and what the trader attached to trades (trades/), and the tombstones of deletes (db/tombstones.ts).
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { EXECUTION_KINDS, type ExecutionKind } from '../../../domain/executions.ts';
import {
  EXECUTION_SIDES,
  type ExecutionSide,
  type ExecutionSource,
  type PositionEffect,
} from '../../../domain/types.ts';
import { changedIndex, changedXid, createdAt, literals, recordStamps } from './columns.ts';
import { accountSettings, tradePlans } from './journal.ts';
import { record, users } from './traders.ts';

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
    // `key` as the domain's annotation names it (src/domain/trades.ts); the column keeps its name.
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
