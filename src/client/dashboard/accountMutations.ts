import type { AccountSettingsInput, LiveAccount } from '../../domain/types.ts';
import { resourceWrites } from '../sync/changes.ts';

const accounts = resourceWrites<LiveAccount>({
  collection: 'accounts',
  path: '/accounts',
  noun: 'settings of',
});

/** Saves an account's settings; the plans' position sizes follow where they are shown (PlanCells). */
export function saveAccountSettings(account: LiveAccount, settings: AccountSettingsInput) {
  return accounts.update(account, settings, account.accountName, () => ({ ...account, ...settings }));
}
