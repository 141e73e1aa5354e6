import { Badge } from '../ui/Badge.tsx';

/**
 * A plan's trade outcome beside its status (tradeOutcomeOfPlan): "Open", an R such as "+2.50R",
 * or "Closed"; nothing without a trade. An R always carries its sign (formatR), which gives the
 * colour; the text says the same to anyone who cannot see it.
 */
export function PlanOutcome({ outcome }: { outcome: string | null }) {
  if (outcome === null) return null;
  const color = outcome.startsWith('+') ? 'green' : outcome.startsWith('\u2212') ? 'red' : 'blue';
  return (
    <span className="plan-outcome">
      <span className="visually-hidden">Trade: </span>
      <Badge color={color}>{outcome}</Badge>
    </span>
  );
}
