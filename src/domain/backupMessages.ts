// The messages of export, backup and restore (docs/product.md, "Export and backup"). They belong
// with src/domain/messages.ts and follow its rules, but live apart: only the Export and backup
// page and the server use them, and the app's first download carries every line of messages.ts.
import { BACKUP_MAX_MEGABYTES } from './constants.ts';

export const backupMessages = {
  notABackup: 'This file is not a Trade Tracker backup',
  formatTooNew: (found: number, supported: number) =>
    `This backup was made by a newer version of Trade Tracker (format ${found}); this version restores format ${supported} and older. Update Trade Tracker, then restore it.`,
  problems: (named: readonly string[], more: number) =>
    `This backup cannot be restored, nothing was changed: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`,
  conflicts: (named: readonly string[], more: number) =>
    `Nothing was restored: the backup conflicts with your journal: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}`,
  tooLarge: `A backup must be at most ${BACKUP_MAX_MEGABYTES} MB`,
  mustBeList: 'Must be a list',
  duplicateId: 'Appears twice in the backup',
  oneSettingsRecord: 'A backup holds one settings record',
  idHoldsOther: 'Your journal holds something else under the same id',
  accountNotAtBroker: 'Your broker does not report this account as yours',
  accountHashInvalid: 'Account hash is required',
  tradeKeyInvalid: 'Trade key must be account id|symbol|opened at',
  mustBeYesOrNo: 'Must be true or false',
  timeInvalid: 'Must be a valid date and time',
} as const;

/** Shown when a failed call carries no message of its own. */
export const backupFallbackMessages = {
  downloadBackup: 'Failed to download the backup',
  restoreBackup: 'Failed to restore the backup',
} as const;

/** Short confirmations, as `notices` in messages.ts. */
export const backupNotices = {
  csvExported: (file: string) => `${file} downloaded`,
  backupDownloaded: 'Backup downloaded',
  backupRestored: (restored: number, skipped: number) =>
    `Backup restored: ${restored} ${restored === 1 ? 'record' : 'records'} added${skipped > 0 ? `, ${skipped} already in your journal` : ''}`,
} as const;
