import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { activeNameOf, newEdge } from '../../domain/edges.ts';
import { messages } from '../../domain/messages.ts';
import type { Edge, EdgeInput } from '../../domain/types.ts';
import type { Database } from '../db/database.ts';
import { idempotentCreate } from '../db/idempotentCreate.ts';
import { assertRoom, holdJournal } from '../db/journalLimits.ts';
import { insertRecord, ownedBy, ownRow, rowsChangedSince, updateRecord } from '../db/owned.ts';
import { recordFrom } from '../db/rows.ts';
import { edges } from '../db/schema.ts';
import { deleteWithTombstone } from '../db/tombstones.ts';
import { conflict, notFound } from '../refusals.ts';

/** The edge a row holds: the API's, the sync's and the backup's (edgeBackup.ts). */
export const toEdge: (row: typeof edges.$inferSelect) => Edge = recordFrom(edges);

export function createEdgeRepository(db: Database, now: () => Date) {
  /** The name must be free among the trader's other active edges (the domain's `activeNameOf`). */
  async function assertNameFree(q: Database, userId: string, name: string, exceptId?: string) {
    const holder = (await activeEdgeNames(q, userId)).get(activeNameOf({ name, isActive: true }) as string);
    if (holder !== undefined && holder !== exceptId) throw conflict(messages.edgeNameTaken, 'name');
  }

  return {
    /** The trader's active edges by name; with `deactivated`, the deleted ones after them. */
    async list(userId: string, deactivated = false): Promise<Edge[]> {
      const rows = await db
        .select()
        .from(edges)
        .where(and(eq(edges.userId, userId), deactivated ? undefined : eq(edges.isActive, true)))
        .orderBy(desc(edges.isActive), sql`lower(${edges.name})`);
      return rows.map(toEdge);
    },

    /** The edges written since a sync cursor, deactivated ones included (with `isActive` false). */
    async changedSince(userId: string, since: string): Promise<Edge[]> {
      return (await rowsChangedSince(db, edges, userId, since)).map(toEdge);
    },

    create: (userId: string, input: EdgeInput) =>
      idempotentCreate({
        db,
        collection: 'edges',
        id: input.id,
        userId,
        existing: async (id) => toEdge(await ownRow(db, edges, userId, id, messages.edgeNotFound)),
        create: () =>
          db.transaction(async (tx) => {
            await holdJournal(tx, userId);
            await assertRoom(tx, userId, 'edges');
            await assertNameFree(tx, userId, input.name);
            return toEdge(await insertRecord(tx, edges, userId, input, newEdge(input), now()));
          }),
      }),

    /** Locks the active edge while writing it: a deactivation at the same time comes before or after. */
    async update(userId: string, id: string, input: EdgeInput): Promise<Edge> {
      return db.transaction(async (tx) => {
        const row = await ownRow(tx, edges, userId, id, messages.edgeNotFound, 'update');
        if (!row.isActive) throw notFound(messages.edgeNotFound);
        await assertNameFree(tx, userId, input.name, id);
        return toEdge(await updateRecord(tx, edges, userId, id, input, now()));
      });
    },

    /** Deactivates: plans that cite the edge keep the link, and the name is free again. */
    async deactivate(userId: string, id: string): Promise<void> {
      const at = now();
      await deleteWithTombstone(db, 'edges', userId, id, at, messages.edgeNotFound, async (tx) => {
        const stillActive = and(ownedBy(edges, userId, id), eq(edges.isActive, true));
        const rows = await tx
          .update(edges)
          .set({ isActive: false, updatedAt: at })
          .where(stillActive)
          .returning();
        return rows.length > 0;
      });
    },
  };
}

export type EdgeRepository = ReturnType<typeof createEdgeRepository>;

/** The names the trader's active edges hold (docs/product.md, "Edges"), by the domain's `activeNameOf`, with the edge holding each. */
export async function activeEdgeNames(q: Database, userId: string): Promise<Map<string, string>> {
  const rows = await q
    .select({ id: edges.id, name: edges.name, isActive: edges.isActive })
    .from(edges)
    .where(and(eq(edges.userId, userId), eq(edges.isActive, true)));
  return new Map(rows.map((row) => [activeNameOf(row) as string, row.id]));
}

/** How many of `ids` are the trader's active edges: a plan cites only those. */
export async function activeEdgeCount(q: Database, userId: string, ids: readonly string[]): Promise<number> {
  const rows = await q
    .select({ id: edges.id })
    .from(edges)
    .where(and(inArray(edges.id, [...ids]), eq(edges.userId, userId), eq(edges.isActive, true)));
  return rows.length;
}

/** Every edge's name, deactivated ones too: a plan keeps citing an edge deleted after it (the stats). */
export const edgeNamesOf = (q: Database, userId: string) =>
  q.select({ id: edges.id, name: edges.name }).from(edges).where(eq(edges.userId, userId));
