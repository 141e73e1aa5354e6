import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import type { Quote } from '../../../src/domain/quotes.ts';
import { withFakeApi } from '../fakeApi.ts';
import { planFixture, quoteFixture, seed, tradeFixture } from '../fixtures.ts';

const api = withFakeApi({ owner: null });
let polling: typeof import('../../../src/client/serverData/quotes.ts');

const quote = (symbol: string, last: number): Quote =>
  quoteFixture(symbol, last, { fetchedAt: '2026-11-24T15:00:00.000Z' });

beforeAll(async () => {
  polling = await import('../../../src/client/serverData/quotes.ts');
});

beforeEach(async () => {
  await seed('tradePlans', [
    planFixture({ id: 'p1', stock: 'AAPL', status: 'Ready' }),
    planFixture({ id: 'p2', stock: 'TSLA', status: 'Draft' }),
  ]);
  await seed('trades', [tradeFixture({ id: 't1', symbol: 'MSFT', closedAt: null })]);
  // The signed-in trader's cache, as the sign-in check claims it (sync/sync.ts, claimCacheFor).
  await dbModule.db.meta.put({ key: dbModule.metaKeys.userId, value: 'alex' });
  api.routes = {
    'GET /api/v1/quotes': {
      status: 200,
      body: {
        quotes: [quote('AAPL', 190.5), quote('MSFT', 410)],
        stale: false,
        marketOpen: true,
      },
    },
  };
});

describe('quote polling', () => {
  it("asks for the active plans' and open trades' stocks in one call, and keeps the answer", async () => {
    const answer = await polling.refreshQuotes();
    expect(answer?.marketOpen).toBe(true);
    expect(api.received.map((r) => r.key)).toEqual(['GET /api/v1/quotes?symbols=AAPL,MSFT']);
    expect(await dbModule.db.quotes.toArray()).toEqual([quote('AAPL', 190.5), quote('MSFT', 410)]);
  });

  it('keeps nothing when the cache was wiped (a logout) while the answer was on its way', async () => {
    api.delayMs = 200;
    const asked = polling.refreshQuotes();
    await vi.waitFor(() => expect(api.received).toHaveLength(1));
    const { wipeCache } = await import('../../../src/client/sync/sync.ts');
    await wipeCache();
    await asked;
    expect(await dbModule.db.quotes.count()).toBe(0);
    expect(await dbModule.db.meta.count()).toBe(0);
  });

  it('asks nothing offline, and nothing when no stock is watched', async () => {
    connectivity.reportApiReachable(false);
    expect(await polling.refreshQuotes()).toBeUndefined();
    connectivity.reportApiReachable(true);
    await dbModule.db.tradePlans.clear();
    await dbModule.db.trades.clear();
    expect(await polling.refreshQuotes()).toBeUndefined();
    expect(api.received).toEqual([]);
  });

  it('polls every 15 s in the session while visible, and stops when hidden', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stop = polling.startQuotePolling();
      await vi.waitFor(() => expect(api.received).toHaveLength(1));
      // The next ask is set once the answer is kept.
      await vi.waitFor(async () => expect(await dbModule.db.quotes.count()).toBe(2));
      await vi.advanceTimersByTimeAsync(0);
      await vi.advanceTimersByTimeAsync(14_000);
      expect(api.received).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(api.received).toHaveLength(2));
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(api.received).toHaveLength(2);
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => expect(api.received).toHaveLength(3));
      stop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(api.received).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks at once for a stock newly watched, without waiting for the next tick', async () => {
    const stop = polling.startQuotePolling();
    try {
      await vi.waitFor(() => expect(api.received).toHaveLength(1));
      await dbModule.db.tradePlans.put(planFixture({ id: 'p3', stock: 'NVDA', status: 'Ready' }));
      await vi.waitFor(() =>
        expect(api.received.at(-1)?.key).toBe('GET /api/v1/quotes?symbols=AAPL,NVDA,MSFT'),
      );
      // A plan leaving the watch (discarded) asks nothing new.
      const asked = api.received.length;
      await dbModule.db.tradePlans.update('p3', { status: 'Discarded' });
      await new Promise((r) => setTimeout(r, 200));
      expect(api.received).toHaveLength(asked);
    } finally {
      stop();
    }
  });
});
