import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  /** What the trader can do to fill the list; `filtered` replaces it with adjusting the search. */
  hint?: string;
  /** A search or filter hides every row. */
  filtered?: boolean;
  /** An action under the text (the setups' "Create Your First Trade Setup"). */
  children?: ReactNode;
}

/** What a list page shows when no row is visible: what is missing, then what to do about it. */
export function EmptyState({ title, hint, filtered, children }: EmptyStateProps) {
  const shownHint = filtered ? 'Try adjusting your search criteria or filters' : hint;
  return (
    <div className="empty-state">
      <p>{title}</p>
      {shownHint && <small>{shownHint}</small>}
      {children}
    </div>
  );
}
