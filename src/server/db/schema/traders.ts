// The traders and their sign-ins, owned by auth/.
import { doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { NEAR_ENTRY_DEFAULT_R } from '../../../domain/constants.ts';
import { createdAt, updatedAt } from './columns.ts';

/** A trader's record: its id, and whose it is (it goes with its trader). */
export const record = () => ({
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
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
