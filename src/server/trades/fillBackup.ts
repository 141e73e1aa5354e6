// Fills in a backup (docs/product.md, "Export and backup"): the manual ones only; the broker's are
// imported again after a restore. A restored fill keeps its id and moves to the account's id in
// this journal (found by hash, accountBackup.ts).
import { and, asc, eq } from 'drizzle-orm';
import { MANUAL_FILL_FIELDS, type ManualFill, newExecution, sameFill } from '../../domain/executions.ts';
import type { Execution } from '../../domain/types.ts';
import type { BackupAdapter } from '../backup/backupAdapter.ts';
import { freeIds } from '../backup/backupAdapter.ts';
import { insertInChunks } from '../db/chunks.ts';
import { SERVER_COLUMNS } from '../db/rows.ts';
import { executions } from '../db/schema.ts';
import { clearTombstones } from '../db/tombstones.ts';
import { fillRow, toFill } from './fillRepository.ts';

const BROKER_ONLY = 'a backup holds manual fills only; a restore imports the broker fills again';

const manualFill = (fill: Execution): ManualFill =>
  Object.fromEntries(MANUAL_FILL_FIELDS.map((key) => [key, fill[key]])) as ManualFill;

export const fillBackup: BackupAdapter<'executions'> = {
  collection: 'executions',
  covers: [
    {
      table: executions,
      fields: MANUAL_FILL_FIELDS,
      leftOut: {
        ...SERVER_COLUMNS,
        source: BROKER_ONLY,
        brokerExecutionId: BROKER_ONLY,
        positionEffect: BROKER_ONLY,
      },
    },
  ],

  async read(q, userId) {
    const rows = await q
      .select()
      .from(executions)
      .where(and(eq(executions.userId, userId), eq(executions.source, 'manual')))
      .orderBy(asc(executions.executedAt), asc(executions.id));
    return rows.map((row) => manualFill(toFill(row)));
  },

  async decide(step, records) {
    const fills = records.map((f) => ({ ...f, accountId: step.accountIds.get(f.accountId) ?? f.accountId }));
    const { free, skipped } = await freeIds(
      step,
      'executions',
      fills,
      (f, row: typeof executions.$inferSelect) =>
        row.source === 'manual' && sameFill(f, manualFill(toFill(row))),
    );
    // Written as the API writes a manual fill (newExecution), so both are the same row.
    const fresh = free.map(({ record }) =>
      newExecution(record, { id: record.id, createdAt: record.createdAt }),
    );
    return {
      restored: fresh.length,
      skipped,
      async write() {
        await insertInChunks(
          step.tx,
          executions,
          fresh.map((f) => fillRow(step.userId, f)),
        );
        await clearTombstones(
          step.tx,
          step.userId,
          'executions',
          fresh.map((f) => f.id),
        );
      },
    };
  },
};
