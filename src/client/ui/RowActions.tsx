import { type ReactNode, useId } from 'react';

interface RowActionsProps {
  onEdit: () => void;
  /** With the Delete button pressed (where focus starts from once the row is gone). */
  onDelete: (button: HTMLButtonElement) => void;
  /** Why Edit is not allowed (a discarded plan), said beside the disabled button. */
  editDisabledReason?: string | undefined;
  /** Controls before Edit (a plan's status dropdown). */
  children?: ReactNode;
}

/** The Actions cell of a list row: Edit and Delete. */
export function RowActions({ onEdit, onDelete, editDisabledReason, children }: RowActionsProps) {
  const reasonId = useId();
  return (
    <td data-label="Actions" className="row-actions">
      {children}
      <button
        type="button"
        className="outline"
        disabled={editDisabledReason !== undefined}
        aria-describedby={editDisabledReason ? reasonId : undefined}
        onClick={onEdit}
      >
        Edit
      </button>
      <button type="button" className="outline danger" onClick={(e) => onDelete(e.currentTarget)}>
        Delete
      </button>
      {editDisabledReason && (
        <small id={reasonId} className="disabled-reason">
          {editDisabledReason}
        </small>
      )}
    </td>
  );
}
