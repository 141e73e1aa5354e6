// Account settings in a backup (docs/product.md, "Export and backup"). Accounts are found by their
// hash, whatever their id here. A known account takes the backup's settings (they are settings,
// not records); another trader's id is never written, and a broker account this journal has never
// seen is added only when the broker reports it for the trader. An account added by hand is the
// trader's own: its hash is its id's, and it comes back as it was (its tombstone goes).
import { type AccountRecord, accountRecord, sameAccount } from '../../domain/accounts.ts';
import { backupMessages } from '../../domain/backupMessages.ts';
import { messages } from '../../domain/messages.ts';
import type { BackupAdapter } from '../db/backupAdapter.ts';
import { ownRowsInOrder, rowsWithIds } from '../db/backupAdapter.ts';
import { ownedBy } from '../db/owned.ts';
import { serverColumnsOf } from '../db/rows.ts';
import { accountSettings } from '../db/schema.ts';
import { clearTombstones } from '../db/tombstones.ts';
import { accountRow, settingsOf, toAccountRecord } from './accountRepository.ts';

export const accountBackup: BackupAdapter<'accounts'> = {
  collection: 'accounts',
  table: accountSettings,
  covers: [
    {
      table: accountSettings,
      fields: Object.keys(accountRecord.schema),
      leftOut: {
        ...serverColumnsOf(accountSettings),
        ordersAllowed:
          'whether Trade Tracker may send orders to the account: the trader turns it on online, on this server, knowingly; a restore never turns it on (or off)',
      },
    },
  ],

  read: async (q, userId) =>
    (await ownRowsInOrder(q, accountSettings, userId, accountSettings.createdAt)).map(toAccountRecord),

  async decide(step, records) {
    const byHash = new Map((await settingsOf(step.q, step.userId)).map((a) => [a.accountHash, a]));
    const holders = new Map(
      (
        await rowsWithIds(
          step.q,
          accountSettings,
          records.map((a) => a.id),
        )
      ).map((r) => [r.id, r.userId]),
    );
    // The broker is asked only for its accounts this journal has not seen (a new server, a new journal).
    const atBroker = records.some((a) => a.source === 'broker' && !byHash.has(a.accountHash))
      ? await step.brokerHashes()
      : new Set<string>();
    const inserts: AccountRecord[] = [];
    const updates: AccountRecord[] = [];
    let skipped = 0;
    records.forEach((account, index) => {
      const mine = byHash.get(account.accountHash);
      if (mine) {
        step.accountIds.set(account.id, mine.id);
        // The backup's settings replace the journal's (a new journal holds the defaults).
        if (sameAccount(account, mine)) skipped++;
        else updates.push({ ...account, id: mine.id });
      } else if (holders.has(account.id)) {
        const own = holders.get(account.id) === step.userId;
        step.conflict(index, 'id', own ? backupMessages.idHoldsOther : messages.idInUse);
      } else if (account.source === 'broker' && !atBroker.has(account.accountHash)) {
        step.conflict(index, 'accountHash', backupMessages.accountNotAtBroker);
      } else {
        step.accountIds.set(account.id, account.id);
        inserts.push(account);
      }
    });
    return {
      inserts: inserts.map((a) => accountRow(step.userId, a)),
      updates: updates.map((a) => {
        const { id, accountHash: _same, createdAt: _kept, ...settings } = accountRow(step.userId, a);
        return { set: settings, where: ownedBy(accountSettings, step.userId, id!) };
      }),
      skipped,
      // A manual account deleted here and restored is deleted no more: a replayed create finds it.
      after: (tx) =>
        clearTombstones(
          tx,
          step.userId,
          'accounts',
          inserts.filter((a) => a.source === 'manual').map((a) => a.id),
        ),
    };
  },
};
