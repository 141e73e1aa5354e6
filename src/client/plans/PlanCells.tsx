import {
  countOf,
  formatPercent,
  formatPrice,
  formatProbability,
  formatRewardToRisk,
} from '../../domain/format.ts';
import { computePositionSizes, isValidPositionSize } from '../../domain/positionSize.ts';
import type { Quote } from '../../domain/quotes.ts';
import {
  allowedTransitions,
  directionOf,
  isActivePlan,
  planRisk,
  planRiskPercentage,
  rewardToRisk,
  riskBadgeColor,
  statusBadgeColor,
} from '../../domain/tradePlans.ts';
import type { LiveAccount, TradePlan, TradePlanStatus } from '../../domain/types.ts';
import { PlanPrice } from '../quotes/PlanPrice.tsx';
import { Badge } from '../ui/Badge.tsx';
import { FactCell } from '../ui/ListPage.tsx';
import { PendingMark } from '../ui/PendingMark.tsx';
import { PlanOutcome } from './PlanOutcome.tsx';

interface PlanCellsProps {
  plan: TradePlan;
  /** The cached accounts the sizes are computed for; undefined while they are read. */
  accounts: readonly LiveAccount[] | undefined;
  /** The stock's last price, shown on an active plan, and the trader's Near entry threshold. */
  quote: Quote | undefined;
  nearEntryR: number;
  onOpen: (plan: TradePlan) => void;
}

/**
 * A plan's size in each account, computed here from the cached balances with the server's own
 * rule: a change of balances then re-renders the rows on screen instead of rewriting every cached
 * plan (seconds at 10,000 plans).
 */
function PositionSizes({
  plan,
  accounts,
}: {
  plan: TradePlan;
  accounts: readonly LiveAccount[] | undefined;
}) {
  if (accounts === undefined) return null;
  const sizes = computePositionSizes(accounts, plan);
  if (sizes.length === 0) return 'No position sizes calculated';
  return (
    <ul className="position-sizes">
      {sizes.map((p) => (
        <li key={p.accountId}>
          {p.accountName}:{' '}
          {isValidPositionSize(p) ? <span className="positive">{countOf(p.position, 'share')}</span> : 'N/A'}
        </li>
      ))}
    </ul>
  );
}

/** A plan's cells in the Trade Plans table, all but Actions. */
export function PlanCells({ plan, accounts, quote, nearEntryR, onOpen }: PlanCellsProps) {
  const riskPercent = planRiskPercentage(plan);
  const reward = rewardToRisk(plan);
  const edgeCount = plan.edgeIds.length;
  const priced = isActivePlan(plan) && quote !== undefined;
  return (
    <>
      <th scope="row" data-label="Stock">
        {/* Tapping the plan opens its details. */}
        <button type="button" className="link-button" onClick={() => onOpen(plan)}>
          {plan.stock}
        </button>
        {/* A short plan says so; a long one, the usual, is unmarked. */}
        {directionOf(plan) === 'Short' && (
          <>
            {' '}
            <span className="badge direction-badge">Short</span>
          </>
        )}
        <PendingMark row={plan} />
      </th>
      <td data-label="Status" data-status={plan.status}>
        <Badge color={statusBadgeColor(plan.status)}>{plan.status}</Badge>{' '}
        <PlanOutcome planId={plan.id} doneAt={plan.doneAt} />
        {priced && <PlanPrice plan={plan} quote={quote} nearEntryR={nearEntryR} />}
      </td>
      {/* The same on a phone's card, on a line of its own under the stock (plans.css); hidden on
          a wide screen, where the Status cell shows it: the spec's columns stay as they are. */}
      {priced && (
        <td data-label="Price" className="card-price">
          <PlanPrice plan={plan} quote={quote} nearEntryR={nearEntryR} />
        </td>
      )}
      <FactCell label="Entry Price">{formatPrice(plan.entryPrice)}</FactCell>
      <FactCell label="Stop Loss">{formatPrice(plan.stopLossPrice)}</FactCell>
      {/* Entry − stop (stop − entry short) is a share's risk: said so, as a trader reads "Risk" as dollars at stake.
          "/share" may go under a long price when the columns need the room. */}
      <FactCell label="Risk ($)">
        {formatPrice(planRisk(plan))}
        <wbr />
        /share
      </FactCell>
      <td data-label="Risk (%)">
        <Badge color={riskBadgeColor(riskPercent)}>{formatPercent(riskPercent)}</Badge>
        {reward !== null && <small className="reward"> {formatRewardToRisk(reward)}</small>}
      </td>
      <FactCell label="Probability">{formatProbability(plan.probabilityOfSuccess)}</FactCell>
      <td data-label="Edges">{edgeCount > 0 ? countOf(edgeCount, 'edge') : 'No edges'}</td>
      <td data-label="Position Sizes">
        <PositionSizes plan={plan} accounts={accounts} />
      </td>
    </>
  );
}

/** "Change Status..." listing only the moves the transition table allows from here. */
export function StatusSelect({
  plan,
  onChange,
}: {
  plan: TradePlan;
  onChange: (status: TradePlanStatus) => void;
}) {
  return (
    <select
      aria-label={`Change status of ${plan.stock}`}
      value=""
      onChange={(e) => e.target.value && onChange(e.target.value as TradePlanStatus)}
    >
      <option value="">Change Status...</option>
      {allowedTransitions(plan.status).map((s) => (
        <option key={s} value={s}>
          {s}
        </option>
      ))}
    </select>
  );
}
