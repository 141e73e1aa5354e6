import { useId, useMemo } from 'react';
import { computeStats, isSmallSample, type StatsContext } from '../../domain/stats.ts';
import { mistakeCosts } from '../../domain/tradeTags.ts';
import type { Trade } from '../../domain/types.ts';
import { TableHead } from '../ui/TableHead.tsx';
import { SmallSampleBadge } from './SmallSampleBadge.tsx';
import { StatsTable } from './StatsTable.tsx';
import { formatOptionalR, toneOf } from './statsFormat.ts';

const COST_COLUMNS = ['Mistake', 'Trades', 'Expectancy', 'Cost'];

/**
 * Review by tag, by mistake with what each mistake cost in R, and by how many of its setup's
 * entry criteria the plan ticked (docs/product.md, "Review"), over the page's trades.
 */
export function TagReview({
  trades,
  plans,
  setups,
}: {
  trades: readonly Trade[];
  plans: StatsContext['plans'];
  setups: StatsContext['setups'];
}) {
  const review = useMemo(() => {
    const context = { plans, setups, edges: [] };
    return {
      byTag: computeStats(trades, 'tag', context),
      byMistake: computeStats(trades, 'mistake', context),
      costs: mistakeCosts(trades),
      byCriteria: computeStats(trades, 'criteria', context),
    };
  }, [trades, plans, setups]);
  return (
    <>
      <StatsTable
        title="By tag"
        groups={review.byTag}
        note="A trade counts under each of its tags, so these groups add up to more than the total."
      />
      <StatsTable
        title="By mistake"
        groups={review.byMistake}
        note="A trade counts under each of its mistakes."
      />
      <MistakeCostTable costs={review.costs} />
      <StatsTable
        title="By criteria met"
        groups={review.byCriteria}
        note="How many of its setup's entry criteria the plan ticked: did following the setup pay?"
      />
    </>
  );
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
