import type { LiveAccount } from '../../domain/types.ts';
import { api } from '../api/http.ts';
import { db } from '../db/db.ts';
import { syncNow } from '../sync/sync.ts';

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
