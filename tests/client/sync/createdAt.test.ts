import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import { withFakeApi } from '../fakeApi.ts';
import {
  accountFixture,
  deltaSync,
  edgeFixture,
  executionFixture,
  planDtoFixture,
  setupFixture,
} from '../fixtures.ts';

// Issue 26: a record made offline was dated by the outbox's replay. Every create carries the time
// it was made on this device, the same as its local row (docs/product.md, "Offline and sync").

const api = withFakeApi({ reachable: false });
let creates: [string, string, () => Promise<unknown>, unknown][];

beforeAll(async () => {
  const { saveEdge } = await import('../../../src/client/edges/edgeMutations.ts');
  const { saveSetup } = await import('../../../src/client/setups/setupMutations.ts');
  const { createPlan } = await import('../../../src/client/plans/planMutations.ts');
  const { recordFill } = await import('../../../src/client/trades/executionMutations.ts');
  const account = accountFixture();
  // [collection, API path, the create as a form makes it, the server's answer online]
  creates = [
    [
      'edges',
      '/edges',
      () => saveEdge({ name: 'Trend', description: 'd', identificationNotes: 'n', weightFactor: 0.5 }),
      edgeFixture(),
    ],
    ['tradeSetups', '/tradesetups', () => saveSetup({ name: 'Flag' }), setupFixture()],
    [
      'tradePlans',
      '/tradeplans',
      () => createPlan({ stock: 'COST', entryPrice: 900, stopLossPrice: 880 }),
      planDtoFixture(),
    ],
    [
      'executions',
      '/executions',
      () =>
        recordFill({
          accountId: account.id,
          symbol: 'COST',
          side: 'Buy',
          quantity: 10,
          price: 900,
          executedAt: new Date().toISOString(),
        }),
      executionFixture(),
    ],
  ];
});

beforeEach(async () => {
  await dbModule.db.accounts.put(accountFixture());
});

describe('a create made offline', () => {
  beforeEach(() => {
    api.unreachable = true;
    connectivity.reportApiReachable(false);
  });

  it('queues a body that carries the local row’s createdAt, for every kind of record', async () => {
    for (const [collection, path, create] of creates) {
      const before = Date.now();
      await create();
      const queued = (await dbModule.db.outbox.toArray()).find((q) => q.path === path);
      const body = queued?.body as { id: string; createdAt: string };
      const row = (await dbModule.db.table(collection).get(body.id)) as { createdAt: string };
      expect(body.createdAt, collection).toBe(row.createdAt);
      expect(Date.parse(body.createdAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(body.createdAt)).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('a create made online', () => {
  beforeEach(() => {
    connectivity.reportApiReachable(true);
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
  });

  it("sends the device's time too: it is the time it was made either way", async () => {
    for (const [, path, create, answer] of creates) {
      api.routes[`POST /api/v1${path}`] = { status: 201, body: answer };
      const before = Date.now();
      await create();
      const sent = api.received.find((r) => r.key === `POST /api/v1${path}`)?.body as { createdAt?: string };
      expect(typeof sent?.createdAt, path).toBe('string');
      expect(Date.parse(sent.createdAt as string)).toBeGreaterThanOrEqual(before);
    }
  });
});
