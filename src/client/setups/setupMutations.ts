import type { TradeSetup, TradeSetupInput } from '../../domain/types.ts';
import { api } from '../api/http.ts';
import { pullAll } from '../sync/sync.ts';

// Every write to setups goes through here, then the cache is refreshed from the server.

export async function saveSetup(input: TradeSetupInput, id?: string): Promise<void> {
  const body = { ...input, rules: [] };
  if (id) await api<TradeSetup>(`/tradesetups/${id}`, { method: 'PUT', body });
  else await api<TradeSetup>('/tradesetups', { method: 'POST', body: { ...body, id: crypto.randomUUID() } });
  await pullAll(['tradeSetups']);
}

export async function deleteSetup(id: string): Promise<void> {
  await api(`/tradesetups/${id}`, { method: 'DELETE' });
  await pullAll(['tradeSetups', 'tradePlans']);
}
