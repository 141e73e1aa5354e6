import { useEffect, useMemo, useState } from 'react';
import { type Candle, type CandleWindow, targetROf, tradeWindow } from '../../domain/candles.ts';
import { messages } from '../../domain/messages.ts';
import type { Trade } from '../../domain/types.ts';
import { errorMessage } from '../api/http.ts';
import { db } from '../db/db.ts';
import { isOffline, onConnectivityChange } from '../sync/connectivity.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';
import { cachedDays, candlesOf, holdsWindow, loadCandles, todayInNewYork } from './candles.ts';

export interface TradeCandles {
  window: CandleWindow;
  /** The window's cached candles; undefined while the cache is read. */
  candles: Candle[] | undefined;
  /** Asking the API for the window now. */
  loading: boolean;
  /** Offline (or the API out of reach) with nothing cached for the window. */
  unavailableOffline: boolean;
  /** The API refused or failed; what is cached still shows. */
  error: string | null;
}

/**
 * The candles of the window a trade is drawn over, from the cache (so offline too); online, a
 * window not wholly held is asked of the API once when shown, and again when the app comes back
 * online.
 */
export function useTradeCandles(trade: Pick<Trade, 'symbol' | 'openedAt' | 'closedAt'>): TradeCandles {
  const today = todayInNewYork();
  const { from, to } = tradeWindow(trade, today);
  const window = useMemo(() => ({ from, to }), [from, to]);
  const { symbol } = trade;
  const days = useLiveQuery(() => cachedDays(symbol, window), [symbol, window]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [offline, setOffline] = useState(isOffline());
  const read = days !== undefined;
  const held = read && holdsWindow(days, window, today);

  useEffect(() => onConnectivityChange(() => setOffline(isOffline())), []);
  useEffect(() => {
    if (!read || held || offline) return;
    let cancelled = false;
    setLoading(true);
    setError(null);
    loadCandles(symbol, window)
      .catch((e: unknown) => {
        if (!cancelled && !isOffline()) setError(errorMessage(e, messages.candlesNotLoaded));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
    // Asked once per window and connection; the cache's own changes do not ask again.
  }, [symbol, window, offline, read, held]);

  const candles = days === undefined ? undefined : candlesOf(days);
  return {
    window,
    candles,
    loading,
    unavailableOffline: offline && candles !== undefined && candles.length === 0,
    error,
  };
}

/**
 * The cached candles of Review's spans by symbol, and the linked plans' targets in R, in one
 * transaction for every span: one each (400 symbols, read again as each load lands) took a Review
 * visit seconds of main thread at 10,000 plans (scripts/benchPages.ts). Nothing until `seen`.
 */
export function useSpanCandles(
  seen: boolean,
  spans: readonly { symbol: string; window: CandleWindow }[],
  closed: readonly Pick<Trade, 'planId'>[],
) {
  return useLiveQuery(async () => {
    if (!seen) return undefined;
    return db.transaction('r', db.candles, db.tradePlans, async () => {
      const bySymbol = new Map<string, Candle[]>();
      for (const span of spans) {
        const days = candlesOf(await cachedDays(span.symbol, span.window));
        bySymbol.set(span.symbol, [...(bySymbol.get(span.symbol) ?? []), ...days]);
      }
      const planIds = [...new Set(closed.flatMap((t) => t.planId ?? []))];
      const plans = (await db.tradePlans.bulkGet(planIds)).filter((p) => p !== undefined);
      return { bySymbol, targets: new Map(plans.map((p) => [p.id, targetROf(p)])) };
    });
  }, [seen, spans, closed]);
}
