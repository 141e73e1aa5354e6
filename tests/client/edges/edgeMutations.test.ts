import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import { withFakeApi } from '../fakeApi.ts';
import { deltaSync, edgeFixture, requestPaths } from '../fixtures.ts';

const api = withFakeApi({ reachable: false });
let mutations: typeof import('../../../src/client/edges/edgeMutations.ts');

beforeAll(async () => {
  mutations = await import('../../../src/client/edges/edgeMutations.ts');
});

const TREND = edgeFixture({ id: 'e1', name: 'Trend' });

beforeEach(async () => {
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
