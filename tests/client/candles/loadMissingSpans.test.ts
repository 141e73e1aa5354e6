import { liveQuery } from 'dexie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as dbModule from '../../../src/client/db/db.ts';
import { addDays, type Candle, earliestCandleDay, weekdaysBetween } from '../../../src/domain/candles.ts';
import { withFakeApi } from '../fakeApi.ts';

const api = withFakeApi({ owner: null });
let cache: typeof import('../../../src/client/serverData/candles.ts');

// Windows of September 2026, over long before "today": held for good once asked.
const window = { from: '2026-09-01', to: '2026-09-04' };
const days = weekdaysBetween(window.from, window.to);
const candle = (day: string): Candle => ({ day, open: 10, high: 11, low: 9, close: 10.5, volume: 100 });
const route = (symbol: string) => `GET /api/v1/candles?symbol=${symbol}&from=${window.from}&to=${window.to}`;
const answer = (symbol: string) => ({ symbol, ...window, today: '2026-11-25', candles: days.map(candle) });
const SYMBOLS = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF'];

beforeAll(async () => {
  cache = await import('../../../src/client/serverData/candles.ts');
});

beforeEach(async () => {
  await dbModule.db.meta.put({ key: dbModule.metaKeys.userId, value: 'alex' });
  api.routes = Object.fromEntries(SYMBOLS.map((s) => [route(s), { status: 200, body: answer(s) }]));
});

/** Every count of cached candle days a live query saw while `work` ran. */
async function countsSeen(work: () => Promise<unknown>): Promise<number[]> {
  const seen: number[] = [];
  const subscription = liveQuery(() => dbModule.db.candles.count()).subscribe((n) => seen.push(n));
  await new Promise((r) => setTimeout(r, 50));
  await work();
  await new Promise((r) => setTimeout(r, 50));
  subscription.unsubscribe();
  return seen;
}

describe("Review's candles for the spans it lacks", () => {
  it('keeps every answer in one write, so Review computes once, not once an answer', async () => {
    const spans = SYMBOLS.map((symbol) => ({ symbol, window }));
    const seen = await countsSeen(() => cache.loadMissingSpans(spans));
    expect(seen).toEqual([0, SYMBOLS.length * days.length]);
    expect(api.received).toHaveLength(SYMBOLS.length);
    // Held now: a second visit asks nothing.
    api.reset();
    expect(await cache.loadMissingSpans(spans)).toBe(0);
    expect(api.received).toHaveLength(0);
  });

  it('keeps what came before a refusal, and asks no more after it', async () => {
    api.routes[route('BBB')] = { status: 503, body: { message: 'Busy' } };
    const spans = SYMBOLS.map((symbol) => ({ symbol, window }));
    await cache.loadMissingSpans(spans);
    const kept = new Set((await dbModule.db.candles.toArray()).map((d) => d.symbol));
    const asked = api.received.map((r) =>
      new URL(r.key.split(' ')[1] as string, 'http://x').searchParams.get('symbol'),
    );
    // Three at a time: the refusal stops the others from taking another span.
    expect(asked.length).toBeLessThan(SYMBOLS.length);
    expect([...kept].sort()).toEqual(asked.filter((s) => s !== 'BBB').sort());
  });

  it('asks nothing older than the server holds (20 years): a refusal would stop every span after it', async () => {
    const earliest = earliestCandleDay(cache.todayInNewYork());
    const old = { from: '1990-01-02', to: '1990-01-05' };
    const straddling = { from: addDays(earliest, -10), to: addDays(earliest, 20) };
    const clamped = `GET /api/v1/candles?symbol=AAA&from=${earliest}&to=${straddling.to}`;
    api.routes[clamped] = {
      status: 200,
      body: { symbol: 'AAA', from: earliest, to: straddling.to, today: '2026-11-25', candles: [] },
    };
    const asked = await cache.loadMissingSpans([
      { symbol: 'OLD', window: old },
      { symbol: 'AAA', window: straddling },
      { symbol: 'BBB', window },
    ]);
    expect(asked).toBe(2);
    expect(api.received.map((r) => r.key).sort()).toEqual([clamped, route('BBB')]);
  });

  it('keeps nothing when the cache changed hands while the answers came (a logout)', async () => {
    api.delayMs = 100;
    const loading = cache.loadMissingSpans(SYMBOLS.map((symbol) => ({ symbol, window })));
    await new Promise((r) => setTimeout(r, 20));
    await dbModule.db.meta.put({ key: dbModule.metaKeys.userId, value: 'sam' });
    await loading;
    expect(await dbModule.db.candles.count()).toBe(0);
  });
});
