import { excursions } from '../../domain/candles.ts';
import { formatR, formatSignedMoney } from '../../domain/format.ts';
import { messages } from '../../domain/messages.ts';
import type { Trade, TradePlan } from '../../domain/types.ts';
import { useTradeCandles } from '../serverData/useCandles.ts';
import { useFills } from '../ui/cacheReads.ts';
import { type ChartFill, type ChartLevel, TradeChart } from './TradeChart.tsx';
import './candles.css';

interface TradeChartPanelProps {
  trade: Trade;
  plan: Pick<TradePlan, 'entryPrice' | 'stopLossPrice' | 'targetPrice'> | null | undefined;
}

/** "−$30.00 (−0.60R)": an excursion in $ and, with an initial risk, in R. */
const excursionText = (dollars: number, r: number | null, sign: 1 | -1) =>
  `${formatSignedMoney(sign * dollars)}${r === null ? '' : ` (${formatR(sign * r)})`}`;

/**
 * A trade's chart and its MAE and MFE (docs/product.md, "Candles"), a lazy chunk of the trade's
 * details: the candles come from the cache, asked of the API when not held and online.
 */
export default function TradeChartPanel({ trade, plan }: TradeChartPanelProps) {
  const { candles, loading, unavailableOffline, error } = useTradeCandles(trade);
  const fills = useFills(trade.executionIds)
    ?.filter((f) => (f.kind ?? 'fill') === 'fill')
    .map(
      (f): ChartFill => ({
        id: f.id,
        side: f.side,
        quantity: f.quantity,
        price: f.price,
        executedAt: f.executedAt,
      }),
    );
  const levels: ChartLevel[] = plan
    ? [
        { label: 'Entry', price: plan.entryPrice },
        { label: 'Stop', price: plan.stopLossPrice },
        ...(plan.targetPrice === null ? [] : [{ label: 'Target' as const, price: plan.targetPrice }]),
      ]
    : [];
  const moves = candles === undefined ? null : excursions(trade, candles);

  let body: React.ReactNode;
  if (candles === undefined || fills === undefined || (loading && candles.length === 0)) {
    body = <p aria-busy="true">Loading price history…</p>;
  } else if (unavailableOffline) {
    body = <p className="trade-chart-note">{messages.candlesUnavailableOffline}</p>;
  } else if (candles.length === 0) {
    body = <p className="trade-chart-note">{error ?? messages.candlesNone}</p>;
  } else {
    body = <TradeChart symbol={trade.symbol} candles={candles} fills={fills} levels={levels} />;
  }
  return (
    <section className="trade-chart-panel" aria-label="Price chart">
      {body}
      {error !== null && candles !== undefined && candles.length > 0 && (
        <p className="trade-chart-note">{error}</p>
      )}
      <dl className="plan-details trade-excursions">
        <dt>
          <abbr title="Maximum adverse excursion: the most it went against the trade while open">MAE</abbr>
        </dt>
        <dd>
          {moves
            ? excursionText(moves.maeDollars, moves.maeR, -1)
            : trade.closedAt === null
              ? 'Once closed'
              : '—'}
        </dd>
        <dt>
          <abbr title="Maximum favourable excursion: the most it went for the trade while open">MFE</abbr>
        </dt>
        <dd>
          {moves
            ? excursionText(moves.mfeDollars, moves.mfeR, 1)
            : trade.closedAt === null
              ? 'Once closed'
              : '—'}
        </dd>
      </dl>
    </section>
  );
}
