import { describe, expect, it } from 'vitest';
import { QUOTE_SYMBOLS_MAX } from '../../src/domain/constants.ts';
import { messages } from '../../src/domain/messages.ts';
import type { Quote, QuoteAnswer } from '../../src/domain/quotes.ts';
import type { Trade } from '../../src/domain/types.ts';
import { demoDailyCandles } from '../../src/server/brokers/demo/demoCandles.ts';
import { demoQuote } from '../../src/server/brokers/demo/demoQuotes.ts';
import type { Client } from './harness.ts';
import { createReadyPlan, signedInServer } from './harness.ts';

// The test clock starts on Friday 2026-11-20 at 10:30 in New York: the session is open.
const { t, alex, sam } = signedInServer();

const readyPlan = (client: Client, stock: string, entryPrice = 100, stopLossPrice = 95) =>
  createReadyPlan(client, { stock, entryPrice, stopLossPrice });

const quotesOf = (client: Client, symbols: string) =>
  client.json<QuoteAnswer & { message?: string }>(
    'GET',
    `/api/v1/quotes?symbols=${encodeURIComponent(symbols)}`,
  );

describe('quotes for the trader’s own stocks', () => {
  it('answers the demo broker’s price of an active plan’s stock, stamped with when it was had', async () => {
    await readyPlan(alex, 'NVDA');
    const res = await quotesOf(alex, 'nvda');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      quotes: [{ ...demoQuote('NVDA', t.clock.now), fetchedAt: t.clock.now.toISOString() }],
      stale: false,
      marketOpen: true,
    });
  });

  it('answers for the open trades’ stocks too', async () => {
    expect((await alex.json('POST', '/api/v1/trades/import')).status).toBe(200);
    const open = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body.filter(
      (tr) => tr.closedAt === null,
    );
    expect(open.length).toBeGreaterThan(0);
    const symbols = [...new Set(open.map((tr) => tr.symbol))];
    const res = await quotesOf(alex, symbols.join(','));
    expect(res.status).toBe(200);
    expect(res.body.quotes.map((q: Quote) => q.symbol)).toEqual(symbols);
  });

  it("refuses another trader's stock, too many symbols, none, and a malformed one, with a clear message", async () => {
    const samsTrades = (await sam.json<Trade[]>('GET', '/api/v1/trades')).body;
    expect(samsTrades.some((tr) => tr.symbol === 'NVDA')).toBe(false);
    const foreign = await quotesOf(sam, 'NVDA');
    expect(foreign).toMatchObject({ status: 400, body: { message: messages.quoteSymbolNotYours('NVDA') } });

    const many = Array.from({ length: QUOTE_SYMBOLS_MAX + 1 }, (_, i) => `S${i}`).join(',');
    expect(await quotesOf(alex, many)).toMatchObject({
      status: 400,
      body: { message: messages.quoteSymbolsTooMany },
    });
    expect(await quotesOf(alex, ' , ')).toMatchObject({
      status: 400,
      body: { message: messages.quoteSymbolsRequired },
    });
    expect(await quotesOf(alex, 'NVDA,<b>')).toMatchObject({
      status: 400,
      body: { message: messages.stockInvalidCharacters },
    });
  });

  it('needs a session', async () => {
    expect((await fetch(`${t.url}/api/v1/quotes?symbols=NVDA`)).status).toBe(401);
  });

  it('keeps a price less than 15 s in the session; the path moves with the clock', async () => {
    const first = (await quotesOf(alex, 'NVDA')).body.quotes[0] as Quote;
    t.clock.advance(14_999);
    expect((await quotesOf(alex, 'NVDA')).body.quotes[0]).toEqual(first);
    t.clock.advance(1);
    const later = (await quotesOf(alex, 'NVDA')).body.quotes[0] as Quote;
    expect(later.fetchedAt).toBe(t.clock.now.toISOString());
    expect(later).toEqual({ ...demoQuote('NVDA', t.clock.now), fetchedAt: t.clock.now.toISOString() });
  });

  it("after the close answers the day's close, kept until the next session", async () => {
    // Friday 16:30 in New York.
    t.clock.now = new Date('2026-11-20T21:30:00.000Z');
    const closed = await quotesOf(alex, 'NVDA');
    const friday = demoDailyCandles('NVDA', t.clock.now).at(-1);
    expect(friday?.date).toBe('2026-11-20');
    expect(closed.body).toMatchObject({
      marketOpen: false,
      quotes: [{ last: friday?.close, tradeTime: null }],
    });
    const fetchedAt = closed.body.quotes[0]?.fetchedAt;
    // Through the weekend, the same answer: nothing traded since.
    t.clock.now = new Date('2026-11-23T14:29:00.000Z');
    expect((await quotesOf(alex, 'NVDA')).body.quotes[0]?.fetchedAt).toBe(fetchedAt);
    // Monday's open: a new price.
    t.clock.now = new Date('2026-11-23T14:31:00.000Z');
    const monday = await quotesOf(alex, 'NVDA');
    expect(monday.body.marketOpen).toBe(true);
    expect(monday.body.quotes[0]?.fetchedAt).toBe(t.clock.now.toISOString());
  });
});

describe("the demo broker's intraday path", () => {
  it('runs from the previous close at the open to the daily candle’s close at the close', () => {
    const candles = demoDailyCandles('AAPL', new Date('2026-11-24T22:00:00Z'));
    const [before, day] = candles.slice(-2) as [{ close: number }, { date: string; close: number }];
    expect(day.date).toBe('2026-11-24');
    expect(demoQuote('AAPL', new Date('2026-11-24T14:00:00Z')).last).toBe(before.close); // before the open
    expect(demoQuote('AAPL', new Date('2026-11-24T14:30:00Z')).last).toBe(before.close); // the open
    expect(demoQuote('AAPL', new Date('2026-11-24T21:00:00Z')).last).toBe(day.close); // the close
    expect(demoQuote('AAPL', new Date('2026-11-25T03:00:00Z')).last).toBe(day.close); // that night
  });

  it('moves during the session and is the same whenever it is asked', () => {
    const prices = Array.from(
      { length: 40 },
      (_, i) => demoQuote('AAPL', new Date(Date.parse('2026-11-24T15:00:00Z') + i * 15_000)).last,
    );
    expect(new Set(prices).size).toBeGreaterThan(10);
    expect(demoQuote('AAPL', new Date('2026-11-24T15:00:00Z'))).toEqual(
      demoQuote('AAPL', new Date('2026-11-24T15:00:00Z')),
    );
  });
});
