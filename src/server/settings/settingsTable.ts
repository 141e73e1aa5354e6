// The trader's settings table (docs/architecture.md, "The server"): one row per trader, whose id is
// the trader's own, and none until the trader saves a setting (the domain's defaults stand in).
// db/schema.ts re-exports it, so drizzle-kit and the backup's coverage see it with the rest.
import { sql } from 'drizzle-orm';
import { check, customType, doublePrecision, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SETTINGS_DEFAULTS } from '../../domain/traderSettings.ts';
import { users } from '../db/schema.ts';

// The sync's change stamp, as db/schema.ts declares it for every synced table: set by the database.
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull();

export const traderSettings = pgTable(
  'trader_settings',
  {
    id: uuid('id').primaryKey(),
    // `users` is read only when the foreign key is built, after both modules have loaded.
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nearEntryR: doublePrecision('near_entry_r').notNull().default(SETTINGS_DEFAULTS.nearEntryR),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
    changedXid: xid8('changed_xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    // One record per trader: its id is the trader's.
    check('trader_settings_one_per_trader', sql`${t.id} = ${t.userId}`),
    index('trader_settings_user_changed').on(t.userId, t.changedXid),
  ],
);
