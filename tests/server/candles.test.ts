import { and, between, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CandleAnswer, newYorkDay, weekdaysBetween } from '../../src/domain/candles.ts';
import { CANDLE_DAYS_MAX, CANDLE_FETCH_WEEKDAYS_PER_DAY } from '../../src/domain/constants.ts';
import { messages } from '../../src/domain/messages.ts';
import type { Trade } from '../../src/domain/types.ts';
import type { Broker } from '../../src/server/brokers/broker.ts';
import { createDemoBroker } from '../../src/server/brokers/demo/demoBroker.ts';
import { demoPriceHistory } from '../../src/server/brokers/demo/demoPriceHistory.ts';
import { candles } from '../../src/server/db/schema.ts';
import { type Client, createReadyPlan, signIn, startTestServer, type TestServer } from './harness.ts';

// The test clock starts on Friday 2026-11-20 at 10:30 in New York: the session is open.
// Labor Day: the broker has no session that Monday.
const HOLIDAY = '2026-09-07';
const calls: { symbol: string; from: string; to: string }[] = [];
function countingBroker(): Broker {
  const demo = createDemoBroker();
  return {
    ...demo,
    async priceHistory(tokens, symbol, from, to, now) {
      calls.push({ symbol, from, to });
      await new Promise((resolve) => setTimeout(resolve, 50)); // long enough for asks to meet
      return (await demo.priceHistory(tokens, symbol, from, to, now)).filter((c) => c.day !== HOLIDAY);
    },
  };
}

/** Candles are answered for the stocks of the trader's active plans and of their trades. */
async function readyPlan(client: Client, stock: string) {
  await createReadyPlan(client, { stock, entryPrice: 100, stopLossPrice: 95 });
}

let t: TestServer;
let alex: Client;
let sam: Client;
beforeAll(async () => {
  t = await startTestServer({}, { broker: countingBroker() });
  alex = await signIn(t.url, 'alex');
  sam = await signIn(t.url, 'sam');
  for (const stock of ['AAPL', 'MSFT', 'NVDA']) await readyPlan(alex, stock);
  for (const stock of ['AAPL', 'MSFT', 'AMD', 'INTC', 'ORCL', 'IBM', 'CSCO']) await readyPlan(sam, stock);
});
afterAll(() => t.stop());

/** The rows the shared table holds for `symbol` from `from` to `to`. */
const rowsHeld = async (symbol: string, from: string, to: string) =>
  (
    await t.server.database.db
      .select({ n: count() })
      .from(candles)
      .where(and(eq(candles.symbol, symbol), between(candles.day, from, to)))
  )[0]?.n;

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

describe('GET /candles keeps the shared table bounded (issue 39, item 6)', () => {
  it("answers only the stocks of the trader's active plans and trades, as quotes do", async () => {
    const foreign = await candlesOf(sam, 'symbol=NVDA&from=2026-11-02&to=2026-11-06');
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([
      { field: 'symbol', message: messages.candleSymbolNotYours('NVDA') },
    ]);
    const unknown = await candlesOf(alex, 'symbol=ZZZZ&from=2026-11-02&to=2026-11-06');
    expect(unknown.status).toBe(400);
    // A closed trade's symbol (Review's excursions, a trade's chart), with no plan for it.
    expect((await alex.json('POST', '/api/v1/trades/import')).status).toBe(200);
    const closed = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body.find(
      (tr) => tr.closedAt !== null && !['AAPL', 'MSFT', 'NVDA'].includes(tr.symbol),
    );
    expect(closed).toBeDefined();
    const own = await candlesOf(alex, `symbol=${closed?.symbol}&from=2026-08-03&to=2026-08-07`);
    expect(own.status).toBe(200);
  });

  it('refuses a window that starts more than 20 years back, or after today', async () => {
    const today = newYorkDay(t.clock.now.toISOString());
    const earliest = `${Number(today.slice(0, 4)) - 20}${today.slice(4)}`;
    const dayBefore = new Date(Date.parse(`${earliest}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      ['from=0000-01-01&to=0000-12-31', messages.candleDayTooEarly],
      [`from=${dayBefore}&to=${earliest}`, messages.candleDayTooEarly],
      [`from=${tomorrow}&to=${tomorrow}`, messages.candleDayAfterToday],
    ];
    for (const [window, message] of cases) {
      const res = await candlesOf(alex, `symbol=AAPL&${window}`);
      expect(res.status, window).toBe(400);
      expect(res.body.errors, window).toEqual([{ field: 'from', message }]);
    }
    expect((await candlesOf(alex, `symbol=AAPL&from=${earliest}&to=${earliest}`)).status).toBe(200);
  });

  it('stores the sessions the broker answered: no row for a weekend, a holiday or a year without any', async () => {
    // MSFT from 2026-09-01 to 2026-10-30 was asked above: Labor Day and the weekends are no rows.
    const answered = await candlesOf(alex, 'symbol=MSFT&from=2026-09-01&to=2026-10-30');
    expect(answered.body.candles.map((c) => c.day)).not.toContain(HOLIDAY);
    expect(await rowsHeld('MSFT', '2026-09-01', '2026-10-30')).toBe(answered.body.candles.length);
    expect(await rowsHeld('MSFT', '2026-09-05', '2026-09-07')).toBe(0);
    // Long before the demo's history: the broker answers nothing, and nothing is stored...
    const before = calls.length;
    const empty = await candlesOf(alex, 'symbol=AAPL&from=2012-01-02&to=2012-12-31');
    expect(empty.body.candles).toEqual([]);
    expect(await rowsHeld('AAPL', '2012-01-01', '2012-12-31')).toBe(0);
    // ...yet it is not asked again, and neither is the holiday.
    await candlesOf(sam, 'symbol=AAPL&from=2012-03-01&to=2012-06-30');
    await candlesOf(alex, 'symbol=MSFT&from=2026-09-04&to=2026-09-08');
    expect(calls.slice(before)).toEqual([{ symbol: 'AAPL', from: '2012-01-02', to: '2012-12-31' }]);
    // Days asked on both sides of a held span are asked in one call, and held whole after it.
    await candlesOf(alex, 'symbol=AAPL&from=2012-12-03&to=2013-01-31');
    await candlesOf(alex, 'symbol=AAPL&from=2012-06-01&to=2013-01-15');
    expect(calls.slice(before + 1)).toEqual([{ symbol: 'AAPL', from: '2013-01-01', to: '2013-01-31' }]);
  });

  it("refuses a trader's broker asks past a day's budget with 429, and answers what is held", async () => {
    const today = newYorkDay(t.clock.now.toISOString());
    const dayAfter = (d: string, n: number) =>
      new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    let charged = 0;
    let refused: { symbol: string; from: string; to: string; res: Response } | undefined;
    // Years before the demo's history: quick to answer (nothing), yet each weekday asked counts.
    outer: for (const symbol of ['AMD', 'INTC', 'ORCL', 'IBM', 'CSCO']) {
      for (let from = `${Number(today.slice(0, 4)) - 20}${today.slice(4)}`; from < '2016-01-01'; ) {
        const to = dayAfter(from, CANDLE_DAYS_MAX - 1);
        const res = await sam.call('GET', `/api/v1/candles?symbol=${symbol}&from=${from}&to=${to}`);
        await res.body?.cancel();
        if (res.status === 429) {
          refused = { symbol, from, to, res };
          break outer;
        }
        expect(res.status).toBe(200);
        charged += weekdaysBetween(from, to).length;
        from = dayAfter(to, 1);
      }
    }
    if (refused === undefined) throw new Error('never refused');
    const { symbol, from, to, res } = refused;
    // Until midnight in New York: the clock says 10:32 there.
    expect(Number(res.headers.get('retry-after'))).toBe((13 * 60 + 28) * 60);
    expect(charged).toBeLessThanOrEqual(CANDLE_FETCH_WEEKDAYS_PER_DAY);
    expect(charged + weekdaysBetween(from, to).length).toBeGreaterThan(CANDLE_FETCH_WEEKDAYS_PER_DAY);
    const query = `symbol=${symbol}&from=${from}&to=${to}`;
    expect(await candlesOf(sam, query)).toMatchObject({
      status: 429,
      body: { message: messages.candleBudgetUsed },
    });
    // What is held costs nothing, and another trader's budget is their own.
    expect((await candlesOf(sam, 'symbol=AAPL&from=2026-11-03&to=2026-11-12')).status).toBe(200);
    expect((await candlesOf(alex, `symbol=NVDA&from=${from}&to=${to}`)).status).toBe(200);
    // The next New York day, the trader may ask again.
    t.clock.advance(24 * 60 * 60_000);
    expect((await candlesOf(sam, query)).status).toBe(200);
  });
});
