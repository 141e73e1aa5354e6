import type { Edge, EdgeInput } from '../../domain/types.ts';
import { db, type Pending } from '../db/db.ts';
import { submitChange } from '../sync/outbox.ts';
import { pullAll } from '../sync/sync.ts';

// Every write to edges goes through here: sent at once, or applied locally and queued offline.

export async function saveEdge(input: EdgeInput, id?: string): Promise<void> {
  const now = new Date().toISOString();
  if (id) {
    await submitChange(
      {
        collection: 'edges',
        method: 'PUT',
        path: `/edges/${id}`,
        body: input,
        label: `Update edge ${input.name}`,
        refresh: ['edges', 'tradePlans'],
      },
      async () => {
        await db.edges.update(id, { ...input, updatedAt: now, pendingSync: true } as Partial<Pending<Edge>>);
      },
      pullAll,
    );
    return;
  }
  const created: Pending<Edge> = {
    ...input,
    id: crypto.randomUUID(),
    isActive: true,
    createdAt: now,
    updatedAt: now,
    pendingSync: true,
  };
  await submitChange(
    {
      collection: 'edges',
      method: 'POST',
      path: '/edges',
      body: { ...input, id: created.id },
      label: `Create edge ${input.name}`,
      refresh: ['edges'],
    },
    async () => {
      await db.edges.add(created);
    },
    pullAll,
  );
}

export async function deleteEdge(edge: Edge): Promise<void> {
  await submitChange(
    {
      collection: 'edges',
      method: 'DELETE',
      path: `/edges/${edge.id}`,
      label: `Delete edge ${edge.name}`,
      refresh: ['edges', 'tradePlans'],
    },
    async () => {
      await db.edges.delete(edge.id);
    },
    pullAll,
  );
}
