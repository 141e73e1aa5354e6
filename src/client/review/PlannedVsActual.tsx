import { useId, useMemo } from 'react';
import {
  type CountOf,
  EXIT_OUTCOME_TEXT,
  EXIT_OUTCOMES,
  type MeanOf,
  type PlannedVsActualGroup,
  plannedVsActualBy,
} from '../../domain/plannedVsActual.ts';
import { roundHalfAway } from '../../domain/rounding.ts';
import { isSmallSample } from '../../domain/stats.ts';
import type { Trade } from '../../domain/types.ts';
import { useLinkedPlans } from '../plans/useLinkedPlans.ts';
import { useAccounts, useSetups } from '../ui/cacheReads.ts';
import { TableHead } from '../ui/TableHead.tsx';
import { SmallSampleBadge } from './SmallSampleBadge.tsx';
import { formatOptionalR } from './statsFormat.ts';
import '../ui/table.css';

const COLUMNS = [
  'Group',
  'Trades',
  'Entry slippage',
  'Size taken',
  'Over planned size',
  'Stop moved',
  'Target cut short',
];

const NONE = '—';

/** A figure and the n it rests on: "+0.03R n = 5". */
function WithN({ figure, n }: { figure: string; n: number }) {
  return (
    <>
      {figure}
      <small className="muted"> n = {n}</small>
    </>
  );
}

const percent = (share: number) => `${roundHalfAway(share * 100, 1).toFixed(1)}%`;

/** "1 of 4 (25.0%)", or "—" with none to count. */
const countText = ({ count, n }: CountOf) => (n === 0 ? NONE : `${count} of ${n} (${percent(count / n)})`);

const meanPercent = ({ mean }: MeanOf) => (mean === null ? NONE : percent(mean));

function GroupRow({ group: g }: { group: PlannedVsActualGroup }) {
  return (
    <tr>
      <th scope="row" data-label="Group">
        {g.label}
        {isSmallSample(g.n) && <SmallSampleBadge />}
      </th>
      <td data-label="Trades">{g.n}</td>
      <td data-label="Entry slippage">
        <WithN figure={formatOptionalR(g.entrySlippageR.mean)} n={g.entrySlippageR.n} />
      </td>
      <td data-label="Size taken">
        <WithN figure={meanPercent(g.sizeRatio)} n={g.sizeRatio.n} />
      </td>
      <td data-label="Over planned size">{countText(g.oversized)}</td>
      <td data-label="Stop moved">{countText(g.stopMoved)}</td>
      <td data-label="Target cut short">{countText(g.targetCutShort)}</td>
    </tr>
  );
}

/**
 * Planned against actual (docs/product.md, "Review"): how the trades linked to a plan followed it,
 * overall and by setup, from the cache (so offline too). `trades` are the page's, filtered as its
 * figures are.
 */
export function PlannedVsActual({ trades }: { trades: readonly Trade[] }) {
  const id = useId();
  const plans = useLinkedPlans()?.plans;
  const setups = useSetups();
  const accounts = useAccounts();
  const groups = useMemo(() => {
    if (!plans || !setups || !accounts) return undefined;
    const context = { plans, setups, accounts };
    const [all] = plannedVsActualBy(trades, 'all', context);
    return all ? { all, bySetup: plannedVsActualBy(trades, 'setup', context) } : null;
  }, [trades, plans, setups, accounts]);
  if (groups === undefined) return null;
  return (
    <section className="review-group planned-vs-actual" aria-labelledby={id}>
      <h2 id={id}>Planned against actual</h2>
      {groups === null ? (
        <p className="muted">No trades linked to a plan yet.</p>
      ) : (
        <>
          <p className="muted review-note">
            Each trade linked to a plan against that plan. Entry slippage: the average entry against the
            plan's entry in R, positive when worse (paid more on a long, sold lower on a short). Size taken:
            the shares taken as a share of the plan's size for the account with its figures today. Target cut
            short: closed in profit before the target, of the closed trades with a target.
          </p>
          <div className="table-wrap">
            <table className="stack-on-phone stats-table" aria-labelledby={id}>
              <TableHead columns={COLUMNS} />
              <tbody>
                <GroupRow group={groups.all} />
                {groups.bySetup.map((g) => (
                  <GroupRow key={g.key} group={g} />
                ))}
              </tbody>
            </table>
          </div>
          <h3 className="planned-exits-title">Exits against the plan</h3>
          <ul className="planned-exits">
            {EXIT_OUTCOMES.map((outcome) => (
              <li key={outcome}>
                {EXIT_OUTCOME_TEXT[outcome]}: <strong>{groups.all.exits[outcome]}</strong>
              </li>
            ))}
            <li className="muted">
              of {groups.all.closed} closed {groups.all.closed === 1 ? 'trade' : 'trades'}
            </li>
          </ul>
        </>
      )}
    </section>
  );
}
