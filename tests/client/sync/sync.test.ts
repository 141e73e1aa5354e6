import { renderHook, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import type { SyncAnswer } from '../../../src/domain/types.ts';
import { withFakeApi } from '../fakeApi.ts';
import {
  accountFixture,
  edgeFixture,
  executionFixture,
  fullSync,
  marketCycleFixture,
  planDtoFixture,
  requestPaths,
  setupFixture,
  tradeFixture,
} from '../fixtures.ts';

const api = withFakeApi({ owner: null, reachable: false });
let sync: typeof import('../../../src/client/sync/sync.ts');
let state: typeof import('../../../src/client/ui/useCollectionState.ts');

const cycle = marketCycleFixture();
const plan = (id: string, stock: string) =>
  planDtoFixture({ id, stock, edges: [{ id: 'e1', name: 'Trend', weightFactor: 0.5 }] });

beforeAll(async () => {
  sync = await import('../../../src/client/sync/sync.ts');
  state = await import('../../../src/client/ui/useCollectionState.ts');
});

beforeEach(async () => {
  await sync.wipeCache();
  await sync.claimCacheFor('alex');
  api.routes = { 'GET /api/v1/sync': { status: 200, body: everything() } };
});

const everything = () =>
  fullSync({
    accounts: [accountFixture({ id: 'a1' })],
    edges: [edgeFixture({ id: 'e1' })],
    tradeSetups: [setupFixture({ id: 's1' })],
    tradePlans: [plan('p1', 'AAPL'), plan('p2', 'MSFT')],
    marketCycle: cycle,
    executions: [executionFixture({ id: 'x1' })],
    trades: [tradeFixture({ id: 't1', executionIds: ['x1'] })],
    cursor: '700',
  });

/** What changed since the cursor: nothing unless told. */
const delta = (o: Partial<SyncAnswer> = {}): SyncAnswer => ({
  cursor: '800',
  full: false,
  accounts: [accountFixture({ id: 'a1' })],
  edges: { upserted: [], deleted: [] },
  tradePlans: { upserted: [], deleted: [] },
  executions: { upserted: [], deleted: [] },
  traderSettings: { upserted: [], deleted: [] },
  ...o,
});

/** The edge "Local" (e9) made offline: shown in the cache, its create queued. */
async function edgeMadeOffline({ recordId = 'e9' as string | undefined } = {}) {
  const { db } = dbModule;
  await db.edges.put({ ...edgeFixture({ id: 'e9', name: 'Local' }), pendingSync: true } as never);
  await db.outbox.add({
    collection: 'edges',
    method: 'POST',
    path: '/edges',
    body: { id: 'e9', name: 'Local' },
    label: 'Create edge Local',
    ...(recordId ? { recordId } : {}),
    queuedAt: 'x',
  });
}
describe('the sync layer', () => {
  it('pulls every collection into Dexie, plans with edgeIds', async () => {
    await sync.syncNow();
    const { db } = dbModule;
    expect(await db.accounts.count()).toBe(1);
    expect((await db.tradePlans.get('p1'))?.edgeIds).toEqual(['e1']);
    expect(await db.tradePlans.get('p1')).not.toHaveProperty('edges');
    // Sized where shown, from the cached accounts: the server's sizes are not kept.
    expect(await db.tradePlans.get('p1')).not.toHaveProperty('positionSizes');
    expect(await db.marketCycle.get('current')).toMatchObject(cycle);
    expect(await db.meta.get('lastSyncAt')).toBeDefined();
    expect((await db.executions.toArray()).map((e) => e.id)).toEqual(['x1']);
    expect((await db.trades.get('t1'))?.executionIds).toEqual(['x1']);
  });

  it('asks in one request, with the cursor and the cycle it has once it has them', async () => {
    await sync.syncNow();
    await sync.syncNow();
    expect(api.received.map((r) => r.key)).toEqual([
      'GET /api/v1/sync',
      `GET /api/v1/sync?since=700&cycle=${encodeURIComponent(cycle.timestamp)}`,
    ]);
    expect((await dbModule.db.meta.get('syncCursor'))?.value).toBe('700');
  });

  it('merges what changed: upserts and deletes, whole setups and trades only when sent', async () => {
    await sync.syncNow();
    api.routes['GET /api/v1/sync'] = {
      status: 200,
      body: delta({ tradePlans: { upserted: [plan('p3', 'NVDA')], deleted: ['p1'] }, trades: [] }),
    };
    await sync.syncNow();
    const { db } = dbModule;
    expect((await db.tradePlans.toArray()).map((p) => p.id).sort()).toEqual(['p2', 'p3']);
    expect(await db.trades.count()).toBe(0);
    expect(await db.tradeSetups.count()).toBe(1);
    expect(await db.edges.count()).toBe(1);
    expect(await db.marketCycle.get('current')).toMatchObject(cycle);
    expect((await db.meta.get('syncCursor'))?.value).toBe('800');
  });

  it('re-reads everything after a queued change was refused, which undoes its local effect', async () => {
    await sync.syncNow();
    const { db } = dbModule;
    // Queued by an older version, without the record's id.
    await edgeMadeOffline({ recordId: undefined });
    api.routes['POST /api/v1/edges'] = {
      status: 409,
      body: { message: 'An edge with this name already exists' },
    };
    api.received = [];
    await sync.syncNow();
    expect(api.received.map((r) => r.key)).toEqual([
      'POST /api/v1/edges',
      `GET /api/v1/sync?cycle=${encodeURIComponent(cycle.timestamp)}`,
    ]);
    expect(await db.edges.get('e9')).toBeUndefined();
    expect(await db.refusedChanges.count()).toBe(1);
  });

  it('after a replay that was all saved, keeps each answer and syncs once, a delta', async () => {
    await sync.syncNow();
    const { db } = dbModule;
    await edgeMadeOffline();
    api.routes['POST /api/v1/edges'] = { status: 201, body: edgeFixture({ id: 'e9', name: 'Local' }) };
    api.routes['GET /api/v1/sync'] = { status: 200, body: delta() };
    api.received = [];
    await sync.syncNow();
    expect(api.received.map((r) => r.key)).toEqual([
      'POST /api/v1/edges',
      `GET /api/v1/sync?since=700&cycle=${encodeURIComponent(cycle.timestamp)}`,
    ]);
    expect(await db.edges.get('e9')).toEqual(edgeFixture({ id: 'e9', name: 'Local' }));
  });

  it('replays a change an older version queued, ignoring the collections it listed to re-read', async () => {
    await sync.syncNow();
    const { db } = dbModule;
    const old = {
      collection: 'tradePlans',
      method: 'DELETE',
      path: '/tradeplans/p1',
      label: 'Delete trade plan AAPL',
    };
    await db.outbox.add({ ...old, refresh: ['trades'], queuedAt: 'x' } as never);
    api.routes['DELETE /api/v1/tradeplans/p1'] = { status: 204 };
    api.routes['GET /api/v1/sync'] = {
      status: 200,
      body: delta({ tradePlans: { upserted: [], deleted: ['p1'] } }),
    };
    api.received = [];
    await sync.syncNow();
    expect(requestPaths(api.received)).toEqual(['DELETE /api/v1/tradeplans/p1', 'GET /api/v1/sync']);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.tradePlans.get('p1')).toBeUndefined();
  });

  it('rewrites no cached plan when only the balances changed (pages size plans where shown)', async () => {
    await sync.syncNow();
    const before = await dbModule.db.tradePlans.toArray();
    api.routes['GET /api/v1/sync'] = {
      status: 200,
      body: delta({
        accounts: [accountFixture({ id: 'a1', currentBalance: 50_000, availableFundsForTrading: 50_000 })],
      }),
    };
    const writes: string[] = [];
    const { liveQuery } = await import('dexie');
    const watch = liveQuery(() => dbModule.db.tradePlans.toArray()).subscribe(() => writes.push('plans'));
    await waitFor(() => expect(writes).toEqual(['plans']));
    await sync.syncNow();
    expect((await dbModule.db.accounts.get('a1'))?.currentBalance).toBe(50_000);
    await new Promise((r) => setTimeout(r, 50));
    watch.unsubscribe();
    expect(writes).toEqual(['plans']);
    expect(await dbModule.db.tradePlans.toArray()).toEqual(before);
  });

  it('keeps the cached rows and shows the server message on every collection when the sync fails', async () => {
    await sync.syncNow();
    api.routes['GET /api/v1/sync'] = { status: 500, body: { message: 'Database is down' } };
    await sync.syncNow();
    expect(await dbModule.db.edges.count()).toBe(1);
    const read = (name: 'edges' | 'tradeSetups') => {
      // The store's snapshot, read the way React reads it.
      return renderHook(() => state.useCollectionState(name)).result.current;
    };
    expect(read('edges')).toEqual({ loading: false, error: 'Database is down' });
    api.routes['GET /api/v1/sync'] = { status: 503, body: {} };
    await sync.syncNow();
    expect(read('tradeSetups')).toEqual({ loading: false, error: 'Failed to load trade setups' });
  });

  it("shows the broker's reason on the accounts when only they could not be had", async () => {
    await sync.syncNow();
    const { accounts: _none, ...rest } = delta({ errors: { accounts: 'Your broker is not answering' } });
    api.routes['GET /api/v1/sync'] = { status: 200, body: rest };
    await sync.syncNow();
    expect(renderHook(() => state.useCollectionState('accounts')).result.current).toEqual({
      loading: false,
      error: 'Your broker is not answering',
    });
    expect(await dbModule.db.accounts.count()).toBe(1);
  });

  it('writes nothing from answers that arrive after a logout wiped the cache', async () => {
    api.routes['GET /api/v1/sync'] = { status: 200, body: everything(), delayMs: 150 };
    const pulling = sync.syncNow();
    await new Promise((r) => setTimeout(r, 50));
    await sync.wipeCache();
    await pulling;
    for (const table of dbModule.db.tables) {
      expect(await table.count(), table.name).toBe(0);
    }
  });

  it("wipes the previous trader's cache when another trader signs in on this browser", async () => {
    await sync.syncNow();
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

  it('writes what the sign-in check learnt with the claim, and wakes no reader of an empty table', async () => {
    const { db } = dbModule;
    await sync.wipeCache();
    const { liveQuery } = await import('dexie');
    const reads: number[] = [];
    const watch = liveQuery(() => db.trades.count()).subscribe((n) => reads.push(n));
    await waitFor(() => expect(reads).toEqual([0]));
    await sync.claimCacheFor('sam', db, [{ key: 'brokerSessionExpiresAt', value: '2026-11-24T10:00:00Z' }]);
    expect((await db.meta.get('brokerSessionExpiresAt'))?.value).toBe('2026-11-24T10:00:00Z');
    expect((await db.meta.get('userId'))?.value).toBe('sam');
    await db.edges.put(edgeFixture()); // a write elsewhere, as a marker that writes have been seen
    await new Promise((r) => setTimeout(r, 50));
    watch.unsubscribe();
    expect(reads).toEqual([0]);
  });

  it('caches nothing for nobody: a pull into a cache no trader has claimed writes nothing', async () => {
    await sync.wipeCache();
    await sync.syncNow();
    for (const table of dbModule.db.tables) expect(await table.count(), table.name).toBe(0);
  });

  it('writes nothing from an answer in flight once another tab wiped the cache', async () => {
    api.routes['GET /api/v1/sync'] = { status: 200, body: everything(), delayMs: 150 };
    const pulling = sync.syncNow();
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

  it('shows no error when the server asks to slow down (429), and syncs again after Retry-After', async () => {
    api.routes['GET /api/v1/sync'] = {
      status: 429,
      body: { message: 'Too many requests' },
      headers: { 'Retry-After': '1' },
    };
    await sync.syncNow();
    expect(renderHook(() => state.useCollectionState('edges')).result.current).toMatchObject({
      loading: false,
      error: undefined,
    });
    expect(await dbModule.db.edges.count()).toBe(0);
    api.routes['GET /api/v1/sync'] = { status: 200, body: everything() };
    await waitFor(async () => expect(await dbModule.db.edges.count()).toBe(1), { timeout: 5_000 });
  });
});
