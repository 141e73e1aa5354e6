import { useId, useMemo } from 'react';
import { isSmallSample } from '../../domain/stats.ts';
import { mistakeCosts } from '../../domain/tradeTags.ts';
import type { Trade } from '../../domain/types.ts';
import { TableHead } from '../ui/TableHead.tsx';
import { SmallSampleBadge } from './SmallSampleBadge.tsx';
import { formatOptionalR, toneOf } from './statsFormat.ts';

const COST_COLUMNS = ['Mistake', 'Trades', 'Expectancy', 'Cost'];

/**
 * What each mistake cost in R over the page's trades (docs/product.md, "Review"); the groups by
 * tag, mistake and criteria met are in the page's breakdowns.
 */
export function MistakeCosts({ trades }: { trades: readonly Trade[] }) {
  const costs = useMemo(() => mistakeCosts(trades), [trades]);
  return <MistakeCostTable costs={costs} />;
}

function MistakeCostTable({ costs }: { costs: ReturnType<typeof mistakeCosts> }) {
  const id = useId();
  const baseline = costs.clean?.expectancyR ?? null;
  if (costs.costs.length === 0) {
    return (
      <section className="review-group" aria-labelledby={id}>
        <h2 id={id}>Cost of each mistake</h2>
        <p className="muted review-note">
          No closed trade names a mistake yet. Name them in a trade's details ("moved stop", "chased entry"…),
          and this shows what each one cost you in R.
        </p>
      </section>
    );
  }
  return (
    <section className="review-group" aria-labelledby={id}>
      <h2 id={id}>Cost of each mistake</h2>
      <p className="muted review-note">
        Cost = the mistake's trades × (expectancy of trades without any mistake − expectancy with it): the R
        those trades gave up against your clean trades
        {baseline === null
          ? '. No closed trade without a mistake yet, so no cost to compare with.'
          : ` (${formatOptionalR(baseline)} over ${costs.clean!.n} ${costs.clean!.n === 1 ? 'trade' : 'trades'}).`}
      </p>
      <div className="table-wrap">
        <table className="stack-on-phone stats-table" aria-labelledby={id}>
          <TableHead columns={COST_COLUMNS} />
          <tbody>
            {costs.costs.map(({ stats, costR }) => (
              <tr key={stats.key}>
                <th scope="row" data-label="Mistake">
                  {stats.label}
                  {isSmallSample(stats.n) && <SmallSampleBadge />}
                </th>
                <td data-label="Trades">{stats.n}</td>
                <td data-label="Expectancy" className={toneOf(stats.expectancyR)}>
                  {formatOptionalR(stats.expectancyR)}
                </td>
                <td data-label="Cost" className={toneOf(costR === null ? null : -costR)}>
                  {formatOptionalR(costR === null ? null : -costR)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
