import { renderHook, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import type { Candle } from '../../../src/domain/candles.ts';
import { weekdaysBetween } from '../../../src/domain/candles.ts';
import { withFakeApi } from '../fakeApi.ts';

const api = withFakeApi({ owner: null });
let hook: typeof import('../../../src/client/serverData/useCandles.ts');

// A closed trade of September 2026: its window (Aug 4 – Sep 22) is over, so once held it is final.
const trade = { symbol: 'AAPL', openedAt: '2026-09-01T15:00:00.000Z', closedAt: '2026-09-15T19:00:00.000Z' };
const WINDOW = 'from=2026-08-04&to=2026-09-22';
// Labor Day (Sep 7) had no session: the answer has no candle for it.
const days = weekdaysBetween('2026-08-04', '2026-09-22').filter((d) => d !== '2026-09-07');
const candle = (day: string, i: number): Candle => ({
  day,
  open: 100 + i,
  high: 102 + i,
  low: 99 + i,
  close: 101 + i,
  volume: 1000,
});
const answer = {
  symbol: 'AAPL',
  from: '2026-08-04',
  to: '2026-09-22',
  today: '2026-11-25',
  candles: days.map(candle),
};

beforeAll(async () => {
  hook = await import('../../../src/client/serverData/useCandles.ts');
});

beforeEach(async () => {
  await dbModule.db.meta.put({ key: dbModule.metaKeys.userId, value: 'alex' });
  api.routes = { [`GET /api/v1/candles?symbol=AAPL&${WINDOW}`]: { status: 200, body: answer } };
});

describe("a trade's candles", () => {
  it('online: asks for the window it does not hold, keeps it, and asks no more once held', async () => {
    const first = renderHook(() => hook.useTradeCandles(trade));
    await waitFor(() => expect(first.result.current.candles).toHaveLength(days.length));
    expect(first.result.current.window).toEqual({ from: '2026-08-04', to: '2026-09-22' });
    expect(api.received.map((r) => r.key)).toEqual([`GET /api/v1/candles?symbol=AAPL&${WINDOW}`]);
    // The holiday is kept as a day without a session, so the window is whole.
    expect(await dbModule.db.candles.get(['AAPL', '2026-09-07'])).toEqual({
      symbol: 'AAPL',
      day: '2026-09-07',
      candle: null,
      final: true,
    });
    first.unmount();
    const again = renderHook(() => hook.useTradeCandles(trade));
    await waitFor(() => expect(again.result.current.candles).toHaveLength(days.length));
    expect(api.received).toHaveLength(1);
    expect(again.result.current.unavailableOffline).toBe(false);
  });

  it('offline: draws from what is cached, without asking', async () => {
    await dbModule.db.candles.bulkPut(
      days.slice(0, 5).map((d, i) => ({ symbol: 'AAPL', day: d, candle: candle(d, i), final: true })),
    );
    connectivity.reportApiReachable(false);
    const { result } = renderHook(() => hook.useTradeCandles(trade));
    await waitFor(() => expect(result.current.candles).toHaveLength(5));
    expect(result.current.unavailableOffline).toBe(false);
    expect(api.received).toHaveLength(0);
  });

  it('offline with nothing cached: says price history is not available offline, then loads once online', async () => {
    connectivity.reportApiReachable(false);
    const { result } = renderHook(() => hook.useTradeCandles(trade));
    await waitFor(() => expect(result.current.unavailableOffline).toBe(true));
    expect(api.received).toHaveLength(0);
    connectivity.reportApiReachable(true);
    await waitFor(() => expect(result.current.candles).toHaveLength(days.length));
    expect(result.current.unavailableOffline).toBe(false);
    expect(api.received).toHaveLength(1);
  });
});
