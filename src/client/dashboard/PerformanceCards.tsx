import type { ReactNode } from 'react';
import { monthPerformance, openPositionsText } from '../../domain/dashboardFigures.ts';
import { formatSignedMoney, formatSignedPercent } from '../../domain/format.ts';
import { useLoadedTradesAndAccounts } from '../ui/cacheReads.ts';

/** [start, next month's start) of the month `offset` months from now's, in the trader's calendar. */
function monthBounds(now: Date, offset: number): [number, number] {
  const from = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  const to = new Date(now.getFullYear(), now.getMonth() + offset + 1, 1);
  return [from.getTime(), to.getTime()];
}

function Card({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <article className="stat-card" aria-busy={children === undefined || undefined}>
      <h3>{title}</h3>
      {children}
    </article>
  );
}

function MonthCard({
  title,
  figures,
}: {
  title: string;
  figures: ReturnType<typeof monthPerformance> | undefined;
}) {
  if (figures === undefined) return <Card title={title} />;
  if (figures === null) {
    return (
      <Card title={title}>
        <p className="stat muted">No closed trades</p>
      </Card>
    );
  }
  const tone = figures.netPnl > 0 ? 'positive' : figures.netPnl < 0 ? 'negative' : undefined;
  return (
    <Card title={title}>
      <div className="stat-figures">
        <p className={`stat ${tone ?? ''}`.trim()}>
          {figures.percent === null
            ? formatSignedMoney(figures.netPnl)
            : formatSignedPercent(figures.percent)}
        </p>
        {figures.percent !== null && <p className="stat-detail muted">{formatSignedMoney(figures.netPnl)}</p>}
      </div>
    </Card>
  );
}

/**
 * The spec's three cards, with the trader's own figures from the cache, offline too
 * (docs/product.md, "Accounts"): the open trades, and this and last month's net P&L.
 */
export function PerformanceCards() {
  // Nothing until the cache was ever loaded: an empty cache is not "No open trades".
  const cached = useLoadedTradesAndAccounts();
  const now = new Date();
  const month = (offset: number) =>
    cached ? monthPerformance(cached.trades, cached.accounts, ...monthBounds(now, offset)) : undefined;
  return (
    <div className="cards">
      <Card title="Current Positions">
        {cached ? <p className="stat">{openPositionsText(cached.trades)}</p> : undefined}
      </Card>
      <MonthCard title="Current Month Performance" figures={month(0)} />
      <MonthCard title="Last Month Performance" figures={month(-1)} />
    </div>
  );
}
