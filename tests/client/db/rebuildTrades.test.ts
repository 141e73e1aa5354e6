import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import { withFakeApi } from '../fakeApi.ts';
import { accountFixture, executionFixture, planFixture } from '../fixtures.ts';

const api = withFakeApi({ reachable: false });
let plans: typeof import('../../../src/client/plans/planMutations.ts');
let fills: typeof import('../../../src/client/trades/executionMutations.ts');
let trades: typeof import('../../../src/client/trades/tradeMutations.ts');
let rebuild: typeof import('../../../src/client/db/rebuildTrades.ts');

beforeAll(async () => {
  plans = await import('../../../src/client/plans/planMutations.ts');
  fills = await import('../../../src/client/trades/executionMutations.ts');
  trades = await import('../../../src/client/trades/tradeMutations.ts');
  rebuild = await import('../../../src/client/db/rebuildTrades.ts');
});

const buy = executionFixture({ id: 'b1', executedAt: '2026-11-20T15:00:00.000Z' });
const sell = executionFixture({ id: 's1', side: 'Sell', price: 110, executedAt: '2026-11-21T15:00:00.000Z' });

beforeEach(async () => {
  api.unreachable = true;
  connectivity.reportApiReachable(false);
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

  it('labels a trade offline: queued with its tags and mistakes, kept through a rebuild and an edit without them', async () => {
    const [trade] = await cachedTrades();
    await trades.updateTrade(trade!, {
      planId: 'p1',
      initialStop: 90,
      notes: '',
      tags: ['Breakout'],
      mistakes: ['moved stop'],
    });
    expect((await dbModule.db.outbox.toArray()).map((q) => [q.label, q.body])).toEqual([
      [
        'Update trade AAPL',
        { planId: 'p1', initialStop: 90, notes: '', tags: ['Breakout'], mistakes: ['moved stop'] },
      ],
    ]);
    await rebuild.rebuildTrades();
    const [rebuilt] = await cachedTrades();
    expect(rebuilt).toMatchObject({ tags: ['Breakout'], mistakes: ['moved stop'], pendingSync: true });
    // An edit that leaves them out (an app from before them) keeps them, as the server does.
    await trades.updateTrade(rebuilt!, { planId: 'p1', initialStop: 90, notes: 'later' });
    expect((await cachedTrades())[0]).toMatchObject({
      tags: ['Breakout'],
      mistakes: ['moved stop'],
      notes: 'later',
    });
  });

  it('writes nothing once the cache has no trader (a logout in another tab)', async () => {
    await dbModule.db.meta.clear();
    await dbModule.db.trades.clear();
    await rebuild.rebuildTrades();
    expect(await dbModule.db.trades.count()).toBe(0);
  });
});

describe("the broker's splits and transfers, offline", () => {
  // As a sync brought them: 100 ABCD bought at $10, a 2-for-1 split, 50 XYZ transferred in at $12.
  const broker = { source: 'broker' as const, accountId: 'acc-1' };
  const bought = executionFixture({
    ...broker,
    id: 'x1',
    symbol: 'ABCD',
    quantity: 100,
    price: 10,
    executedAt: '2026-11-10T15:00:00.000Z',
    brokerExecutionId: '1',
    kind: 'fill',
  });
  const split = executionFixture({
    ...broker,
    id: 'x2',
    symbol: 'ABCD',
    side: 'Buy',
    quantity: 100,
    price: 0,
    executedAt: '2026-11-12T05:00:00.000Z',
    brokerExecutionId: '2',
    kind: 'split',
  });
  const transferredIn = executionFixture({
    ...broker,
    id: 'x3',
    symbol: 'XYZ',
    quantity: 50,
    price: 12,
    executedAt: '2026-11-13T05:00:00.000Z',
    brokerExecutionId: '3',
    kind: 'transfer',
  });

  it('a sale recorded offline after a split closes the trade at once, as the server would', async () => {
    const { db } = dbModule;
    await db.executions.bulkPut([bought, split, transferredIn]);
    // The 200 shares the split made, sold at $6: $1,200 for what cost $1,000.
    await fills.recordFill({
      accountId: 'acc-1',
      symbol: 'ABCD',
      side: 'Sell',
      quantity: 200,
      price: 6,
      executedAt: '2026-11-22T15:00:00.000Z',
    });
    const cached = await cachedTrades();
    expect(cached.find((t) => t.symbol === 'ABCD')).toMatchObject({
      closedAt: '2026-11-22T15:00:00.000Z',
      openQuantity: 0,
      entryQuantity: 100,
      averageEntryPrice: 10,
      averageExitPrice: 12,
      grossPnl: 200,
      pendingSync: true,
    });
    expect(cached.find((t) => t.symbol === 'XYZ')).toMatchObject({ openQuantity: 50, averageEntryPrice: 12 });

    // The same trades the server builds from the same rows (the one function, src/domain/tradeLinks.ts).
    const { buildTrades } = await import('../../../src/domain/tradeLinks.ts');
    const { annotationOf } = await import('../../../src/domain/tradeAnnotation.ts');
    const server = buildTrades({
      executions: await db.executions.toArray(),
      annotations: cached.map(annotationOf),
      plans: await db.tradePlans.toArray(),
      accounts: await db.accounts.toArray(),
    });
    const withoutMarks = cached.map((row) => {
      const { pendingSync: _pending, ...trade } = row as typeof row & { pendingSync?: true };
      return trade;
    });
    expect(withoutMarks.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...server].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });
});

// A plan whose linked trades have all closed is done (docs/product.md, "Trade plans"), offline too.
describe('plans the trades leave done, offline', () => {
  const planP1 = () => dbModule.db.tradePlans.get('p1');
  const reentry = {
    accountId: 'acc-1',
    symbol: 'AAPL',
    side: 'Buy' as const,
    quantity: 10,
    price: 105,
    executedAt: '2026-11-23T15:00:00.000Z',
  };

  it('marks the plan done at the close, as derived (not a change to send), and done no more once the close is deleted', async () => {
    expect(await planP1()).toMatchObject({ status: 'Ready', doneAt: sell.executedAt });
    expect(await planP1()).not.toHaveProperty('pendingSync');
    await fills.deleteFill(sell);
    expect(await planP1()).toMatchObject({ status: 'Ready', doneAt: null });
  });

  it('leaves a re-entry unplanned, and lets a new plan for the stock be made Ready', async () => {
    await fills.recordFill(reentry);
    const aapl = (await cachedTrades()).filter((t) => t.symbol === 'AAPL');
    expect(aapl.map((t) => [t.openedAt, t.planId]).sort()).toEqual([
      [buy.executedAt, 'p1'],
      [reentry.executedAt, null],
    ]);
    expect(await planP1()).toMatchObject({ doneAt: sell.executedAt });

    await plans.createPlan({
      stock: 'AAPL',
      entryPrice: 104,
      stopLossPrice: 100,
      probabilityOfSuccess: null,
      scanId: null,
      tradeSetupId: null,
      edgeIds: [],
    });
    const next = (await dbModule.db.tradePlans.toArray()).find((p) => p.id !== 'p1')!;
    await plans.changePlanStatus(next, 'Ready');
    expect(await dbModule.db.tradePlans.get(next.id)).toMatchObject({ status: 'Ready', doneAt: null });
  });

  it('lets a done plan change status without taking its stock back', async () => {
    await plans.changePlanStatus((await planP1())!, 'Hold');
    expect(await planP1()).toMatchObject({ status: 'Hold', doneAt: sell.executedAt });
  });

  it('makes the plan active again when the trader links an open trade to it by hand', async () => {
    await fills.recordFill(reentry);
    const again = (await cachedTrades()).find((t) => t.openedAt === reentry.executedAt)!;
    expect(await planP1()).toMatchObject({ doneAt: sell.executedAt });
    await trades.updateTrade(again, { planId: 'p1', initialStop: 100, notes: '' });
    expect(await planP1()).toMatchObject({ doneAt: null });
  });
});
