import { describe, expect, it } from 'vitest';
import { type Candle, newYorkDay, validateCandle } from '../../../../src/domain/candles.ts';
import type { BrokerTokens } from '../../../../src/server/brokers/broker.ts';
import { createDemoBroker } from '../../../../src/server/brokers/demo/demoBroker.ts';
import { demoQuote } from '../../../../src/server/brokers/demo/demoQuotes.ts';
import { DEMO_TRADERS } from '../../../../src/server/brokers/demo/demoTraders.ts';

const broker = createDemoBroker();
const tokens = (traderId: string): BrokerTokens => ({
  accessToken: `demo:${traderId}`,
  refreshToken: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
});
// Wednesday 2026-11-25, 11:00 New York.
const NOW = new Date('2026-11-25T16:00:00.000Z');

const inside = (c: Candle | undefined, price: number) => c !== undefined && c.low <= price && price <= c.high;

describe("the demo broker's daily candles", () => {
  it('hold every demo fill of the last 120 days at its price, on its New York day', async () => {
    for (const trader of DEMO_TRADERS) {
      for (const account of trader.accounts) {
        const { executions } = await broker.executions(
          tokens(trader.id),
          account.accountHash,
          new Date(0),
          NOW,
        );
        expect(executions.length).toBeGreaterThan(10);
        const bySymbol = new Map<string, Map<string, Candle>>();
        for (const fill of executions) {
          let days = bySymbol.get(fill.symbol);
          if (!days) {
            const candles = await broker.priceHistory(
              tokens(trader.id),
              fill.symbol,
              '2026-07-01',
              '2026-11-25',
              NOW,
            );
            days = new Map(candles.map((c) => [c.day, c]));
            bySymbol.set(fill.symbol, days);
          }
          expect(
            inside(days.get(newYorkDay(fill.executedAt)), fill.price),
            `${fill.symbol} ${fill.executedAt}`,
          ).toBe(true);
        }
      }
    }
  });

  it("hold the demo's price at any second of a session, where its orders fill", async () => {
    const candles = await broker.priceHistory(tokens('alex'), 'NVDA', '2026-11-02', '2026-11-24', NOW);
    const days = new Map(candles.map((c) => [c.day, c]));
    let seen = 0;
    // Every 37 s through the sessions of three weeks: odd seconds, never on a minute.
    for (let t = Date.parse('2026-11-02T14:30:07Z'); t < Date.parse('2026-11-24T21:00:00Z'); t += 37_000) {
      const at = new Date(t);
      const quote = demoQuote('NVDA', at);
      if (quote.tradeTime === null) continue;
      seen++;
      expect(inside(days.get(newYorkDay(at.toISOString())), quote.last), at.toISOString()).toBe(true);
    }
    expect(seen).toBeGreaterThan(10_000);
  });

  it('open at the previous close and close at the close; every candle a valid one, weekdays only', async () => {
    const candles = await broker.priceHistory(tokens('alex'), 'AAPL', '2026-11-16', '2026-11-24', NOW);
    expect(candles.map((c) => c.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-23',
      '2026-11-24',
    ]);
    for (const [i, c] of candles.entries()) {
      expect(validateCandle(c).ok).toBe(true);
      if (i > 0) expect(c.open).toBe(candles[i - 1]?.close);
    }
  });

  it("today's runs to now during the session, and there is none before the open", async () => {
    const [today] = await broker.priceHistory(tokens('alex'), 'AAPL', '2026-11-25', '2026-11-25', NOW);
    expect(today?.close).toBe(demoQuote('AAPL', NOW).last);
    const early = new Date('2026-11-25T13:00:00.000Z'); // 8:00 New York
    expect(await broker.priceHistory(tokens('alex'), 'AAPL', '2026-11-25', '2026-11-25', early)).toEqual([]);
  });
});
