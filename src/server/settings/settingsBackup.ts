// The trader's settings in a backup (docs/product.md, "Export and backup"): none until saved, else
// the one record. Like an account's settings, the backup's replace the journal's, and are the
// trader's whatever id they had where the backup was made (a trader's id differs per server).
import { sameSettings, traderSettingsRecord } from '../../domain/traderSettings.ts';
import type { BackupAdapter } from '../db/backupAdapter.ts';
import { ownedBy } from '../db/owned.ts';
import { rowFrom, serverColumnsOf } from '../db/rows.ts';
import { traderSettings } from '../db/schema.ts';
import { toTraderSettings } from './settingsRepository.ts';

const rowOf = rowFrom(traderSettings);

export const settingsBackup: BackupAdapter<'traderSettings'> = {
  collection: 'traderSettings',
  table: traderSettings,
  covers: [
    {
      table: traderSettings,
      fields: Object.keys(traderSettingsRecord.schema),
      leftOut: serverColumnsOf(traderSettings),
    },
  ],

  read: async (q, userId) =>
    (
      await q
        .select()
        .from(traderSettings)
        .where(ownedBy(traderSettings, userId, userId))
    ).map(toTraderSettings),

  async decide(step, records) {
    const [record] = records;
    if (!record) return { inserts: [], updates: [], skipped: 0 };
    const [stored] = await step.q
      .select()
      .from(traderSettings)
      .where(ownedBy(traderSettings, step.userId, step.userId));
    if (stored && sameSettings(record, toTraderSettings(stored)))
      return { inserts: [], updates: [], skipped: 1 };
    const {
      id: _id,
      userId: _owner,
      createdAt: _made,
      ...set
    } = rowOf(step.userId, { ...record, id: step.userId });
    return stored
      ? {
          inserts: [],
          updates: [{ set, where: ownedBy(traderSettings, step.userId, step.userId) }],
          skipped: 0,
        }
      : { inserts: [rowOf(step.userId, { ...record, id: step.userId })], updates: [], skipped: 0 };
  },
};
