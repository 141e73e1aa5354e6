import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from '../fakeApi.ts';
import { deltaSync, edgeFixture, ownCacheBy, requestPaths, resetCache } from '../fixtures.ts';

let api: FakeApi;
let mutations: typeof import('../../../src/client/edges/edgeMutations.ts');
let dbModule: typeof import('../../../src/client/db/db.ts');
let connectivity: typeof import('../../../src/client/sync/connectivity.ts');

beforeAll(async () => {
  api = await startFakeApi();
  mutations = await import('../../../src/client/edges/edgeMutations.ts');
  dbModule = await import('../../../src/client/db/db.ts');
  connectivity = await import('../../../src/client/sync/connectivity.ts');
});
afterAll(() => api.close());

const TREND = edgeFixture({ id: 'e1', name: 'Trend' });

beforeEach(async () => {
  api.reset();
  await resetCache();
  await ownCacheBy('alex');
  await dbModule.db.edges.put(TREND);
});

describe('deleting an edge', () => {
  it('offline: keeps it in the cache deactivated, so plans and statistics still name it, and queues the delete', async () => {
    api.unreachable = true;
    connectivity.reportApiReachable(false);
    expect(await mutations.deleteEdge(TREND)).toBe('queued');
    expect(await dbModule.db.edges.get('e1')).toMatchObject({
      name: 'Trend',
      isActive: false,
      pendingSync: true,
    });
    const [queued] = await dbModule.db.outbox.toArray();
    expect([queued?.method, queued?.path, queued?.recordId]).toEqual(['DELETE', '/edges/e1', 'e1']);
  });

  it('online: syncs, and keeps the deactivated row the server sends', async () => {
    connectivity.reportApiReachable(true);
    api.routes['DELETE /api/v1/edges/e1'] = { status: 204 };
    api.routes['GET /api/v1/sync'] = {
      status: 200,
      body: deltaSync({ edges: { upserted: [{ ...TREND, isActive: false }], deleted: [] } }),
    };
    expect(await mutations.deleteEdge(TREND)).toBe('saved');
    expect(requestPaths(api.received)).toEqual(['DELETE /api/v1/edges/e1', 'GET /api/v1/sync']);
    expect(await dbModule.db.edges.toArray()).toEqual([{ ...TREND, isActive: false }]);
  });
});
