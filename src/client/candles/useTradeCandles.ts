import { useEffect, useMemo, useState } from 'react';
import { type Candle, type CandleWindow, tradeWindow } from '../../domain/candles.ts';
import { messages } from '../../domain/messages.ts';
import type { Trade } from '../../domain/types.ts';
import { errorMessage } from '../api/http.ts';
import { isOffline, onConnectivityChange } from '../sync/connectivity.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';
import { cachedDays, candlesOf, holdsWindow, loadCandles, todayInNewYork } from './candleCache.ts';

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
