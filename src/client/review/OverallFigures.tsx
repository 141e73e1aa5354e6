import { formatMoney } from '../../domain/format.ts';
import { type GroupStats, isSmallSample } from '../../domain/stats.ts';
import { SmallSampleBadge } from './SmallSampleBadge.tsx';
import {
  formatDrawdown,
  formatOptionalR,
  formatProfitFactor,
  formatWinRate,
  toneOf,
  withoutStopNote,
} from './statsFormat.ts';

/** The figures of every counted trade, at the top of the Review page. */
export function OverallFigures({ stats }: { stats: GroupStats }) {
  const figures: [string, string, string | undefined][] = [
    ['Trades', String(stats.n), undefined],
    ['Win rate', formatWinRate(stats.winRate), undefined],
    ['Expectancy', formatOptionalR(stats.expectancyR), toneOf(stats.expectancyR)],
    ['Profit factor', formatProfitFactor(stats.profitFactor), undefined],
    ['Max drawdown', formatDrawdown(stats.maxDrawdownR), undefined],
    ['Net P&L', formatMoney(stats.netPnl), toneOf(stats.netPnl)],
  ];
  return (
    <section className="review-group" aria-labelledby="overall-title">
      <h2 id="overall-title">
        All trades
        {isSmallSample(stats.n) && <SmallSampleBadge />}
      </h2>
      <dl className="review-figures">
        {figures.map(([label, value, tone]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={tone}>{value}</dd>
          </div>
        ))}
      </dl>
      {stats.withoutStop > 0 && (
        <p className="muted review-note">
          {withoutStopNote(stats.withoutStop)}: set their initial stop on the Trades page to count them.
        </p>
      )}
    </section>
  );
}
