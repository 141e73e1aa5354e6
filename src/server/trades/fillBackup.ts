// Fills in a backup (docs/product.md, "Export and backup"): the manual ones only; the broker's are
// imported again after a restore. A restored fill keeps its id and moves to the account's id in
// this journal (found by hash, accounts/accountBackup.ts).
import { eq } from 'drizzle-orm';
import { MANUAL_FILL_FIELDS, type ManualFill, newExecution, sameFill } from '../../domain/executions.ts';
import type { Execution } from '../../domain/types.ts';
import { ownRowsInOrder } from '../db/backupAdapter.ts';
import { idRecordAdapter } from '../db/idRecordAdapter.ts';
import { serverColumnsOf } from '../db/rows.ts';
import { executions } from '../db/schema.ts';
import { fillRow, toFill } from './fillRepository.ts';

const BROKER_ONLY = 'a backup holds manual fills only; a restore imports the broker fills again';

const manualFill = (fill: Execution): ManualFill =>
  Object.fromEntries(MANUAL_FILL_FIELDS.map((key) => [key, fill[key]])) as ManualFill;

export const fillBackup = idRecordAdapter({
  collection: 'executions',
  covers: [
    {
      table: executions,
      fields: MANUAL_FILL_FIELDS,
      leftOut: {
        ...serverColumnsOf(executions),
        source: BROKER_ONLY,
        brokerExecutionId: BROKER_ONLY,
        positionEffect: BROKER_ONLY,
        // A manual fill is always a fill; splits and transfers come from the broker only.
        kind: BROKER_ONLY,
      },
    },
  ],
  read: async (q, userId) =>
    (await ownRowsInOrder(q, executions, userId, executions.executedAt, eq(executions.source, 'manual'))).map(
      (row) => manualFill(toFill(row)),
    ),
  here: (fill, { accountIds }) => ({ ...fill, accountId: accountIds.get(fill.accountId) ?? fill.accountId }),
  same: (fill, row) => row.source === 'manual' && sameFill(fill, manualFill(toFill(row))),
  // Written as the API writes a manual fill (newExecution), so both are the same row.
  rowOf: (userId, fill) => fillRow(userId, newExecution(fill, { id: fill.id, createdAt: fill.createdAt })),
});
