import type { ManualAccountInput } from '../../domain/accounts.ts';
import { manualLiveAccount, newManualAccount } from '../../domain/manualAccounts.ts';
import type { AccountSettingsInput, LiveAccount } from '../../domain/types.ts';
import { resourceWrites } from '../sync/changes.ts';

const accounts = resourceWrites<LiveAccount>({
  collection: 'accounts',
  path: '/accounts',
  noun: 'account',
});

/**
 * Saves an account's settings (and a manual account's name, digits and balance); the plans'
 * position sizes follow where they are shown (PlanCells).
 */
export function saveAccountSettings(account: LiveAccount, settings: AccountSettingsInput) {
  return accounts.update(account, settings, account.accountName, () => {
    const next = { ...account, ...settings };
    return account.source === 'manual' ? manualLiveAccount(next) : next;
  });
}

/**
 * Adds an account by hand (docs/product.md, "Accounts"), offline too: the cache shows it as the
 * server will answer it, from the same domain functions, until the create is replayed.
 */
export function addManualAccount(input: ManualAccountInput) {
  const id = crypto.randomUUID();
  return accounts.create({ ...input, id }, input.accountName, () =>
    manualLiveAccount({ id, ...newManualAccount(id, input), ordersAllowed: false }),
  );
}

/**
 * Deletes an account added by hand (docs/product.md, "Accounts"), offline too: it leaves the cache
 * at once, and the server refuses it (409) if it holds fills by then.
 */
export const deleteManualAccount = (account: LiveAccount) => accounts.remove(account, account.accountName);
