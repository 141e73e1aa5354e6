import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from '../fakeApi.ts';
import { accountFixture, executionFixture, ownCacheBy, planFixture, resetCache } from '../fixtures.ts';

let api: FakeApi;
let fills: typeof import('../../../src/client/trades/executionMutations.ts');
let trades: typeof import('../../../src/client/trades/tradeMutations.ts');
let rebuild: typeof import('../../../src/client/trades/rebuildTrades.ts');
let dbModule: typeof import('../../../src/client/db/db.ts');
let connectivity: typeof import('../../../src/client/sync/connectivity.ts');

beforeAll(async () => {
  api = await startFakeApi();
  fills = await import('../../../src/client/trades/executionMutations.ts');
  trades = await import('../../../src/client/trades/tradeMutations.ts');
  rebuild = await import('../../../src/client/trades/rebuildTrades.ts');
  dbModule = await import('../../../src/client/db/db.ts');
  connectivity = await import('../../../src/client/sync/connectivity.ts');
});
afterAll(() => api.close());

const buy = executionFixture({ id: 'b1', executedAt: '2026-11-20T15:00:00.000Z' });
const sell = executionFixture({ id: 's1', side: 'Sell', price: 110, executedAt: '2026-11-21T15:00:00.000Z' });

beforeEach(async () => {
  api.reset();
  api.unreachable = true;
  connectivity.reportApiReachable(false);
  await resetCache();
  await ownCacheBy('alex');
  const { db } = dbModule;
  await db.accounts.put(accountFixture());
  await db.tradePlans.put(
    planFixture({ id: 'p1', stock: 'AAPL', status: 'Ready', createdAt: '2026-11-01T00:00:00.000Z' }),
  );
  await db.executions.bulkPut([buy, sell]);
  await rebuild.rebuildTrades();
});

const cachedTrades = () => dbModule.db.trades.toArray();

describe('fills and trades changed offline', () => {
  it('deleting the closing fill reopens the trade at once, and queues the delete', async () => {
    expect((await cachedTrades())[0]).toMatchObject({ closedAt: '2026-11-21T15:00:00.000Z', planId: 'p1' });
    await fills.deleteFill(sell);
    const [trade] = await cachedTrades();
    expect(trade).toMatchObject({ closedAt: null, openQuantity: 100, executionIds: ['b1'] });
    expect((await dbModule.db.outbox.toArray()).map((q) => [q.method, q.path, q.label, q.recordId])).toEqual([
      ['DELETE', '/executions/s1', 'Delete fill AAPL', 's1'],
    ]);
  });

  it("refuses to delete a broker's fill, queueing nothing", async () => {
    await expect(fills.deleteFill({ ...buy, source: 'broker' })).rejects.toThrow(
      'Broker executions cannot be deleted',
    );
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect(await dbModule.db.executions.count()).toBe(2);
  });

  it("keeps a trade's offline edit through a later rebuild, marked not yet saved", async () => {
    const [trade] = await cachedTrades();
    await trades.updateTrade(trade!, { planId: null, initialStop: 90, notes: 'Early exit' });
    await fills.recordFill({
      accountId: 'acc-1',
      symbol: 'MSFT',
      side: 'Buy',
      quantity: 10,
      price: 50,
      executedAt: '2026-11-22T15:00:00.000Z',
    });
    const aapl = (await cachedTrades()).find((t) => t.symbol === 'AAPL');
    // 100 × ($110 − $100) = $1,000 over 100 × ($100 − $90) = $1,000 of risk: 1R, unplanned.
    expect(aapl).toMatchObject({
      planId: null,
      initialStop: 90,
      notes: 'Early exit',
      rMultiple: 1,
      pendingSync: true,
    });
    expect((await dbModule.db.outbox.toArray()).map((q) => q.label)).toEqual([
      'Update trade AAPL',
      'Record fill MSFT',
    ]);
  });

  it('writes nothing once the cache has no trader (a logout in another tab)', async () => {
    await dbModule.db.meta.clear();
    await dbModule.db.trades.clear();
    await rebuild.rebuildTrades();
    expect(await dbModule.db.trades.count()).toBe(0);
  });
});
