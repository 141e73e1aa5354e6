import { eq } from 'drizzle-orm';
import { messages } from '../../domain/messages.ts';
import { defaultSettings, type TraderSettingsInput } from '../../domain/traderSettings.ts';
import type { TraderSettings } from '../../domain/types.ts';
import type { Database } from '../db/database.ts';
import { rowsChangedSince } from '../db/owned.ts';
import { recordFrom } from '../db/rows.ts';
import { traderSettings } from '../db/schema.ts';
import { notFound } from '../refusals.ts';

/** The settings a row holds: the API's, the sync's and the backup's (settingsBackup.ts). */
export const toTraderSettings: (row: typeof traderSettings.$inferSelect) => TraderSettings =
  recordFrom(traderSettings);

/**
 * The trader's one settings record (docs/product.md, "Settings"), whose id is the trader's own: a
 * trader who never saved one has the domain's defaults, and the first save writes the row.
 */
export function createSettingsRepository(db: Database, now: () => Date) {
  async function get(userId: string): Promise<TraderSettings> {
    const [row] = await db.select().from(traderSettings).where(eq(traderSettings.userId, userId));
    return row ? toTraderSettings(row) : defaultSettings(userId, now().toISOString());
  }

  return {
    get,

    /** The settings written since a sync cursor: the trader's row, if it was. */
    async changedSince(userId: string, since: string): Promise<TraderSettings[]> {
      return (await rowsChangedSince(db, traderSettings, userId, since)).map(toTraderSettings);
    },

    /** Writes the fields given over what is stored (or the defaults); any id but the trader's is none. */
    async update(userId: string, id: string, input: TraderSettingsInput): Promise<TraderSettings> {
      if (id !== userId) throw notFound(messages.settingsNotFound);
      const at = now();
      // The validated input holds only the fields sent (domain/validation.ts drops the rest).
      const [row] = await db
        .insert(traderSettings)
        .values({ ...input, id, userId, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: traderSettings.id, set: { ...input, updatedAt: at } })
        .returning();
      return toTraderSettings(row!);
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
