import { Hono } from 'hono';
import { MARKET_CYCLE_CACHE_MINUTES } from '../../domain/constants.ts';
import { computeMarketCycle } from '../../domain/marketCycle.ts';
import { fallbackMessages } from '../../domain/messages.ts';
import type { MarketCycle } from '../../domain/types.ts';
import type { BrokerAccess } from '../brokers/brokerAccess.ts';
import { TtlCache } from '../brokers/ttlCache.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { Refusal, unavailable } from '../refusals.ts';

/** The market cycle is the same for every trader: computed once per symbol per 15 minutes. */
export function marketCycleRoutes(brokerAccess: BrokerAccess, symbol: string, now: () => Date): Hono<AppEnv> {
  const cache = new TtlCache<string, MarketCycle>();
  const app = new Hono<AppEnv>();
  app.get('/current', async (c) => {
    const userId = c.get('user').id;
    try {
      const cycle = await cache.getOrLoad(
        symbol,
        now().getTime(),
        MARKET_CYCLE_CACHE_MINUTES * 60_000,
        async () => {
          const candles = await brokerAccess.dailyCandles(userId, symbol);
          return computeMarketCycle(
            symbol,
            candles.map((k) => k.close),
            now(),
          );
        },
      );
      return c.json(cycle);
    } catch (error) {
      if (error instanceof Refusal) throw error;
      console.warn('Market cycle unavailable:', (error as Error).message);
      throw unavailable(fallbackMessages.fetchMarketCycle);
    }
  });
  return app;
}
