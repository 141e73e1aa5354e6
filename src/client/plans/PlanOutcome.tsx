import { tradeOutcomeOfPlan } from '../../domain/planDone.ts';
import { Badge } from '../ui/Badge.tsx';
import { useTradesOfPlan } from '../ui/cacheReads.ts';

/**
 * A plan's trade outcome beside its status (tradeOutcomeOfPlan): "Open", an R such as "+2.50R",
 * or "Closed"; for a done plan (`doneAt`), "Done" with its R: "Done · +2.50R"; nothing without a
 * trade. An R always carries its sign (formatR), which gives the colour; the text says the same to
 * anyone who cannot see it.
 *
 * It reads the plan's own trades through the planId index: a list reads them only for the rows
 * it renders, never every cached trade before its first row.
 */
export function PlanOutcome({ planId, doneAt }: { planId: string; doneAt: string | null }) {
  const trades = useTradesOfPlan(planId);
  const outcome = trades ? tradeOutcomeOfPlan(planId, trades, doneAt) : null;
  if (outcome === null) return null;
  const r = outcome.replace(/^Done · /, '');
  const color = r.startsWith('+') ? 'green' : r.startsWith('\u2212') ? 'red' : r === 'Done' ? 'gray' : 'blue';
  return (
    <span className="plan-outcome">
      <span className="visually-hidden">Trade: </span>
      <Badge color={color}>{outcome}</Badge>
    </span>
  );
}
