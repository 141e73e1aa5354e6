import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import { buildTrades } from '../../../src/domain/tradeLinks.ts';
import { withFakeApi } from '../fakeApi.ts';
import { accountFixture, executionFixture, fullSync } from '../fixtures.ts';

// An option expires with no row changing, so a delta sync brings no trades for it: the app builds
// its trades again once a cached open option is past its expiration (docs/product.md, "Options").

const api = withFakeApi({ owner: null, reachable: false });
let sync: typeof import('../../../src/client/sync/sync.ts');

beforeAll(async () => {
  sync = await import('../../../src/client/sync/sync.ts');
});

const call = executionFixture({
  id: 'o1',
  accountId: 'a1',
  quantity: 1,
  price: 2.5,
  executedAt: '2026-03-02T15:00:00.000Z',
  option: { expiration: '2026-03-20', strike: 200, putCall: 'Call', multiplier: 100 },
});

beforeEach(async () => {
  await sync.wipeCache();
  await sync.claimCacheFor('alex');
});

describe('an open option past its expiration in the cache', () => {
  it('is shown expired after a sync that brought no trades', async () => {
    // As the server built it before the expiration: open.
    const before = buildTrades({ executions: [call], annotations: [], plans: [], accounts: [] });
    expect(before[0]?.closedAt).toBeNull();
    api.routes = {
      'GET /api/v1/sync': {
        status: 200,
        body: fullSync({ accounts: [accountFixture({ id: 'a1' })], executions: [call], trades: before }),
      },
    };
    await sync.syncNow();
    const [trade] = await dbModule.db.trades.toArray();
    expect(trade).toMatchObject({
      closedBy: 'Expired',
      closedAt: '2026-03-20T20:00:00.000Z',
      grossPnl: -250,
    });
  });
});
