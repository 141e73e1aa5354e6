import { formatMoney, formatPercent, formatProbability } from '../../domain/format.ts';
import { isValidPositionSize } from '../../domain/positionSize.ts';
import {
  allowedTransitions,
  canEditPlan,
  planRisk,
  planRiskPercentage,
  riskBadgeColor,
  statusBadgeColor,
} from '../../domain/tradePlans.ts';
import type { TradePlan, TradePlanStatus } from '../../domain/types.ts';
import { Badge } from '../ui/Badge.tsx';
import { PendingMark } from '../ui/PendingMark.tsx';

interface PlanRowProps {
  plan: TradePlan;
  onStatus: (plan: TradePlan, status: TradePlanStatus) => void;
  onEdit: (plan: TradePlan) => void;
  onDelete: (plan: TradePlan) => void;
}

export function PlanRow({ plan, onStatus, onEdit, onDelete }: PlanRowProps) {
  const riskPercent = planRiskPercentage(plan);
  const edgeCount = plan.edgeIds.length;
  return (
    <tr>
      <th scope="row" data-label="Stock">
        {plan.stock}
        <PendingMark row={plan} />
      </th>
      <td data-label="Status">
        <Badge color={statusBadgeColor(plan.status)}>{plan.status}</Badge>
      </td>
      <td data-label="Entry Price">{formatMoney(plan.entryPrice)}</td>
      <td data-label="Stop Loss">{formatMoney(plan.stopLossPrice)}</td>
      <td data-label="Risk ($)">{formatMoney(planRisk(plan))}</td>
      <td data-label="Risk (%)">
        <Badge color={riskBadgeColor(riskPercent)}>{formatPercent(riskPercent)}</Badge>
      </td>
      <td data-label="Probability">{formatProbability(plan.probabilityOfSuccess)}</td>
      <td data-label="Edges">{edgeCount > 0 ? `${edgeCount} edge(s)` : 'No edges'}</td>
      <td data-label="Position Sizes">
        {plan.positionSizes.length === 0 ? (
          'No position sizes calculated'
        ) : (
          <ul className="position-sizes">
            {plan.positionSizes.map((p) => (
              <li key={p.accountId}>
                {p.accountName}:{' '}
                {isValidPositionSize(p) ? <span className="positive">{p.position} shares</span> : 'N/A'}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label="Actions" className="row-actions">
        <select
          aria-label={`Change status of ${plan.stock}`}
          value=""
          onChange={(e) => e.target.value && onStatus(plan, e.target.value as TradePlanStatus)}
        >
          <option value="">Change Status...</option>
          {allowedTransitions(plan.status).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="outline"
          disabled={!canEditPlan(plan.status)}
          onClick={() => onEdit(plan)}
        >
          Edit
        </button>
        <button type="button" className="outline danger" onClick={() => onDelete(plan)}>
          Delete
        </button>
      </td>
    </tr>
  );
}
