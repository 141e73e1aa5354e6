import { fallbackMessages } from '../../domain/appMessages.ts';
import { MARKET_CYCLE_CACHE_MINUTES } from '../../domain/constants.ts';
import { computeMarketCycle, marketCycleSeries } from '../../domain/marketCycle.ts';
import type { CycleType, MarketCycle } from '../../domain/types.ts';
import type { BrokerAccess } from '../brokers/brokerAccess.ts';
import { TtlCache } from '../brokers/ttlCache.ts';
import { Refusal, unavailable } from '../refusals.ts';

/**
 * How long a plan's create waits for a cycle nobody has asked for in 15 minutes. A broker call can
 * take up to its own timeout (15 s for Schwab); a create is not held that long for a label. The
 * load goes on and fills the cache for the next create.
 */
const STAMP_WAIT_MS = 3_000;

/** The market cycle is the same for every trader: computed once per symbol per 15 minutes. */
export function createMarketCycleService(brokerAccess: BrokerAccess, symbol: string, now: () => Date) {
  const cache = new TtlCache<string, MarketCycle>();

  /** The candles are fetched with the asking trader's broker sign-in. */
  function load(userId: string): Promise<MarketCycle> {
    return cache.getOrLoad(symbol, now().getTime(), MARKET_CYCLE_CACHE_MINUTES * 60_000, async () => {
      const candles = await brokerAccess.dailyCandles(userId, symbol);
      const cycle = computeMarketCycle(
        symbol,
        candles.map((k) => k.close),
        now(),
      );
      return { ...cycle, series: marketCycleSeries(candles) };
    });
  }

  return {
    /** `GET /market-cycle/current`: 503 when the broker cannot give enough closes. */
    async current(userId: string): Promise<MarketCycle> {
      try {
        return await load(userId);
      } catch (error) {
        if (error instanceof Refusal) throw error;
        console.warn('Market cycle unavailable:', (error as Error).message);
        throw unavailable(fallbackMessages.fetchMarketCycle);
      }
    },

    /**
     * The cycle a new plan is stamped with: the cached one, else one try bounded by STAMP_WAIT_MS.
     * null when it cannot be had: a plan is never refused or held up for want of it.
     */
    async typeForNewPlan(userId: string): Promise<CycleType | null> {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), STAMP_WAIT_MS);
      });
      try {
        const cycle = await Promise.race([load(userId), gaveUp]);
        if (cycle === null) console.warn('Market cycle too slow: a plan is created without it');
        return cycle?.cycleType ?? null;
      } catch (error) {
        console.warn('Market cycle unavailable: a plan is created without it:', (error as Error).message);
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type MarketCycleService = ReturnType<typeof createMarketCycleService>;
