import { lazy, Suspense } from 'react';
import {
  formatMoney,
  formatPercent,
  formatPrice,
  formatProbability,
  formatRewardToRisk,
  formatTimestamp,
  formatWeight,
} from '../../domain/format.ts';
import { planPositionFigures } from '../../domain/positionSize.ts';
import {
  canEditPlan,
  isActivePlan,
  planRisk,
  planRiskPercentage,
  rewardToRisk,
  statusBadgeColor,
  weightedEdgeScore,
} from '../../domain/tradePlans.ts';
import type { TradePlan } from '../../domain/types.ts';
import { PlanPrice } from '../quotes/PlanPrice.tsx';
import { useKnownOrderCount } from '../serverData/useOrders.ts';
import { useQuote } from '../serverData/useQuotes.ts';
import { useTraderSettings } from '../settings/useTraderSettings.ts';
import { Badge } from '../ui/Badge.tsx';
import { useAccounts, useEdgesOf, useSetup } from '../ui/cacheReads.ts';
import { Modal } from '../ui/Modal.tsx';
import { ChecklistSummary } from './PlanChecklist.tsx';
import { PlanOutcome } from './PlanOutcome.tsx';
import '../ui/table.css';
import { TableHead } from '../ui/TableHead.tsx';

// The order screens (docs/product.md, "Orders") load only when a plan that can have orders is
// shown: neither the app's first download nor the plans page carries them.
const PlanOrders = lazy(() => import('../orders/PlanOrders.tsx'));

interface PlanDetailsProps {
  plan: TradePlan;
  onEdit: (plan: TradePlan) => void;
  onClose: () => void;
}

/**
 * Everything about one plan, from the cache (so offline too): its setup and edges by name, the
 * weighted edge score, and per account the shares and the limit that capped them, their cost and
 * the dollars at risk, or which limit leaves the account without shares.
 */
export function PlanDetails({ plan, onEdit, onClose }: PlanDetailsProps) {
  const setup = useSetup(plan.tradeSetupId);
  // undefined until the cache answers: not read yet is not "none".
  const edges = useEdgesOf(plan.edgeIds);
  const accounts = useAccounts();
  const citedEdges = (edges ?? []).filter((e) => e !== undefined);
  const score = weightedEdgeScore(citedEdges);
  const reward = rewardToRisk(plan);
  const quote = useQuote(plan.stock);
  const { nearEntryR } = useTraderSettings();
  // A Ready plan can be ordered; any other shows the orders this device knows of (put on Hold
  // while one works, say).
  const ordersKnown = useKnownOrderCount(plan.id);
  const showOrders = plan.status === 'Ready' || (ordersKnown ?? 0) > 0;

  return (
    <Modal title={`${plan.stock} trade plan`} onClose={onClose}>
      <dl className="plan-details">
        <dt>Status</dt>
        <dd>
          <Badge color={statusBadgeColor(plan.status)}>{plan.status}</Badge>{' '}
          <PlanOutcome planId={plan.id} doneAt={plan.doneAt} />
        </dd>
        <dt>Direction</dt>
        <dd>
          {plan.direction === 'Short'
            ? 'Short: sell short at the entry, buy to cover'
            : 'Long: buy at the entry'}
        </dd>
        <dt>Entry → Stop</dt>
        <dd>
          {formatPrice(plan.entryPrice)} → {formatPrice(plan.stopLossPrice)} · {formatPrice(planRisk(plan))} a
          share ({formatPercent(planRiskPercentage(plan))})
        </dd>
        <dt>Target</dt>
        <dd>
          {plan.targetPrice === null
            ? 'Not set'
            : `${formatPrice(plan.targetPrice)}${reward === null ? '' : ` · ${formatRewardToRisk(reward)}`}`}
        </dd>
        {isActivePlan(plan) && quote && (
          <>
            <dt>Last price</dt>
            <dd>
              <PlanPrice plan={plan} quote={quote} nearEntryR={nearEntryR} />
            </dd>
          </>
        )}
        <dt>Alerts</dt>
        <dd>{plan.alertsOn ? 'On' : 'Off'}</dd>
        <dt>Probability</dt>
        <dd>{formatProbability(plan.probabilityOfSuccess)}</dd>
        <dt>Setup</dt>
        <dd aria-busy={setup === undefined || undefined}>
          {setup === undefined ? null : setup ? setup.name : 'No setup'}
        </dd>
        <ChecklistSummary setup={setup ?? undefined} criteriaMet={plan.criteriaMet} />
        <dt>Edges</dt>
        <dd aria-busy={edges === undefined || undefined}>
          {edges === undefined
            ? null
            : citedEdges.length === 0
              ? 'No edges'
              : citedEdges.map((e) => `${e.name} (${formatWeight(e.weightFactor)})`).join(', ')}
          {score !== null && <div>Weighted edge score: {formatWeight(score)}</div>}
        </dd>
        {plan.notes && (
          <>
            <dt>Notes</dt>
            <dd className="notes">{plan.notes}</dd>
          </>
        )}
        <dt>Created</dt>
        <dd>{formatTimestamp(plan.createdAt)}</dd>
        <dt>Updated</dt>
        <dd>{formatTimestamp(plan.updatedAt)}</dd>
      </dl>
      <h3>Per account</h3>
      {accounts === undefined ? (
        <p aria-busy="true" />
      ) : accounts.length === 0 ? (
        <p>No position sizes calculated</p>
      ) : (
        <div className="table-wrap">
          <table className="plan-accounts">
            <TableHead columns={['Account', 'Shares', 'Cost', 'At risk']} />
            <tbody>
              {planPositionFigures(accounts, plan).map((f) => (
                <tr key={f.accountId}>
                  <th scope="row">{f.accountName}</th>
                  {f.shares > 0 ? (
                    <>
                      <td>
                        {f.shares}
                        {f.limitMessage && <small className="size-limit">{f.limitMessage}</small>}
                      </td>
                      <td>{formatMoney(f.cost)}</td>
                      <td>
                        {formatMoney(f.riskAmount)} ({formatPercent(f.riskPercent)})
                      </td>
                    </>
                  ) : (
                    <td colSpan={3}>N/A: {f.limitMessage}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {showOrders && accounts !== undefined && (
        <Suspense fallback={<p aria-busy="true" />}>
          <PlanOrders plan={plan} accounts={accounts} />
        </Suspense>
      )}
      <footer className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Done
        </button>
        <button type="button" disabled={!canEditPlan(plan.status)} onClick={() => onEdit(plan)}>
          Edit
        </button>
      </footer>
    </Modal>
  );
}
