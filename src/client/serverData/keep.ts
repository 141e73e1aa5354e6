// The one cache convention of server-owned data (docs/architecture.md, "Server-owned data"): an
// answer is written to its Dexie table only while the cache still belongs to the trader it was
// asked for; a logout or another sign-in while it was on its way keeps it out.
import type { Table } from 'dexie';
import { cacheOwner, type TradeTrackerDb } from '../db/db.ts';

/** Runs `write` in one transaction over `tables` (and meta) if the cache's owner is still `owner`. */
export async function keepForOwner(
  database: TradeTrackerDb,
  owner: string | undefined,
  tables: readonly Table[],
  write: () => Promise<unknown>,
): Promise<boolean> {
  return database.transaction('rw', [...tables, database.meta], async () => {
    if (owner === undefined || (await cacheOwner(database)) !== owner) return false;
    await write();
    return true;
  });
}
