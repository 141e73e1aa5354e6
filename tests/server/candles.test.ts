import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandleAnswer } from '../../src/domain/candles.ts';
import { CANDLE_DAYS_MAX } from '../../src/domain/constants.ts';
import { messages } from '../../src/domain/messages.ts';
import type { Broker } from '../../src/server/brokers/broker.ts';
import { createDemoBroker } from '../../src/server/brokers/demo/demoBroker.ts';
import { demoPriceHistory } from '../../src/server/brokers/demo/demoPriceHistory.ts';
import { type Client, signIn, startTestServer, type TestServer } from './harness.ts';

// The test clock starts on Friday 2026-11-20 at 10:30 in New York: the session is open.
const calls: { symbol: string; from: string; to: string }[] = [];
function countingBroker(): Broker {
  const demo = createDemoBroker();
  return {
    ...demo,
    async priceHistory(tokens, symbol, from, to, now) {
      calls.push({ symbol, from, to });
      await new Promise((resolve) => setTimeout(resolve, 50)); // long enough for asks to meet
      return demo.priceHistory(tokens, symbol, from, to, now);
    },
  };
}

let t: TestServer;
let alex: Client;
let sam: Client;
beforeAll(async () => {
  t = await startTestServer({}, { broker: countingBroker() });
  alex = await signIn(t.url, 'alex');
  sam = await signIn(t.url, 'sam');
});
afterAll(() => t.stop());

const candlesOf = (client: Client, query: string) =>
  client.json<CandleAnswer & { message?: string; errors?: { field: string; message: string }[] }>(
    'GET',
    `/api/v1/candles?${query}`,
  );

describe('GET /candles', () => {
  it('needs a session', async () => {
    expect((await fetch(`${t.url}/api/v1/candles?symbol=AAPL&from=2026-11-02&to=2026-11-06`)).status).toBe(
      401,
    );
  });

  it('answers any symbol’s daily candles from the broker, each weekday once', async () => {
    const res = await candlesOf(alex, 'symbol=aapl&from=2026-11-02&to=2026-11-13');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      symbol: 'AAPL',
      from: '2026-11-02',
      to: '2026-11-13',
      today: '2026-11-20',
      candles: demoPriceHistory('AAPL', '2026-11-02', '2026-11-13', t.clock.now),
    });
    expect(res.body.candles).toHaveLength(10);
    expect(calls.filter((c) => c.symbol === 'AAPL')).toEqual([
      { symbol: 'AAPL', from: '2026-11-02', to: '2026-11-13' },
    ]);
  });

  it('asks the broker only for the days it does not hold, for every trader alike', async () => {
    const before = calls.length;
    const again = await candlesOf(sam, 'symbol=AAPL&from=2026-11-03&to=2026-11-12');
    expect(again.status).toBe(200);
    expect(again.body.candles.map((c) => c.day)[0]).toBe('2026-11-03');
    expect(calls.length).toBe(before); // all held: no broker call
    const wider = await candlesOf(alex, 'symbol=AAPL&from=2026-10-26&to=2026-11-13');
    expect(wider.body.candles).toHaveLength(15);
    expect(calls.slice(before)).toEqual([{ symbol: 'AAPL', from: '2026-10-26', to: '2026-10-30' }]);
  });

  it('two traders asking at once for the same symbol make one broker call', async () => {
    const before = calls.length;
    const [a, b] = await Promise.all([
      candlesOf(alex, 'symbol=MSFT&from=2026-09-01&to=2026-10-30'),
      candlesOf(sam, 'symbol=MSFT&from=2026-09-01&to=2026-10-30'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.candles).toEqual(b.body.candles);
    expect(a.body.candles.length).toBeGreaterThan(40);
    expect(calls.slice(before)).toEqual([{ symbol: 'MSFT', from: '2026-09-01', to: '2026-10-30' }]);
  });

  it("asks again for today's candle, which is still moving, and never past today", async () => {
    const before = calls.length;
    const first = await candlesOf(alex, 'symbol=NVDA&from=2026-11-16&to=2026-11-30');
    expect(first.body.to).toBe('2026-11-20');
    expect(first.body.candles.map((c) => c.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    t.clock.advance(2 * 60_000);
    const later = await candlesOf(alex, 'symbol=NVDA&from=2026-11-16&to=2026-11-30');
    expect(calls.slice(before)).toEqual([
      { symbol: 'NVDA', from: '2026-11-16', to: '2026-11-20' },
      { symbol: 'NVDA', from: '2026-11-20', to: '2026-11-20' }, // only today again
    ]);
    const today = later.body.candles.at(-1);
    expect(today).toEqual(demoPriceHistory('NVDA', '2026-11-20', '2026-11-20', t.clock.now)[0]);
    expect(today).not.toEqual(first.body.candles.at(-1));
    // The next day, the 20th is asked once more (it was fetched while it was today), then held.
    t.clock.advance(24 * 60 * 60_000);
    await candlesOf(alex, 'symbol=NVDA&from=2026-11-16&to=2026-11-20');
    await candlesOf(alex, 'symbol=NVDA&from=2026-11-16&to=2026-11-20');
    expect(calls.slice(before + 2)).toEqual([{ symbol: 'NVDA', from: '2026-11-20', to: '2026-11-20' }]);
  });

  it('refuses bad input with a clear message', async () => {
    const cases: [string, string, string][] = [
      ['from=2026-11-02&to=2026-11-06', 'symbol', messages.candleSymbolRequired],
      ['symbol=AA%20PL&from=2026-11-02&to=2026-11-06', 'symbol', messages.stockInvalidCharacters],
      ['symbol=AAPL&from=2026-11-31&to=2026-12-06', 'from', messages.candleDayInvalid],
      // Impossible days were a 500 (issue 39, item 7).
      ['symbol=AAPL&from=2026-13-01&to=2026-12-06', 'from', messages.candleDayInvalid],
      ['symbol=AAPL&from=2026-02-30&to=2026-03-06', 'from', messages.candleDayInvalid],
      ['symbol=AAPL&from=2026-01-05&to=2026-00-10', 'to', messages.candleDayInvalid],
      ['symbol=AAPL&from=2026-11-02', 'to', messages.candleDayInvalid],
      ['symbol=AAPL&from=2026-11-06&to=2026-11-02', 'from', messages.candleRangeInvalid],
      [`symbol=AAPL&from=2025-01-01&to=2026-11-06`, 'to', messages.candleRangeTooLong],
    ];
    for (const [query, field, message] of cases) {
      const res = await candlesOf(alex, query);
      expect(res.status, query).toBe(400);
      expect(res.body.errors, query).toEqual([{ field, message }]);
    }
    expect(messages.candleRangeTooLong).toContain(String(CANDLE_DAYS_MAX));
  });
});
