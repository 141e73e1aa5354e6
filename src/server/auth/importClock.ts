// When the trader last imported the broker's fills (users.fills_imported_at): the throttle of
// docs/product.md, "Trades", kept in the database so every tab, device and process shares it.
import { and, eq } from 'drizzle-orm';
import { IMPORT_THROTTLE_MINUTES } from '../../domain/constants.ts';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema.ts';

const THROTTLE_MS = IMPORT_THROTTLE_MINUTES * 60_000;

/** An import may start now (`previous`: the last one's time, put back if this one fails), or one started at `since`. */
export type ImportClaim = { claimed: true; previous: Date | null } | { claimed: false; since: Date };

export function createImportClock(db: Database) {
  return {
    /**
     * Records an import starting `at`, unless the trader's last one started less than
     * IMPORT_THROTTLE_MINUTES before. The row is locked while it is decided, so of two calls at
     * once (two tabs, two processes) only one starts an import.
     */
    claim: (userId: string, at: Date): Promise<ImportClaim> =>
      db.transaction(async (tx) => {
        const rows = await tx
          .select({ last: users.fillsImportedAt })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        const last = rows[0]?.last ?? null;
        if (last && at.getTime() - last.getTime() < THROTTLE_MS) return { claimed: false, since: last };
        await tx.update(users).set({ fillsImportedAt: at }).where(eq(users.id, userId));
        return { claimed: true, previous: last };
      }),

    /** An import claimed `at` failed: the last import is the one before it again, unless another has started since. */
    async release(userId: string, at: Date, previous: Date | null): Promise<void> {
      await db
        .update(users)
        .set({ fillsImportedAt: previous })
        .where(and(eq(users.id, userId), eq(users.fillsImportedAt, at)));
    },
  };
}

export type ImportClock = ReturnType<typeof createImportClock>;
