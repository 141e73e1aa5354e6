import type { AccountSettingsInput, LiveAccount } from '../../domain/types.ts';
import { resourceWrites } from '../sync/changes.ts';

const accounts = resourceWrites<LiveAccount>({
  collection: 'accounts',
  path: '/accounts',
  noun: 'settings of',
});

/** Saves an account's settings; plans are re-read because their position sizes follow. */
export function saveAccountSettings(account: LiveAccount, settings: AccountSettingsInput) {
  return accounts.update(account, settings, account.accountName, () => ({ ...account, ...settings }));
}
