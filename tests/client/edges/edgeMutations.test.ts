import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, startFakeApi } from '../fakeApi.ts';
import { edgeFixture, ownCacheBy, resetCache } from '../fixtures.ts';

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
    expect([queued?.method, queued?.path, queued?.refresh]).toEqual(['DELETE', '/edges/e1', ['edges']]);
  });

  it('online: re-reads the edges with the deactivated ones, and keeps the server’s deactivated row', async () => {
    connectivity.reportApiReachable(true);
    api.routes['DELETE /api/v1/edges/e1'] = { status: 204 };
    api.routes['GET /api/v1/edges?include=deactivated'] = {
      status: 200,
      body: [{ ...TREND, isActive: false }],
    };
    expect(await mutations.deleteEdge(TREND)).toBe('saved');
    expect(api.received.map((r) => r.key)).toEqual([
      'DELETE /api/v1/edges/e1',
      'GET /api/v1/edges?include=deactivated',
    ]);
    expect(await dbModule.db.edges.toArray()).toEqual([{ ...TREND, isActive: false }]);
  });
});
