import type { AccountSettingsInput, LiveAccount } from '../../domain/types.ts';
import { api } from '../api/http.ts';
import { db } from '../db/db.ts';
import { resourceWrites } from '../sync/changes.ts';
import { syncNow } from '../sync/sync.ts';

const accounts = resourceWrites<LiveAccount>({
  collection: 'accounts',
  path: '/accounts',
  noun: 'settings of',
});

/** Saves an account's settings; the plans' position sizes follow where they are shown (PlanCells). */
export function saveAccountSettings(account: LiveAccount, settings: AccountSettingsInput) {
  return accounts.update(account, settings, account.accountName, () => ({ ...account, ...settings }));
}

/**
 * Turns orders from Trade Tracker on or off for the account (docs/product.md, "Orders"): online
 * only, at once, never through the outbox. The answer is the account now; one sync follows.
 */
export async function setOrdersAllowed(account: LiveAccount, allowed: boolean): Promise<void> {
  const answer = await api<LiveAccount>(`/accounts/${account.id}/orders`, {
    method: 'PUT',
    body: { allowed },
  });
  await db.accounts.update(account.id, { ordersAllowed: answer.ordersAllowed });
  void syncNow().catch(() => undefined);
}
