import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from '../fakeApi.ts';
import {
  accountFixture,
  edgeFixture,
  executionFixture,
  marketCycleFixture,
  planDtoFixture,
  setupFixture,
  tradeFixture,
} from '../fixtures.ts';

let api: FakeApi;
let sync: typeof import('../../../src/client/sync/sync.ts');
let state: typeof import('../../../src/client/sync/syncState.ts');
let dbModule: typeof import('../../../src/client/db/db.ts');

const cycle = marketCycleFixture();
const plan = (id: string, stock: string) =>
  planDtoFixture({ id, stock, edges: [{ id: 'e1', name: 'Trend', weightFactor: 0.5 }] });

beforeAll(async () => {
  api = await startFakeApi();
  sync = await import('../../../src/client/sync/sync.ts');
  state = await import('../../../src/client/sync/syncState.ts');
  dbModule = await import('../../../src/client/db/db.ts');
});
afterAll(() => api.close());

beforeEach(async () => {
  await sync.wipeCache();
  await sync.claimCacheFor('alex');
  api.reset();
  api.routes = {
    'GET /api/v1/accounts': { status: 200, body: [accountFixture({ id: 'a1' })] },
    'GET /api/v1/edges?include=deactivated': { status: 200, body: [edgeFixture({ id: 'e1' })] },
    'GET /api/v1/tradesetups': { status: 200, body: [setupFixture({ id: 's1' })] },
    'GET /api/v1/tradeplans': { status: 200, body: [plan('p1', 'AAPL'), plan('p2', 'MSFT')] },
    'GET /api/v1/market-cycle/current': { status: 200, body: cycle },
    'GET /api/v1/executions': { status: 200, body: [executionFixture({ id: 'x1' })] },
    'GET /api/v1/trades': { status: 200, body: [tradeFixture({ id: 't1', executionIds: ['x1'] })] },
  };
});

describe('the sync layer', () => {
  it('pulls every collection into Dexie, plans with edgeIds', async () => {
    await sync.pullAll();
    const { db } = dbModule;
    expect(await db.accounts.count()).toBe(1);
    expect((await db.tradePlans.get('p1'))?.edgeIds).toEqual(['e1']);
    expect(await db.tradePlans.get('p1')).not.toHaveProperty('edges');
    expect(await db.marketCycle.get('current')).toMatchObject(cycle);
    expect(await db.meta.get('lastSyncAt')).toBeDefined();
    expect(await db.meta.get('syncedAt:tradePlans')).toBeDefined();
    expect((await db.executions.toArray()).map((e) => e.id)).toEqual(['x1']);
    expect((await db.trades.get('t1'))?.executionIds).toEqual(['x1']);
  });

  it('replaces a collection: rows gone from the server are gone from the cache', async () => {
    await sync.pullAll();
    api.routes['GET /api/v1/tradeplans'] = { status: 200, body: [plan('p3', 'NVDA')] };
    await sync.pullAll(['tradePlans']);
    expect((await dbModule.db.tradePlans.toArray()).map((p) => p.id)).toEqual(['p3']);
  });

  it('keeps the cached rows and records the server message when a load fails', async () => {
    await sync.pullAll();
    api.routes['GET /api/v1/edges?include=deactivated'] = {
      status: 500,
      body: { message: 'Database is down' },
    };
    api.routes['GET /api/v1/tradesetups'] = { status: 503, body: {} };
    await sync.pullAll(['edges', 'tradeSetups']);
    expect(await dbModule.db.edges.count()).toBe(1);
    const read = (name: 'edges' | 'tradeSetups') => {
      // The store's snapshot, read the way React reads it.
      return renderHook(() => state.useCollectionState(name)).result.current;
    };
    expect(read('edges')).toEqual({ loading: false, error: 'Database is down' });
    expect(read('tradeSetups')).toEqual({ loading: false, error: 'Failed to load trade setups' });
  });

  it('writes nothing from answers that arrive after a logout wiped the cache', async () => {
    api.routes['GET /api/v1/tradeplans'] = { status: 200, body: [plan('p1', 'AAPL')], delayMs: 150 };
    const pulling = sync.pullAll();
    await new Promise((r) => setTimeout(r, 50));
    await sync.wipeCache();
    await pulling;
    for (const table of dbModule.db.tables) {
      expect(await table.count(), table.name).toBe(0);
    }
  });

  it("wipes the previous trader's cache when another trader signs in on this browser", async () => {
    await sync.pullAll();
    await sync.claimCacheFor('alex');
    expect(await dbModule.db.tradePlans.count()).toBe(2);
    await sync.claimCacheFor('sam');
    expect(await dbModule.db.tradePlans.count()).toBe(0);
    expect(await dbModule.db.accounts.count()).toBe(0);
    expect((await dbModule.db.meta.get('userId'))?.value).toBe('sam');
  });

  it('wipes a cache that records no trader before anyone uses it, queued changes included', async () => {
    const { db } = dbModule;
    await sync.wipeCache();
    await db.tradePlans.put({ id: 'p9', stock: 'OLD' } as never);
    await db.outbox.add({
      collection: 'edges',
      method: 'POST',
      path: '/edges',
      body: { name: 'Not mine' },
      label: 'Create edge Not mine',
      queuedAt: 'x',
    });
    await sync.claimCacheFor('sam');
    expect(await db.tradePlans.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.meta.get('userId'))?.value).toBe('sam');
  });

  it('caches nothing for nobody: a pull into a cache no trader has claimed writes nothing', async () => {
    await sync.wipeCache();
    await sync.pullAll();
    for (const table of dbModule.db.tables) expect(await table.count(), table.name).toBe(0);
  });

  it('writes nothing from an answer in flight once another tab wiped the cache', async () => {
    api.routes['GET /api/v1/tradeplans'] = { status: 200, body: [plan('p1', 'AAPL')], delayMs: 150 };
    const pulling = sync.pullAll();
    await new Promise((r) => setTimeout(r, 50));
    // The other tab logs out: its own connection to the same IndexedDB empties every table.
    const otherTab = new dbModule.TradeTrackerDb();
    await otherTab.transaction('rw', otherTab.tables, () =>
      Promise.all(otherTab.tables.map((t) => t.clear())),
    );
    otherTab.close();
    await pulling;
    for (const table of dbModule.db.tables) expect(await table.count(), table.name).toBe(0);
  });
});
