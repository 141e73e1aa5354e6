// Edges in a backup (docs/product.md, "Export and backup"): active ones, and deactivated ones a
// plan still cites; a restored edge keeps its id, and its name may not be another active edge's.
import { eq, exists, or } from 'drizzle-orm';
import { activeNameOf, edgeRecord, sameEdge } from '../../domain/edges.ts';
import { messages } from '../../domain/messages.ts';
import { ownRowsInOrder } from '../db/backupAdapter.ts';
import { idRecordAdapter } from '../db/idRecordAdapter.ts';
import { serverColumnsOf } from '../db/rows.ts';
import { edges, tradePlanEdges } from '../db/schema.ts';
import { activeEdgeNames, toEdge } from './edgeRepository.ts';

export const edgeBackup = idRecordAdapter({
  collection: 'edges',
  covers: [{ table: edges, fields: Object.keys(edgeRecord.schema), leftOut: serverColumnsOf(edges) }],
  async read(q, userId) {
    // A deactivated edge no plan cites is gone for the trader: it is left out.
    const cited = exists(q.select().from(tradePlanEdges).where(eq(tradePlanEdges.edgeId, edges.id)));
    const rows = await ownRowsInOrder(q, edges, userId, edges.createdAt, or(eq(edges.isActive, true), cited));
    return rows.map(toEdge);
  },
  same: (edge, row) => sameEdge(edge, toEdge(row)),
  unique: { keyOf: activeNameOf, held: activeEdgeNames, field: 'name', message: messages.edgeNameTaken },
  // Deactivating is deleting: a deactivated edge comes back with its tombstone.
  deletedAt: (edge) => (edge.isActive ? undefined : edge.updatedAt),
});
