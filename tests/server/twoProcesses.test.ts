import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, Edge, Execution, Trade, TradePlanDto } from '../../src/domain/types.ts';
import { clientFor, freshDatabase, signIn } from './harness.ts';
import { type ServerProcess, spawnServer } from './serverProcess.ts';

/**
 * Scaling out (README, "Scaling out"): several API processes on one PostgreSQL, nothing sticky.
 * PGlite is one process's embedded database, so this runs only with TEST_DATABASE_URL.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two API processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await freshDatabase();
    drop = database.drop;
    const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl as string };
    // Started at once on an empty database: the advisory lock lets one migrate, the other wait.
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop('SIGTERM'), b?.stop('SIGTERM')]);
    await drop?.();
  });

  it('serves a trader signed in on one process from the other, reads and writes alike', async () => {
    const onA = await signIn(a.url, 'alex');
    const onB = clientFor(b.url, onA.cookie);

    const status = await onB.json<{ authenticated: boolean; user: { displayName: string } }>(
      'GET',
      '/api/v1/auth/status',
    );
    expect(status.body).toMatchObject({ authenticated: true });

    const edge = await onB.json<Edge>('POST', '/api/v1/edges', {
      name: 'Written on B',
      description: 'd',
      identificationNotes: 'n',
      weightFactor: 0.5,
    });
    expect(edge.status).toBe(201);
    expect((await onA.json<Edge[]>('GET', '/api/v1/edges')).body.map((e) => e.id)).toContain(edge.body.id);

    const plan = await onA.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
      stock: 'MSFT',
      entryPrice: 400,
      stopLossPrice: 390,
      edgeIds: [edge.body.id],
    });
    expect(plan.status).toBe(201);
    const ready = await onB.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${plan.body.id}/status`, {
      status: 'Ready',
    });
    expect(ready.body.status).toBe('Ready');
    const second = await onA.json('POST', '/api/v1/tradeplans', {
      stock: 'MSFT',
      entryPrice: 401,
      stopLossPrice: 391,
    });
    expect(second.status).toBe(409);
  });

  it("keeps each process's trades current with the other's writes (src/server/trades/keptTrades.ts)", async () => {
    const onA = await signIn(a.url, 'alex');
    const onB = clientFor(b.url, onA.cookie);
    const account = (await onA.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
    const trades = async (on: typeof onA) => (await on.json<Trade[]>('GET', '/api/v1/trades')).body;
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    const fill = (on: typeof onA, side: 'Buy' | 'Sell', quantity: number, ago: number) =>
      on.json<Execution>('POST', '/api/v1/executions', {
        accountId: account.id,
        symbol: 'KEPT',
        side,
        quantity,
        price: 10,
        executedAt: minutesAgo(ago),
      });
    const kept = (list: Trade[]) => list.filter((t) => t.symbol === 'KEPT');

    // Both processes keep the trades before any of these writes.
    expect(kept(await trades(onA))).toEqual([]);
    expect(kept(await trades(onB))).toEqual([]);
    const buy = (await fill(onA, 'Buy', 2, 30)).body;
    expect(kept(await trades(onB))).toMatchObject([{ openQuantity: 2, closedAt: null }]);
    await fill(onB, 'Sell', 2, 20);
    expect(kept(await trades(onA))).toMatchObject([{ openQuantity: 0, entryQuantity: 2 }]);
    expect(await trades(onA)).toEqual(await trades(onB));
    // A delete leaves a tombstone without the symbol: the other process still drops the fill.
    expect((await onB.call('DELETE', `/api/v1/executions/${buy.id}`)).status).toBe(204);
    expect(kept(await trades(onA))).toMatchObject([{ direction: 'Short', openQuantity: 2 }]);
    expect(await trades(onA)).toEqual(await trades(onB));
  });

  it('ends the session everywhere when the trader logs out on one process', async () => {
    const onA = await signIn(a.url, 'sam');
    const onB = clientFor(b.url, onA.cookie);
    expect((await onB.call('GET', '/api/v1/edges')).status).toBe(200);
    expect((await onA.call('POST', '/api/v1/auth/logout')).status).toBe(204);
    expect((await onB.call('GET', '/api/v1/edges')).status).toBe(401);
  });

  it('answers the health check on both', async () => {
    for (const p of [a, b]) {
      const res = await fetch(`${p.url}/healthz`);
      expect(res.status).toBe(200);
    }
  });
});
