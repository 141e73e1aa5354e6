import type { ReactNode } from 'react';
import { Link } from 'wouter';

interface EmptyStateProps {
  title: string;
  /** What the trader can do to fill the list; `filtered` replaces it with adjusting the search. */
  hint?: string;
  /** A search or filter hides every row. */
  filtered?: boolean;
  /** An action under the text (the setups' "Create Your First Trade Setup"); not when filtered. */
  children?: ReactNode;
  /** The step a new trader takes after this one (docs/product.md, "First run"); not when filtered. */
  next?: readonly [href: string, label: string, ...unknown[]];
}

/** What a list page shows when no row is visible: what is missing, then what to do about it. */
export function EmptyState({ title, hint, filtered, children, next }: EmptyStateProps) {
  const shownHint = filtered ? 'Try adjusting your search criteria or filters' : hint;
  return (
    <div className="empty-state">
      <p>{title}</p>
      {shownHint && <small>{shownHint}</small>}
      {!filtered && children}
      {!filtered && next && (
        <p className="empty-next">
          Next: <Link href={next[0]}>{next[1]}</Link>
        </p>
      )}
    </div>
  );
}
