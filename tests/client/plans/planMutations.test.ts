import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountFixture, planFixture } from '../fixtures.ts';

// The API is unreachable for the whole file: every change here is made offline.
let server: Server;
let mutations: typeof import('../../../src/client/plans/planMutations.ts');
let dbModule: typeof import('../../../src/client/db/db.ts');
let connectivity: typeof import('../../../src/client/sync/connectivity.ts');

beforeAll(async () => {
  server = createServer((req) => req.socket.destroy());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  vi.stubEnv('VITE_API_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  mutations = await import('../../../src/client/plans/planMutations.ts');
  dbModule = await import('../../../src/client/db/db.ts');
  connectivity = await import('../../../src/client/sync/connectivity.ts');
});
afterAll(() => new Promise((r) => server.close(r)));

beforeEach(async () => {
  const { db, metaKeys } = dbModule;
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.meta.put({ key: metaKeys.userId, value: 'alex' });
  await db.accounts.put(accountFixture({ currentBalance: 100_000, availableFundsForTrading: 40_000 }));
  connectivity.reportApiReachable(false);
});

const pendingPlans = async () =>
  (await dbModule.db.tradePlans.toArray()) as (import('../../../src/domain/types.ts').TradePlan & {
    pendingSync?: true;
  })[];

describe('trade plan changes made offline', () => {
  it('creates a plan at once, sized from the cached accounts, and queues it', async () => {
    await mutations.createPlan({
      stock: 'AAPL',
      entryPrice: 100,
      stopLossPrice: 95,
      probabilityOfSuccess: 60,
      scanId: null,
      tradeSetupId: null,
      edgeIds: [],
    });
    const [plan] = await pendingPlans();
    expect(plan).toMatchObject({ stock: 'AAPL', status: 'Draft', pendingSync: true });
    // 1 % of 100,000 = 1,000 at $5 a share = 200 shares; 10 % capital = 100 shares at $100.
    expect(plan?.positionSizes).toEqual([{ accountId: 'acc-1', accountName: 'Margin', position: 100 }]);
    const queued = await dbModule.db.outbox.toArray();
    expect(queued.map((q) => [q.method, q.path, q.label])).toEqual([
      ['POST', '/tradeplans', 'Create trade plan AAPL'],
    ]);
    expect(queued[0]?.body).toMatchObject({ id: plan?.id });
  });

  it('edits a plan at once, re-sizing it, and queues the edit', async () => {
    const plan = planFixture({ stock: 'MSFT', entryPrice: 100, stopLossPrice: 95 });
    await dbModule.db.tradePlans.put(plan);
    await mutations.updatePlan(plan, { stopLossPrice: 99 });
    const [edited] = await pendingPlans();
    // 1,000 of risk at $1 a share is 1,000 shares, capped by 10 % capital: 100 shares.
    expect(edited).toMatchObject({ stopLossPrice: 99, pendingSync: true });
    expect(edited?.positionSizes[0]?.position).toBe(100);
    expect((await dbModule.db.outbox.toArray()).map((q) => q.label)).toEqual(['Update trade plan MSFT']);
  });

  it('refuses to move a Draft plan onto a stock that has an active plan (SPEC §5), queueing nothing', async () => {
    await dbModule.db.tradePlans.bulkPut([
      planFixture({ id: 'p-nvda', stock: 'NVDA', status: 'Ready' }),
      planFixture({ id: 'p-draft', stock: 'AMD', status: 'Draft' }),
    ]);
    const draft = (await dbModule.db.tradePlans.get(
      'p-draft',
    )) as import('../../../src/domain/types.ts').TradePlan;
    await expect(mutations.updatePlan(draft, { stock: 'NVDA' })).rejects.toThrow(
      'An active trade plan for this stock already exists',
    );
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect((await dbModule.db.tradePlans.get('p-draft'))?.stock).toBe('AMD');
  });

  it('changes status and deletes offline', async () => {
    const plan = planFixture({ stock: 'TSLA' });
    await dbModule.db.tradePlans.put(plan);
    await mutations.changePlanStatus(plan, 'Ready');
    expect((await dbModule.db.tradePlans.get(plan.id))?.status).toBe('Ready');
    await mutations.deletePlan({ ...plan, status: 'Ready' });
    expect(await dbModule.db.tradePlans.count()).toBe(0);
    expect((await dbModule.db.outbox.toArray()).map((q) => q.label)).toEqual([
      'Change TSLA to Ready',
      'Delete trade plan TSLA',
    ]);
  });
});
