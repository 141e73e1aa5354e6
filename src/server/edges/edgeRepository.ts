import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { newEdge } from '../../domain/edges.ts';
import { messages } from '../../domain/messages.ts';
import type { Edge, EdgeInput } from '../../domain/types.ts';
import { changedSince } from '../db/changeStamps.ts';
import type { Database } from '../db/database.ts';
import { idempotentCreate } from '../db/idempotentCreate.ts';
import { edges } from '../db/schema.ts';
import { deleteWithTombstone } from '../db/tombstones.ts';
import { uuidv7 } from '../db/uuidv7.ts';
import { conflict, notFound } from '../refusals.ts';

type EdgeRow = typeof edges.$inferSelect;

const toEdge = (r: EdgeRow): Edge => ({
  id: r.id,
  name: r.name,
  description: r.description,
  identificationNotes: r.identificationNotes,
  weightFactor: r.weightFactor,
  isActive: r.isActive,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export function createEdgeRepository(db: Database, now: () => Date) {
  async function assertNameFree(q: Database, userId: string, name: string, exceptId?: string) {
    const clash = await q
      .select({ id: edges.id })
      .from(edges)
      .where(
        and(
          eq(edges.userId, userId),
          eq(edges.isActive, true),
          sql`lower(${edges.name}) = lower(${name})`,
          exceptId ? ne(edges.id, exceptId) : undefined,
        ),
      );
    if (clash.length > 0) throw conflict(messages.edgeNameTaken, 'name');
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
      const rows = await db
        .select()
        .from(edges)
        .where(and(eq(edges.userId, userId), changedSince(edges.changedXid, since)));
      return rows.map(toEdge);
    },

    async create(userId: string, input: EdgeInput): Promise<{ edge: Edge; created: boolean }> {
      const { value, created } = await idempotentCreate({
        db,
        collection: 'edges',
        id: input.id,
        userId,
        ownerOf: async (id) =>
          (await db.select({ userId: edges.userId }).from(edges).where(eq(edges.id, id)))[0]?.userId,
        existing: async (id) => toEdge((await db.select().from(edges).where(eq(edges.id, id)))[0] as EdgeRow),
        create: async () => {
          await assertNameFree(db, userId, input.name);
          const at = now();
          const rows = await db
            .insert(edges)
            .values({
              id: input.id ?? uuidv7(at.getTime()),
              userId,
              ...newEdge(input),
              createdAt: at,
              updatedAt: at,
            })
            .returning();
          return toEdge(rows[0] as EdgeRow);
        },
      });
      return { edge: value, created };
    },

    /** Locks the active edge while writing it: a deactivation at the same time comes before or after. */
    async update(userId: string, id: string, input: EdgeInput): Promise<Edge> {
      return db.transaction(async (tx) => {
        const activeOfUser = and(eq(edges.id, id), eq(edges.userId, userId), eq(edges.isActive, true));
        const locked = await tx.select({ id: edges.id }).from(edges).where(activeOfUser).for('update');
        if (!locked[0]) throw notFound(messages.edgeNotFound);
        await assertNameFree(tx, userId, input.name, id);
        const rows = await tx
          .update(edges)
          .set({
            name: input.name,
            description: input.description,
            identificationNotes: input.identificationNotes,
            weightFactor: input.weightFactor,
            updatedAt: now(),
          })
          .where(activeOfUser)
          .returning();
        return toEdge(rows[0] as EdgeRow);
      });
    },

    /** Deactivates: plans that cite the edge keep the link, and the name is free again. */
    async deactivate(userId: string, id: string): Promise<void> {
      const at = now();
      await deleteWithTombstone(db, {
        collection: 'edges',
        userId,
        id,
        at,
        notFoundMessage: messages.edgeNotFound,
        remove: async (tx) =>
          (
            await tx
              .update(edges)
              .set({ isActive: false, updatedAt: at })
              .where(and(eq(edges.id, id), eq(edges.userId, userId), eq(edges.isActive, true)))
              .returning({ id: edges.id })
          ).length > 0,
      });
    },
  };
}

export type EdgeRepository = ReturnType<typeof createEdgeRepository>;
