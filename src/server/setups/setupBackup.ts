// Setups in a backup (docs/product.md, "Export and backup"): what the trader wrote, without the
// derived score; a restored setup keeps its id, and its name may not be another setup's.
import { messages } from '../../domain/messages.ts';
import { sameSetup, setupRecord } from '../../domain/setups.ts';
import { nameKey } from '../../domain/validation.ts';
import { ownRowsInOrder } from '../db/backupAdapter.ts';
import { idRecordAdapter } from '../db/idRecordAdapter.ts';
import { serverColumnsOf } from '../db/rows.ts';
import { tradeSetups } from '../db/schema.ts';
import { setupNames, toSetupRecord } from './setupRepository.ts';

export const setupBackup = idRecordAdapter({
  collection: 'tradeSetups',
  covers: [
    { table: tradeSetups, fields: Object.keys(setupRecord.schema), leftOut: serverColumnsOf(tradeSetups) },
  ],
  read: async (q, userId) =>
    (await ownRowsInOrder(q, tradeSetups, userId, tradeSetups.createdAt)).map(toSetupRecord),
  same: (setup, row) => sameSetup(setup, toSetupRecord(row)),
  unique: {
    keyOf: (s) => nameKey(s.name),
    held: setupNames,
    field: 'name',
    message: messages.setupNameTaken,
  },
});
