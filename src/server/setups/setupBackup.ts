// Setups in a backup (docs/product.md, "Export and backup"): what the trader wrote, without the
// derived score; a restored setup keeps its id, and its name may not be another setup's.
import { asc, eq } from 'drizzle-orm';
import { messages } from '../../domain/messages.ts';
import { sameSetup, setupRecord } from '../../domain/setups.ts';
import { nameKey } from '../../domain/validation.ts';
import type { BackupAdapter } from '../backup/backupAdapter.ts';
import { freeIds, unclaimed } from '../backup/backupAdapter.ts';
import { insertInChunks } from '../db/chunks.ts';
import { rowFrom, SERVER_COLUMNS } from '../db/rows.ts';
import { tradeSetups } from '../db/schema.ts';
import { clearTombstones } from '../db/tombstones.ts';
import { setupNames, toSetupRecord } from './setupRepository.ts';

const setupRow = rowFrom(tradeSetups);

export const setupBackup: BackupAdapter<'tradeSetups'> = {
  collection: 'tradeSetups',
  covers: [{ table: tradeSetups, fields: Object.keys(setupRecord.schema), leftOut: SERVER_COLUMNS }],

  async read(q, userId) {
    const rows = await q
      .select()
      .from(tradeSetups)
      .where(eq(tradeSetups.userId, userId))
      .orderBy(asc(tradeSetups.createdAt), asc(tradeSetups.id));
    return rows.map(toSetupRecord);
  },

  async decide(step, records) {
    const names = await setupNames(step.tx, step.userId);
    const { free, skipped } = await freeIds(
      step,
      'tradeSetups',
      records,
      (s, row: typeof tradeSetups.$inferSelect) => sameSetup(s, toSetupRecord(row)),
    );
    const fresh = unclaimed(step, free, (s) => nameKey(s.name), names, 'name', messages.setupNameTaken);
    return {
      restored: fresh.length,
      skipped,
      async write() {
        await insertInChunks(
          step.tx,
          tradeSetups,
          fresh.map((s) => setupRow(step.userId, s)),
        );
        await clearTombstones(
          step.tx,
          step.userId,
          'tradeSetups',
          fresh.map((s) => s.id),
        );
      },
    };
  },
};
