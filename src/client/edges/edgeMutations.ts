import type { Edge, EdgeInput } from '../../domain/types.ts';
import { api } from '../api/http.ts';
import { pullAll } from '../sync/sync.ts';

// Every write to edges goes through here, then the cache is refreshed from the server.

export async function saveEdge(input: EdgeInput, id?: string): Promise<void> {
  if (id) await api<Edge>(`/edges/${id}`, { method: 'PUT', body: input });
  else await api<Edge>('/edges', { method: 'POST', body: { ...input, id: crypto.randomUUID() } });
  await pullAll(['edges', 'tradePlans']);
}

export async function deleteEdge(id: string): Promise<void> {
  await api(`/edges/${id}`, { method: 'DELETE' });
  await pullAll(['edges', 'tradePlans']);
}
