import type { Account, AccountSettings } from '../../domain/types.ts';
import { api } from '../api/http.ts';
import { pullAll } from '../sync/sync.ts';

/** Saves an account's settings; plans are re-read because their position sizes follow. */
export async function saveAccountSettings(id: string, settings: AccountSettings): Promise<void> {
  await api<Account>(`/accounts/${id}`, { method: 'PUT', body: settings });
  await pullAll(['accounts', 'tradePlans']);
}
