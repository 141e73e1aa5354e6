import { newEdge } from '../../domain/edges.ts';
import type { Edge, EdgeInput } from '../../domain/types.ts';
import { resourceWrites } from '../sync/changes.ts';
import type { SaveOutcome } from '../sync/outbox.ts';

const edges = resourceWrites<Edge>({
  collection: 'edges',
  path: '/edges',
  noun: 'edge',
  removedRow: (edge) => ({ ...edge, isActive: false }),
});

export async function saveEdge(input: EdgeInput, existing?: Edge): Promise<SaveOutcome> {
  if (existing) {
    return edges.update(existing, input, input.name, () => ({ ...existing, ...input }));
  }
  const id = crypto.randomUUID();
  return edges.create({ ...input, id }, input.name, (createdAt) => ({
    id,
    ...newEdge(input),
    createdAt,
    updatedAt: createdAt,
  }));
}

export const deleteEdge = (edge: Edge) => edges.remove(edge, edge.name);
