// Push subscriptions and the alerts sent (alerts/).
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ALERT_KINDS, type AlertKind } from '../../../domain/alerts.ts';
import { createdAt, literals } from './columns.ts';
import { tradePlans } from './journal.ts';
import { users } from './traders.ts';

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
