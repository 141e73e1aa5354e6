import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import type { TradePlan } from '../../../src/domain/types.ts';
import { withFakeApi } from '../fakeApi.ts';
import {
  accountFixture,
  deltaSync,
  marketCycleFixture,
  planDtoFixture,
  planFixture,
  requestPaths,
  setupFixture,
} from '../fixtures.ts';

const api = withFakeApi({ reachable: false });
let mutations: typeof import('../../../src/client/plans/planMutations.ts');

beforeAll(async () => {
  mutations = await import('../../../src/client/plans/planMutations.ts');
});

beforeEach(async () => {
  await dbModule.db.accounts.put(
    accountFixture({ currentBalance: 100_000, availableFundsForTrading: 40_000 }),
  );
});

const pendingPlans = async () =>
  (await dbModule.db.tradePlans.toArray()) as (TradePlan & { pendingSync?: true })[];

describe('trade plan changes made offline', () => {
  beforeEach(() => {
    api.unreachable = true;
    connectivity.reportApiReachable(false);
  });

  it('creates a plan at once, and queues it; its sizes are computed where it is shown', async () => {
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
    // PlanCells sizes it from the cached accounts: the cached row carries no sizes of its own.
    expect(plan).not.toHaveProperty('positionSizes');
    const queued = await dbModule.db.outbox.toArray();
    expect(queued.map((q) => [q.method, q.path, q.label])).toEqual([
      ['POST', '/tradeplans', 'Create trade plan AAPL'],
    ]);
    expect(queued[0]?.body).toMatchObject({ id: plan?.id });
  });

  it('stamps a plan made offline with the cached market cycle, and queues the create with that stamp', async () => {
    await dbModule.db.marketCycle.put({ ...marketCycleFixture({ cycleType: 'Downtrend' }), key: 'current' });
    await mutations.createPlan({ stock: 'AAPL', entryPrice: 100, stopLossPrice: 95 });
    const [plan] = await pendingPlans();
    expect(plan?.marketCycleAtCreation).toBe('Downtrend');
    expect((await dbModule.db.outbox.toArray())[0]?.body).toMatchObject({
      id: plan?.id,
      marketCycleAtCreation: 'Downtrend',
    });
  });

  it('stamps null without a cached cycle, so the server keeps "none" rather than its own later one', async () => {
    await mutations.createPlan({ stock: 'AAPL', entryPrice: 100, stopLossPrice: 95 });
    const [plan] = await pendingPlans();
    expect(plan?.marketCycleAtCreation).toBeNull();
    expect((await dbModule.db.outbox.toArray())[0]?.body).toMatchObject({ marketCycleAtCreation: null });
  });

  it('creates and edits a short plan offline like any field: the cached row and the queued body carry it', async () => {
    await mutations.createPlan({ stock: 'QCOM', entryPrice: 150, stopLossPrice: 155, direction: 'Short' });
    const [plan] = await pendingPlans();
    expect(plan).toMatchObject({ stock: 'QCOM', direction: 'Short', pendingSync: true });
    expect((await dbModule.db.outbox.toArray())[0]?.body).toMatchObject({ direction: 'Short' });
    // A plan made without a direction is long, offline as online.
    await mutations.createPlan({ stock: 'MSFT', entryPrice: 100, stopLossPrice: 95 });
    expect((await pendingPlans()).find((p) => p.stock === 'MSFT')?.direction).toBe('Long');

    const long = planFixture({ stock: 'AMD', entryPrice: 100, stopLossPrice: 95 });
    await dbModule.db.tradePlans.put(long);
    await mutations.updatePlan(long, { direction: 'Short', stopLossPrice: 104 });
    expect(await dbModule.db.tradePlans.get(long.id)).toMatchObject({
      direction: 'Short',
      stopLossPrice: 104,
    });
    expect((await dbModule.db.outbox.toArray()).at(-1)?.body).toEqual({
      direction: 'Short',
      stopLossPrice: 104,
    });
  });

  it('edits a plan at once, and queues the edit', async () => {
    const plan = planFixture({ stock: 'MSFT', entryPrice: 100, stopLossPrice: 95 });
    await dbModule.db.tradePlans.put(plan);
    await mutations.updatePlan(plan, { stopLossPrice: 99 });
    const [edited] = await pendingPlans();
    expect(edited).toMatchObject({ stopLossPrice: 99, pendingSync: true });
    expect(edited).not.toHaveProperty('positionSizes');
    expect((await dbModule.db.outbox.toArray()).map((q) => q.label)).toEqual(['Update trade plan MSFT']);
  });

  it('refuses to move a Draft plan onto a stock that has an active plan (docs/product.md, "Trade plans"), queueing nothing', async () => {
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

  it("refuses Ready offline until every criterion its setup requires is ticked (the server's rule), queueing nothing", async () => {
    await dbModule.db.tradeSetups.put(
      setupFixture({ id: 'setup-chk', entryCriteria: 'Above EMA21\nVolume up', checklistRequired: true }),
    );
    const plan = planFixture({ stock: 'CHK', tradeSetupId: 'setup-chk', criteriaMet: ['Above EMA21'] });
    await dbModule.db.tradePlans.put(plan);
    await expect(mutations.changePlanStatus(plan, 'Ready')).rejects.toThrow(
      "This plan's setup requires every entry criterion before Ready: 1 of 2 ticked",
    );
    expect(await dbModule.db.outbox.count()).toBe(0);
    expect((await dbModule.db.tradePlans.get(plan.id))?.status).toBe('Draft');
    // Ticked offline too: the queued edit is in the cache, and the move goes through.
    await mutations.updatePlan(plan, { criteriaMet: ['Above EMA21', 'Volume up'] });
    await mutations.changePlanStatus(plan, 'Ready');
    expect((await dbModule.db.tradePlans.get(plan.id))?.status).toBe('Ready');
    expect((await dbModule.db.outbox.toArray()).map((q) => q.label)).toEqual([
      'Update trade plan CHK',
      'Change CHK to Ready',
    ]);
  });

  it('changes status and deletes offline', async () => {
    const plan = planFixture({ stock: 'TSLA' });
    await dbModule.db.tradePlans.put(plan);
    await mutations.changePlanStatus(plan, 'Ready');
    expect((await dbModule.db.tradePlans.get(plan.id))?.status).toBe('Ready');
    await mutations.deletePlan({ ...plan, status: 'Ready' });
    expect(await dbModule.db.tradePlans.count()).toBe(0);
    expect((await dbModule.db.outbox.toArray()).map((q) => [q.label, q.recordId])).toEqual([
      ['Change TSLA to Ready', plan.id],
      ['Delete trade plan TSLA', plan.id],
    ]);
  });
});

describe('a trade plan created online', () => {
  const input = {
    stock: 'AAPL',
    entryPrice: 100,
    stopLossPrice: 95,
    probabilityOfSuccess: 60,
    scanId: null,
    edgeIds: [],
  };
  beforeEach(() => {
    connectivity.reportApiReachable(true);
    api.routes['POST /api/v1/tradeplans'] = {
      status: 201,
      body: planDtoFixture({ id: 'from-server', stock: 'AAPL', tradeSetupId: 's1' }),
    };
    api.routes['GET /api/v1/sync'] = {
      status: 200,
      body: deltaSync({ tradeSetups: [setupFixture({ id: 's1', successScore: 60 })] }),
    };
  });

  it("keeps the server's answer in the cache, then syncs once, setup or not", async () => {
    api.routes['POST /api/v1/tradeplans'] = {
      status: 201,
      body: planDtoFixture({ id: 'from-server', stock: 'AAPL' }),
    };
    await mutations.createPlan({ ...input, tradeSetupId: null });
    expect(requestPaths(api.received)).toEqual(['POST /api/v1/tradeplans', 'GET /api/v1/sync']);
    expect(await dbModule.db.tradePlans.get('from-server')).toMatchObject({ stock: 'AAPL', edgeIds: [] });
    expect(await dbModule.db.tradePlans.get('from-server')).not.toHaveProperty('positionSizes');
  });

  it('leaves the market cycle to the server: the body carries none', async () => {
    await dbModule.db.marketCycle.put({ ...marketCycleFixture({ cycleType: 'Downtrend' }), key: 'current' });
    await mutations.createPlan({ ...input, tradeSetupId: null });
    expect(api.received[0]?.body).not.toHaveProperty('marketCycleAtCreation');
  });

  it("costs two with a setup: one sync brings the setup's success score, the one other thing it changes", async () => {
    await mutations.createPlan({ ...input, tradeSetupId: 's1' });
    expect(requestPaths(api.received)).toEqual(['POST /api/v1/tradeplans', 'GET /api/v1/sync']);
    expect((await dbModule.db.tradeSetups.get('s1'))?.successScore).toBe(60);
  });
});
