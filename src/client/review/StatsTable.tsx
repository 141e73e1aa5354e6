import { useId } from 'react';
import { type GroupStats, isSmallSample } from '../../domain/stats.ts';
import { TableHead } from '../ui/TableHead.tsx';
import { SmallSampleBadge } from './SmallSampleBadge.tsx';
import { formatDrawdown, formatOptionalR, formatProfitFactor, formatWinRate, toneOf } from './statsFormat.ts';
import '../ui/table.css';

const COLUMNS = [
  'Group',
  'Trades',
  'Win rate',
  'Avg win',
  'Avg loss',
  'Expectancy',
  'Profit factor',
  'Max drawdown',
];

interface StatsTableProps {
  title: string;
  groups: readonly GroupStats[];
  /** What the trader needs to read the groups right (edges overlap, for one). */
  note?: string;
}

/** One grouping's statistics: a table on a wide screen, a card per group on a phone. */
export function StatsTable({ title, groups, note }: StatsTableProps) {
  const id = useId();
  return (
    <section className="review-group" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note && <p className="muted review-note">{note}</p>}
      <div className="table-wrap">
        <table className="stack-on-phone stats-table" aria-labelledby={id}>
          <TableHead columns={COLUMNS} />
          <tbody>
            {groups.map((g) => (
              <tr key={g.key}>
                <th scope="row" data-label="Group">
                  {g.label}
                  {isSmallSample(g.n) && <SmallSampleBadge />}
                </th>
                <td data-label="Trades">
                  {g.n}
                  {g.withoutStop > 0 && <small className="muted"> (+{g.withoutStop} without a stop)</small>}
                </td>
                <td data-label="Win rate">{formatWinRate(g.winRate)}</td>
                <td data-label="Avg win">{formatOptionalR(g.averageWinR)}</td>
                <td data-label="Avg loss">{formatOptionalR(g.averageLossR)}</td>
                <td data-label="Expectancy" className={toneOf(g.expectancyR)}>
                  {formatOptionalR(g.expectancyR)}
                </td>
                <td data-label="Profit factor">{formatProfitFactor(g.profitFactor)}</td>
                <td data-label="Max drawdown">{formatDrawdown(g.maxDrawdownR)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
