import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderHook } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// A stand-in for the API (an outside service from the client's point of view), on loopback.
let server: Server;
let routes: Record<string, { status: number; body: unknown; delayMs?: number }>;
let sync: typeof import('../../../src/client/sync/sync.ts');
let state: typeof import('../../../src/client/sync/syncState.ts');
let dbModule: typeof import('../../../src/client/db/db.ts');

const cycle = {
  cycleType: 'Uptrend',
  symbol: 'SPY',
  currentEma: 500,
  previousEma: 499,
  emaChangePercent: 0.2,
  timestamp: '2026-11-20T15:00:00.000Z',
};
const plan = (id: string, stock: string) => ({
  id,
  stock,
  entryPrice: 10,
  stopLossPrice: 9,
  probabilityOfSuccess: null,
  status: 'Draft',
  scanId: null,
  tradeSetupId: null,
  edges: [{ id: 'e1', name: 'Trend', weightFactor: 0.5 }],
  positionSizes: [],
  createdAt: 'x',
  updatedAt: 'x',
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes[req.url ?? ''] ?? { status: 404, body: { message: 'Not found' } };
    setTimeout(() => {
      res.writeHead(route.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(route.body));
    }, route.delayMs ?? 0);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  vi.stubEnv('VITE_API_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  sync = await import('../../../src/client/sync/sync.ts');
  state = await import('../../../src/client/sync/syncState.ts');
  dbModule = await import('../../../src/client/db/db.ts');
});
afterAll(() => new Promise((r) => server.close(r)));

beforeEach(async () => {
  await sync.wipeCache();
  await sync.claimCacheFor('alex');
  routes = {
    '/api/v1/accounts': { status: 200, body: [{ id: 'a1', accountName: 'Margin' }] },
    '/api/v1/edges': { status: 200, body: [{ id: 'e1', name: 'Trend' }] },
    '/api/v1/tradesetups': { status: 200, body: [{ id: 's1', name: 'Flag' }] },
    '/api/v1/tradeplans': { status: 200, body: [plan('p1', 'AAPL'), plan('p2', 'MSFT')] },
    '/api/v1/market-cycle/current': { status: 200, body: cycle },
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
  });

  it('replaces a collection: rows gone from the server are gone from the cache', async () => {
    await sync.pullAll();
    routes['/api/v1/tradeplans'] = { status: 200, body: [plan('p3', 'NVDA')] };
    await sync.pullAll(['tradePlans']);
    expect((await dbModule.db.tradePlans.toArray()).map((p) => p.id)).toEqual(['p3']);
  });

  it('keeps the cached rows and records the server message when a load fails', async () => {
    await sync.pullAll();
    routes['/api/v1/edges'] = { status: 500, body: { message: 'Database is down' } };
    routes['/api/v1/tradesetups'] = { status: 503, body: {} };
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
    routes['/api/v1/tradeplans'] = { status: 200, body: [plan('p1', 'AAPL')], delayMs: 150 };
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
    routes['/api/v1/tradeplans'] = { status: 200, body: [plan('p1', 'AAPL')], delayMs: 150 };
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
