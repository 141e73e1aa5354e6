import { Link } from 'wouter';
import { firstSteps } from '../../domain/appMessages.ts';
import { useMissingPlanInputs } from '../ui/cacheReads.ts';
import { EmptyState } from '../ui/EmptyState.tsx';

/**
 * No plan to show: the spec's words, and for a new trader the way to the first plan
 * (docs/product.md, "First run"): a plan names its setup and cites its edges, so the steps not
 * yet taken come first.
 */
export function PlansEmptyState({ filtered, onCreate }: { filtered: boolean; onCreate: () => void }) {
  const missing = useMissingPlanInputs();
  const before = firstSteps.slice(0, 2).filter((_, i) => missing?.[i]);
  return (
    <EmptyState
      title="No trade plans found"
      hint="Create your first trade plan to get started"
      filtered={filtered}
    >
      {before.length > 0 && (
        <p className="empty-next">
          A plan names its setup and the edges behind it. First:{' '}
          {before.map(([href, label], i) => (
            <span key={href}>
              {i > 0 && ', then '}
              <Link href={href}>{label}</Link>
            </span>
          ))}
          .
        </p>
      )}
      <button type="button" onClick={onCreate}>
        Create Your First Trade Plan
      </button>
    </EmptyState>
  );
}
