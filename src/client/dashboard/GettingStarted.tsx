import { Link } from 'wouter';
import { firstSteps } from '../../domain/appMessages.ts';
import { useFirstStepsDone } from '../ui/cacheReads.ts';

/**
 * A new trader's first steps (docs/product.md, "First run"): define an edge, describe a setup,
 * write a plan; each ticked once done, the whole list gone once the journal has a plan. Not
 * before the first sync: an empty cache is not an empty journal.
 */
export function GettingStarted() {
  const done = useFirstStepsDone();
  if (!done) return null;
  return (
    <article className="getting-started" aria-labelledby="getting-started-title">
      <h2 id="getting-started-title">Getting started</h2>
      <p>
        Your broker's trades come in by themselves: see <Link href="/trades">Trades</Link>. To plan your next
        ones:
      </p>
      <ol>
        {firstSteps.map(([href, label, what], i) => (
          <li key={href} className={done[i] ? 'done' : undefined}>
            <span className="step-mark" aria-hidden="true">
              {done[i] ? '✓' : i + 1}
            </span>
            <div>
              {done[i] && <span className="visually-hidden">Done: </span>}
              <Link href={href}>{label}</Link>
              <small>{what}</small>
            </div>
          </li>
        ))}
      </ol>
    </article>
  );
}
