// Edges in a backup (docs/product.md, "Export and backup"): active ones, and deactivated ones a
// plan still cites; a restored edge keeps its id, and its name may not be another active edge's.
import { and, asc, eq, exists, or } from 'drizzle-orm';
import { activeNameOf, edgeRecord, sameEdge } from '../../domain/edges.ts';
import { messages } from '../../domain/messages.ts';
import type { BackupAdapter } from '../backup/backupAdapter.ts';
import { freeIds, unclaimed } from '../backup/backupAdapter.ts';
import { insertInChunks } from '../db/chunks.ts';
import { rowFrom, SERVER_COLUMNS } from '../db/rows.ts';
import { edges, tradePlanEdges } from '../db/schema.ts';
import { addTombstones, clearTombstones } from '../db/tombstones.ts';
import { activeEdgeNames, toEdge } from './edgeRepository.ts';

const edgeRow = rowFrom(edges);

export const edgeBackup: BackupAdapter<'edges'> = {
  collection: 'edges',
  covers: [{ table: edges, fields: Object.keys(edgeRecord.schema), leftOut: SERVER_COLUMNS }],

  async read(q, userId) {
    // A deactivated edge no plan cites is gone for the trader: it is left out.
    const cited = exists(q.select().from(tradePlanEdges).where(eq(tradePlanEdges.edgeId, edges.id)));
    const rows = await q
      .select()
      .from(edges)
      .where(and(eq(edges.userId, userId), or(eq(edges.isActive, true), cited)))
      .orderBy(asc(edges.createdAt), asc(edges.id));
    return rows.map(toEdge);
  },

  async decide(step, records) {
    const names = await activeEdgeNames(step.tx, step.userId);
    const { free, skipped } = await freeIds(step, 'edges', records, (e, row: typeof edges.$inferSelect) =>
      sameEdge(e, toEdge(row)),
    );
    const fresh = unclaimed(step, free, activeNameOf, names, 'name', messages.edgeNameTaken);
    return {
      restored: fresh.length,
      skipped,
      async write() {
        await insertInChunks(
          step.tx,
          edges,
          fresh.map((e) => edgeRow(step.userId, e)),
        );
        // Restored active: deleted no more. Restored deactivated: a deleted edge, with its tombstone.
        const active = fresh.filter((e) => e.isActive).map((e) => e.id);
        await clearTombstones(step.tx, step.userId, 'edges', active);
        const deactivated = fresh.filter((e) => !e.isActive).map((e) => ({ id: e.id, at: e.updatedAt }));
        await addTombstones(step.tx, step.userId, 'edges', deactivated);
      },
    };
  },
};
