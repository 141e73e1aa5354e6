// Fills in a backup (docs/product.md, "Export and backup"): the manual ones, and those imported
// from a statement, which no broker can send again; the broker's API fills are imported again
// after a restore. A restored fill keeps its id and moves to the account's id in this journal
// (found by hash, accounts/accountBackup.ts); a statement's fill is named by that account and its
// identity, as the import names it, so a later import of the same file adds it no second time.
import { inArray } from 'drizzle-orm';
import {
  type BackupFill,
  isStatementFill,
  MANUAL_FILL_FIELDS,
  type ManualFill,
  newExecution,
  STATEMENT_FILL_FIELDS,
  type StatementFillRecord,
  sameBackupFill,
} from '../../domain/executions.ts';
import { statementFillId } from '../../domain/statements/statement.ts';
import type { Execution } from '../../domain/types.ts';
import { ownRowsInOrder } from '../db/backupAdapter.ts';
import { idRecordAdapter } from '../db/idRecordAdapter.ts';
import { serverColumnsOf } from '../db/rows.ts';
import { executions } from '../db/schema.ts';
import { fillRow, toFill } from './fillRepository.ts';

const pick = <K extends keyof Execution>(fill: Execution, fields: readonly K[]) =>
  Object.fromEntries(fields.map((key) => [key, fill[key]])) as Pick<Execution, K>;

/** The fill as a backup holds it: a manual one without what only imports carry. */
const backupFill = (fill: Execution): BackupFill =>
  fill.source === 'statement'
    ? (pick(fill, STATEMENT_FILL_FIELDS) as StatementFillRecord)
    : (pick(fill, MANUAL_FILL_FIELDS) as ManualFill);

export const fillBackup = idRecordAdapter({
  collection: 'executions',
  covers: [
    {
      table: executions,
      // A manual fill's fields are these less source, kind, identity and position effect.
      fields: STATEMENT_FILL_FIELDS,
      leftOut: serverColumnsOf(executions),
    },
  ],
  read: async (q, userId) =>
    (
      await ownRowsInOrder(
        q,
        executions,
        userId,
        executions.executedAt,
        inArray(executions.source, ['manual', 'statement']),
      )
    ).map((row) => backupFill(toFill(row))),
  here: (fill, { accountIds }) => {
    const accountId = accountIds.get(fill.accountId) ?? fill.accountId;
    return isStatementFill(fill)
      ? { ...fill, accountId, id: statementFillId(accountId, fill.brokerExecutionId) }
      : { ...fill, accountId };
  },
  same: (fill, row) => row.source !== 'broker' && sameBackupFill(fill, backupFill(toFill(row))),
  // Written as the API writes a manual fill (newExecution) and the import a statement's.
  rowOf: (userId, fill) =>
    isStatementFill(fill)
      ? fillRow(userId, fill)
      : fillRow(userId, newExecution(fill, { id: fill.id, createdAt: fill.createdAt })),
});
