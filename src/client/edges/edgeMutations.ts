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

export const saveEdge = (input: EdgeInput, existing?: Edge): Promise<SaveOutcome> =>
  edges.save(input, existing, newEdge);

export const deleteEdge = (edge: Edge) => edges.remove(edge, edge.name);
