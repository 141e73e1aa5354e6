import { useEffect, useMemo, useState } from 'react';
import {
  candleSpans,
  type ExcursionRow,
  excursionFigures,
  excursions,
  type MeanExcursions,
  tradeWindow,
} from '../../domain/candles.ts';
import { CANDLE_DAYS_MAX } from '../../domain/constants.ts';
import { formatR } from '../../domain/format.ts';
import type { Trade } from '../../domain/types.ts';
import { loadMissingSpans, todayInNewYork } from '../serverData/candles.ts';
import { useSpanCandles } from '../serverData/useCandles.ts';
import { isOffline, onConnectivityChange } from '../sync/connectivity.ts';
import { useSeen } from '../ui/useSeen.ts';
import { SampleSize } from './SmallSampleBadge.tsx';
import './excursions.css';

const meanR = (r: number | null, sign: 1 | -1) => (r === null ? '—' : formatR(sign * r));

function MeansLine({ label, m }: { label: string; m: MeanExcursions }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        mean MAE {meanR(m.meanMaeR, -1)} · mean MFE {meanR(m.meanMfeR, 1)} (<SampleSize n={m.n} />)
      </dd>
    </>
  );
}

/**
 * Where stops and targets sat against MAE and MFE (docs/product.md, "Candles"), over the page's
 * closed trades with a stop whose candles are cached. While online it asks, in the background,
 * for the candles it does not hold: one symbol a call, a few at a time, a bounded number a visit.
 */
export function ExcursionFigures({ trades }: { trades: readonly Trade[] }) {
  const closed = useMemo(
    () => trades.filter((t) => t.closedAt !== null && !t.incomplete && t.rMultiple !== null),
    [trades],
  );
  // Read and asked for only once the trader nears the section: its candles are Review's heaviest
  // read (every held day of every trade), and the section is the page's last.
  const [sectionRef, seen] = useSeen<HTMLElement>();
  const spans = useMemo(() => {
    if (!seen) return [];
    const today = todayInNewYork();
    return candleSpans(
      closed.map((t) => ({ symbol: t.symbol, window: tradeWindow(t, today) })),
      CANDLE_DAYS_MAX,
    );
  }, [seen, closed]);
  const [offline, setOffline] = useState(isOffline());
  useEffect(() => onConnectivityChange(() => setOffline(isOffline())), []);
  // Asked once a visit per set of spans and connection: a sync that rebuilds the same trades asks nothing.
  const spanKey = spans.map((s) => `${s.symbol}|${s.window.from}|${s.window.to}`).join(',');
  const [asked, setAsked] = useState<string>();
  useEffect(() => {
    if (offline) {
      setAsked(undefined); // back online, ask again
      return;
    }
    if (!seen || spans.length === 0 || asked === spanKey) return;
    setAsked(spanKey);
    void loadMissingSpans(spans);
  }, [seen, spans, spanKey, offline, asked]);

  const held = useSpanCandles(seen, spans, closed);

  const figures = useMemo(() => {
    if (!held) return undefined;
    const rows: ExcursionRow[] = [];
    for (const t of closed) {
      const moves = excursions(t, held.bySymbol.get(t.symbol) ?? []);
      if (moves === null || moves.maeR === null || moves.mfeR === null) continue;
      rows.push({
        rMultiple: t.rMultiple as number,
        maeR: moves.maeR,
        mfeR: moves.mfeR,
        targetR: t.planId === null ? null : (held.targets.get(t.planId) ?? null),
      });
    }
    return { n: rows.length, ...excursionFigures(rows) };
  }, [held, closed]);

  if (closed.length === 0) return null;
  return (
    <section ref={sectionRef} className="review-group" aria-labelledby="excursions-title">
      <h2 id="excursions-title">Excursions (MAE and MFE)</h2>
      {!figures ? (
        // Nothing is read until the trader nears the section: busy only once it is read.
        <p aria-busy={seen ? 'true' : undefined}>Reading price history…</p>
      ) : figures.n === 0 ? (
        <p className="muted">
          {offline
            ? 'Price history is not available offline'
            : 'No closed trade with a stop has its price history yet.'}
        </p>
      ) : (
        <dl className="excursion-figures">
          <MeansLine label="Winners" m={figures.winners} />
          <MeansLine label="Losers" m={figures.losers} />
          <dt>Winners that first went more than 1R against</dt>
          <dd>
            {figures.winnersPastOneR.count} of {figures.winnersPastOneR.n} (n = {figures.winnersPastOneR.n})
          </dd>
          <dt>Losers whose MFE reached their target</dt>
          <dd>
            {figures.losersReachedTarget.count} of {figures.losersReachedTarget.n} with a target (n ={' '}
            {figures.losersReachedTarget.n})
          </dd>
        </dl>
      )}
      {figures && figures.n > 0 && (
        <p className="muted review-note">
          From {figures.n} of {closed.length} closed trades with a stop whose daily candles are held.
        </p>
      )}
    </section>
  );
}
