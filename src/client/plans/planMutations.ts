import type { TradePlanDto, TradePlanInput, TradePlanStatus, TradePlanUpdate } from '../../domain/types.ts';
import { api } from '../api/http.ts';
import { pullAll } from '../sync/sync.ts';

// Every write to plans goes through here, then the cache is refreshed from the server
// (setups too: their success score follows their plans).

export async function createPlan(input: TradePlanInput): Promise<void> {
  await api<TradePlanDto>('/tradeplans', { method: 'POST', body: { ...input, id: crypto.randomUUID() } });
  await pullAll(['tradePlans', 'tradeSetups']);
}

export async function updatePlan(id: string, update: TradePlanUpdate): Promise<void> {
  await api<TradePlanDto>(`/tradeplans/${id}`, { method: 'PUT', body: update });
  await pullAll(['tradePlans', 'tradeSetups']);
}

export async function changePlanStatus(id: string, status: TradePlanStatus): Promise<void> {
  await api<TradePlanDto>(`/tradeplans/${id}/status`, { method: 'PUT', body: { status } });
  await pullAll(['tradePlans', 'tradeSetups']);
}

export async function deletePlan(id: string): Promise<void> {
  await api(`/tradeplans/${id}`, { method: 'DELETE' });
  await pullAll(['tradePlans', 'tradeSetups']);
}
