import type { Account, AccountSettings } from '../../domain/types.ts';
import { db, type Pending } from '../db/db.ts';
import { submitChange } from '../sync/outbox.ts';
import { pullAll } from '../sync/sync.ts';

/** Saves an account's settings; plans are re-read because their position sizes follow. */
export async function saveAccountSettings(account: Account, settings: AccountSettings): Promise<void> {
  await submitChange(
    {
      collection: 'accounts',
      method: 'PUT',
      path: `/accounts/${account.id}`,
      body: settings,
      label: `Update settings of ${account.accountName}`,
      refresh: ['accounts', 'tradePlans'],
    },
    async () => {
      await db.accounts.update(account.id, { ...settings, pendingSync: true } as Partial<Pending<Account>>);
    },
    pullAll,
  );
}
