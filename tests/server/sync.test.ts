import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Account,
  AuthStatus,
  Edge,
  Execution,
  SyncAnswer,
  Trade,
  TradePlanDto,
} from '../../src/domain/types.ts';
import { clientFor, signedInServer } from './harness.ts';

const { t, alex, sam } = signedInServer();
let margin: Account;

const sync = async (since?: string, cycle?: string) => {
  const query = new URLSearchParams({ ...(since ? { since } : {}), ...(cycle ? { cycle } : {}) });
  const res = await alex.json<SyncAnswer>('GET', `/api/v1/sync?${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

/** What a no-change sync costs on the wire, gzip accepted as a browser accepts it. */
const wireBytes = (path: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(`${t.url}${path}`, {
      headers: { Cookie: alex.cookie, 'Accept-Encoding': 'gzip, deflate, br' },
    });
    req.on('response', (res) => {
      // Headers count too: roughly, as the names and values sent.
      let bytes = JSON.stringify(res.headers).length;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
    });
    req.on('error', reject);
    req.end();
  });

const newPlan = async (stock: string) => {
  const res = await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
    id: randomUUID(),
    stock,
    entryPrice: 100,
    stopLossPrice: 95,
  });
  expect(res.status).toBe(201);
  return res.body;
};

beforeAll(async () => {
  margin = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
  await alex.json('POST', '/api/v1/edges', {
    name: 'Trend',
    description: 'd',
    identificationNotes: 'n',
    weightFactor: 0.5,
  });
  for (let i = 0; i < 40; i++) await newPlan(`S${i}`);
});

describe('GET /sync', () => {
  it('answers everything without a cursor: accounts, cycle, every collection, a cursor', async () => {
    const first = await sync();
    expect(first.full).toBe(true);
    expect(first.cursor).toMatch(/^v1\./);
    expect(first.accounts?.map((a) => a.id)).toContain(margin.id);
    expect(first.accounts?.[0]).not.toHaveProperty('openRisk');
    expect(first.marketCycle?.cycleType).toBeDefined();
    expect(first.edges.upserted.map((e) => e.name)).toEqual(['Trend']);
    expect(first.tradePlans.upserted).toHaveLength(40);
    expect(first.tradePlans.upserted[0]?.positionSizes.length).toBeGreaterThan(0);
    expect(first.tradeSetups).toEqual([]);
    expect(first.trades).toEqual([]);
    expect(first.executions).toEqual({ upserted: [], deleted: [] });
  });

  it('answers nothing but the live accounts when nothing changed, in under 2 KB', async () => {
    const { cursor, marketCycle } = await sync();
    const again = await sync(cursor, marketCycle?.timestamp);
    expect(again).toMatchObject({
      full: false,
      edges: { upserted: [], deleted: [] },
      tradePlans: { upserted: [], deleted: [] },
      executions: { upserted: [], deleted: [] },
    });
    expect(again).not.toHaveProperty('marketCycle');
    expect(again).not.toHaveProperty('tradeSetups');
    expect(again).not.toHaveProperty('trades');
    expect(again.accounts).toHaveLength(2);
    expect(await wireBytes(`/api/v1/sync?since=${cursor}&cycle=${marketCycle?.timestamp}`)).toBeLessThan(
      2048,
    );
  });

  it('sends a changed plan and a deleted one, with the setups whose scores they feed', async () => {
    const { cursor } = await sync();
    const plans = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    const [edited, deleted] = plans as [TradePlanDto, TradePlanDto];
    expect((await alex.json('PUT', `/api/v1/tradeplans/${edited.id}`, { notes: 'moved' })).status).toBe(200);
    expect((await alex.call('DELETE', `/api/v1/tradeplans/${deleted.id}`)).status).toBe(204);
    const delta = await sync(cursor);
    expect(delta.tradePlans.upserted.map((p) => [p.id, p.notes])).toEqual([[edited.id, 'moved']]);
    expect(delta.tradePlans.deleted).toEqual([deleted.id]);
    expect(delta.tradeSetups).toEqual([]);
    expect(delta.trades).toEqual([]);
    expect(delta.edges).toEqual({ upserted: [], deleted: [] });
  });

  it('sends an edge edit alone, and a deleted edge deactivated, since plans still cite it by name', async () => {
    const { cursor } = await sync();
    const trend = (await alex.json<Edge[]>('GET', '/api/v1/edges')).body[0] as Edge;
    await alex.json('PUT', `/api/v1/edges/${trend.id}`, { ...trend, name: 'Trend up' });
    const renamed = await sync(cursor);
    expect(renamed.edges.upserted.map((e) => e.name)).toEqual(['Trend up']);
    expect(renamed).not.toHaveProperty('tradeSetups');
    expect(renamed).not.toHaveProperty('trades');
    expect((await alex.call('DELETE', `/api/v1/edges/${trend.id}`)).status).toBe(204);
    const gone = await sync(renamed.cursor);
    expect(gone.edges.deleted).toEqual([]);
    expect(gone.edges.upserted).toEqual([
      expect.objectContaining({ id: trend.id, name: 'Trend up', isActive: false }),
    ]);
    const again = await sync();
    expect(again.edges.upserted.map((e) => [e.name, e.isActive])).toEqual([['Trend up', false]]);
  });

  it('rebuilds the trades and scores when a fill or a trade annotation changes', async () => {
    const { cursor } = await sync();
    t.clock.advance(60_000);
    const fill = await alex.json<Execution>('POST', '/api/v1/executions', {
      accountId: margin.id,
      symbol: 'S5',
      side: 'Buy',
      quantity: 10,
      price: 100,
      fees: 0,
      executedAt: t.clock.now.toISOString(),
    });
    expect(fill.status).toBe(201);
    const afterFill = await sync(cursor);
    expect(afterFill.executions.upserted.map((e) => e.id)).toEqual([fill.body.id]);
    expect(afterFill.trades?.map((x) => x.symbol)).toEqual(['S5']);
    expect(afterFill.tradeSetups).toBeDefined();
    const trade = afterFill.trades?.[0] as Trade;
    await alex.json('PUT', `/api/v1/trades/${trade.id}`, { planId: null, initialStop: 90, notes: 'n' });
    const afterNote = await sync(afterFill.cursor);
    expect(afterNote.trades?.[0]?.initialStop).toBe(90);
    expect(afterNote.executions.upserted).toEqual([]);
    expect(afterNote.tradePlans.upserted).toEqual([]);
  });

  it("never sends another trader's changes", async () => {
    const { cursor } = await sync();
    await sam.json('POST', '/api/v1/edges', {
      name: 'Sams',
      description: 'd',
      identificationNotes: 'n',
      weightFactor: 1,
    });
    const mine = await sync(cursor);
    expect(mine.edges).toEqual({ upserted: [], deleted: [] });
  });

  it('marks a row inserted with only its own columns (a restore) as changed', async () => {
    const { cursor } = await sync();
    const id = randomUUID();
    const me = (await alex.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;
    await t.server.database.db.execute(
      sql`insert into edges (id, user_id, name, description, identification_notes, weight_factor, created_at, updated_at)
          values (${id}, ${me}, 'Restored', 'd', 'n', 0.3, now(), now())`,
    );
    expect((await sync(cursor)).edges.upserted.map((e) => e.id)).toEqual([id]);
  });

  it('starts again from everything with a cursor from the future, and refuses one that is not a cursor', async () => {
    expect((await sync('999999999999')).full).toBe(true);
    const res = await alex.json('GET', '/api/v1/sync?since=abc');
    expect(res.status).toBe(400);
  });

  it("hands out a cursor that tells nothing of other traders' writes, and that only its trader can use", async () => {
    const { cursor } = await sync();
    // Nobody writes in between, and still the cursor is another: a new one says nothing.
    const again = await sync(cursor);
    expect(again.cursor).not.toBe(cursor);
    const counter = (
      (await t.server.database.db.execute(
        sql`select pg_snapshot_xmin(pg_current_snapshot())::text as c`,
      )) as {
        rows: { c: string }[];
      }
    ).rows[0]?.c as string;
    for (const c of [cursor, again.cursor]) {
      expect(c).not.toMatch(/^\d+$/);
      expect(c).not.toContain(counter);
    }
    // Sam's writes do not show in Alex's next answer.
    for (let i = 0; i < 5; i++) {
      await sam.json('POST', '/api/v1/tradeplans', { stock: `SAM${i}`, entryPrice: 10, stopLossPrice: 9 });
    }
    const after = await sync(again.cursor);
    expect(after.full).toBe(false);
    expect(after.tradePlans.upserted).toEqual([]);
    // Alex's cursor in Sam's sync opens nothing: Sam gets everything of Sam's, from scratch.
    const samsSync = await sam.json<SyncAnswer>('GET', `/api/v1/sync?since=${encodeURIComponent(cursor)}`);
    expect(samsSync.status).toBe(200);
    expect(samsSync.body.full).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expect((await clientFor(t.url).call('GET', '/api/v1/sync')).status).toBe(401);
  });
});
