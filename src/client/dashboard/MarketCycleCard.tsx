import { formatPercent, formatTimestamp } from '../../domain/format.ts';
import {
  emaDirection,
  isDowntrend,
  isMarketCycleStale,
  isUptrend,
  parseCycleType,
} from '../../domain/marketCycle.ts';
import { useCachedMarketCycle } from '../ui/cacheReads.ts';
import { useCollectionState } from '../ui/useCollectionState.ts';
import { CycleChart } from './CycleChart.tsx';

const ICONS = { up: '▲', down: '▼', flat: '▶' } as const;

const usd2 = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The chart's place, taken while the cycle loads and when it came without its price history (a
 * cache from before the history existed): the height is the chart's, so nothing below moves.
 */
function ChartPlace({ children }: { children?: React.ReactNode }) {
  return <div className="cycle-chart chart-place">{children}</div>;
}

export function MarketCycleCard() {
  const cached = useCachedMarketCycle();
  const cycle = cached?.cycle;
  const syncedAt = cached?.syncedAt;
  const { loading, error } = useCollectionState('marketCycle');

  let body: React.ReactNode;
  if (cycle === undefined || (cycle === null && syncedAt === null && (loading || !error))) {
    body = (
      <>
        <p aria-busy="true">Loading market cycle data...</p>
        <ChartPlace />
      </>
    );
  } else if (error && !cycle) {
    body = (
      <div className="error-card" role="alert">
        <h3>Market Cycle Error</h3>
        <p>{error}</p>
      </div>
    );
  } else if (!cycle) {
    body = <p>No market cycle data available</p>;
  } else if (!Number.isFinite(cycle.currentEma) || !Number.isFinite(cycle.emaChangePercent)) {
    body = <p>Market cycle data is not available</p>;
  } else {
    const type = parseCycleType(cycle.cycleType);
    const direction = emaDirection(cycle.emaChangePercent);
    const tone = isUptrend(cycle) ? 'positive' : isDowntrend(cycle) ? 'negative' : 'amber';
    if (isMarketCycleStale(cycle, new Date())) console.warn('Market cycle data is older than an hour');
    const series = cycle.series ?? [];
    body = (
      <>
        <div className={`cycle-card tone-${tone}`}>
          <p className="cycle-type">
            <span className="trend-icon" aria-hidden="true">
              {ICONS[direction]}
            </span>{' '}
            Current Market Cycle: {type}
          </p>
          <p className="muted">
            {cycle.symbol} · Last updated: {formatTimestamp(cycle.timestamp)}
          </p>
          <div className="cycle-figures">
            <p>EMA21: ${usd2.format(cycle.currentEma)}</p>
            <p className={cycle.emaChangePercent >= 0 ? 'positive' : 'negative'}>
              EMA Change: {formatPercent(cycle.emaChangePercent)}
            </p>
          </div>
        </div>
        {series.length > 1 ? (
          <CycleChart symbol={cycle.symbol} series={series} />
        ) : (
          <ChartPlace>
            <p className="muted">The price chart arrives with the next sync.</p>
          </ChartPlace>
        )}
      </>
    );
  }
  return (
    <section className="market-cycle" aria-labelledby="market-cycle-title">
      <h2 id="market-cycle-title" className="visually-hidden-on-phone">
        Market Cycle Analysis
      </h2>
      {body}
    </section>
  );
}
