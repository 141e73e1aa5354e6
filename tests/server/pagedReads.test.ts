import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthStatus } from '../../src/domain/types.ts';
import { inPages } from '../../src/server/db/chunks.ts';
import { tradePlans } from '../../src/server/db/schema.ts';
import { signIn, startTestServer, type TestServer } from './harness.ts';

// A whole-collection read (src/server/db/chunks.ts, `inPages`): every row that matches, once, in
// the read's order, however many pages it takes; a short read is one statement.

let t: TestServer;
let counting = false;
let statements = 0;
let alexId: string;
let samId: string;

beforeAll(async () => {
  t = await startTestServer(
    {},
    {
      onQuery: () => {
        if (counting) statements++;
      },
    },
  );
  const idOf = async (trader: 'alex' | 'sam') =>
    (await (await signIn(t.url, trader)).json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;
  alexId = await idOf('alex');
  samId = await idOf('sam');
});
afterAll(() => t.stop());

const db = () => t.server.database.db;
const at = new Date('2026-11-01T12:00:00Z');

/** Plans straight into the database; Drafts' stocks repeat, so the order falls through to the time and id. */
async function seedPlans(userId: string, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    userId,
    // One active plan per stock: the Ready ones have stocks of their own.
    stock: i % 3 === 0 ? `R${i}` : `S${i % 97}`,
    entryPrice: 10,
    stopLossPrice: 9,
    status: i % 3 === 0 ? ('Ready' as const) : ('Draft' as const),
    createdAt: new Date(at.getTime() + (i % 5) * 60_000),
    updatedAt: at,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await db()
      .insert(tradePlans)
      .values(rows.slice(i, i + 1000));
}

const byStock = [asc(tradePlans.stock), asc(tradePlans.createdAt), asc(tradePlans.id)];

describe('inPages', () => {
  it('reads every matching row once, in order, across pages', async () => {
    await seedPlans(alexId, 1_234);
    await seedPlans(samId, 50);
    for (const where of [
      eq(tradePlans.userId, alexId),
      and(eq(tradePlans.userId, alexId), eq(tradePlans.status, 'Ready')),
    ]) {
      const expected = await db()
        .select()
        .from(tradePlans)
        .where(where)
        .orderBy(...byStock);
      const read = await inPages(db(), { table: tradePlans, key: 'id', where, order: byStock });
      expect(read.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(read).toEqual(expected);
    }
  });

  it('reads fewer rows than a page in one statement', async () => {
    counting = true;
    const read = await inPages(db(), {
      table: tradePlans,
      key: 'id',
      where: eq(tradePlans.userId, samId),
      order: byStock,
    });
    counting = false;
    expect(read).toHaveLength(50);
    expect(statements).toBe(1);
  });
});
