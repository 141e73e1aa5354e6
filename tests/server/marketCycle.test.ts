import { describe, expect, it } from 'vitest';
import { computeMarketCycle, marketCycleSeries } from '../../src/domain/marketCycle.ts';
import type { MarketCycle } from '../../src/domain/types.ts';
import { demoDailyCandles } from '../../src/server/brokers/demo/demoCandles.ts';
import { signedInServer } from './harness.ts';

const { t, alex } = signedInServer({ MARKET_CYCLE_SYMBOL: 'spy' });

describe('market cycle', () => {
  it("computes EMA21 on the demo broker's daily closes", async () => {
    const res = await alex.json<MarketCycle>('GET', '/api/v1/market-cycle/current');
    expect(res.status).toBe(200);
    const candles = demoDailyCandles('SPY', t.clock.now);
    const closes = candles.map((c) => c.close);
    const { currentEma: current, previousEma: previous } = computeMarketCycle('SPY', closes, t.clock.now);
    const change = ((current - previous) / previous) * 100;
    expect(res.body).toEqual({
      symbol: 'SPY',
      currentEma: current,
      previousEma: previous,
      emaChangePercent: change,
      cycleType: change > 0.1 ? 'Uptrend' : change < -0.1 ? 'Downtrend' : 'Sideways',
      timestamp: t.clock.now.toISOString(),
      series: marketCycleSeries(candles),
    });
    expect(res.body.series).toHaveLength(60);
    expect(res.body.series?.at(-1)).toEqual({ ...candles.at(-1), ema: current });
  });

  it('has at least 250 trading days of deterministic demo history up to today', () => {
    const a = demoDailyCandles('SPY', t.clock.now);
    expect(a.length).toBeGreaterThanOrEqual(250);
    expect(a.at(-1)?.date).toBe('2026-11-20');
    expect(demoDailyCandles('SPY', t.clock.now)).toEqual(a);
    // The same day has the same close whenever it is asked.
    const later = demoDailyCandles('SPY', new Date('2026-12-20T00:00:00Z'));
    expect(later.find((c) => c.date === '2026-11-20')).toEqual(a.at(-1));
  });

  it('serves the cached answer for 15 minutes, then recomputes', async () => {
    const first = (await alex.json<MarketCycle>('GET', '/api/v1/market-cycle/current')).body;
    t.clock.advance(10 * 60_000);
    expect((await alex.json<MarketCycle>('GET', '/api/v1/market-cycle/current')).body.timestamp).toBe(
      first.timestamp,
    );
    t.clock.advance(6 * 60_000);
    expect((await alex.json<MarketCycle>('GET', '/api/v1/market-cycle/current')).body.timestamp).toBe(
      t.clock.now.toISOString(),
    );
  });

  it('needs a session', async () => {
    const res = await fetch(`${t.url}/api/v1/market-cycle/current`);
    expect(res.status).toBe(401);
  });
});
