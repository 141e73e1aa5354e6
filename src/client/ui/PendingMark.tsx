import './feedback.css';

/** Marks a row changed offline and not yet on the server. */
export function PendingMark({ row }: { row: object }) {
  if (!(row as { pendingSync?: boolean }).pendingSync) return null;
  return <small className="pending-mark"> (not yet saved)</small>;
}
