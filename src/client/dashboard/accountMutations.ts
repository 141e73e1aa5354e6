import type { Account, AccountSettingsInput } from '../../domain/types.ts';
import { resourceWrites } from '../sync/changes.ts';

const accounts = resourceWrites<Account>({ collection: 'accounts', path: '/accounts', noun: 'settings of' });

/** Saves an account's settings; plans are re-read because their position sizes follow. */
export function saveAccountSettings(account: Account, settings: AccountSettingsInput) {
  return accounts.update(account, settings, account.accountName, () => ({ ...account, ...settings }));
}
