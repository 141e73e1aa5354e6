import type { ReactNode } from 'react';

interface RowActionsProps {
  onEdit: () => void;
  onDelete: () => void;
  /** Edit is offered but not allowed (a discarded plan). */
  editDisabled?: boolean;
  /** Controls before Edit (a plan's status dropdown). */
  children?: ReactNode;
}

/** The Actions cell of a list row: Edit and Delete. */
export function RowActions({ onEdit, onDelete, editDisabled = false, children }: RowActionsProps) {
  return (
    <td data-label="Actions" className="row-actions">
      {children}
      <button type="button" className="outline" disabled={editDisabled} onClick={onEdit}>
        Edit
      </button>
      <button type="button" className="outline danger" onClick={onDelete}>
        Delete
      </button>
    </td>
  );
}
