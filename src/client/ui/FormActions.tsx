/**
 * A form's or a dialog's two buttons, Cancel (or `cancelLabel`) and the action; the action shows it
 * is busy while it runs. In a form the action submits it; with `onSubmit` it is a button of its own
 * (a dialog's confirm), `disabled` too when it cannot run (offline).
 */
export function FormActions({
  submitLabel,
  saving,
  onCancel,
  cancelLabel = 'Cancel',
  cancelDisabled = false,
  onSubmit,
  disabled = false,
  danger = false,
}: {
  submitLabel: string;
  saving?: boolean;
  /** Absent: no Cancel (a form on a page, not in a dialog). */
  onCancel?: (() => void) | undefined;
  cancelLabel?: string;
  cancelDisabled?: boolean;
  onSubmit?: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <footer className="dialog-actions">
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel} disabled={cancelDisabled || undefined}>
          {cancelLabel}
        </button>
      )}
      <button
        type={onSubmit ? 'button' : 'submit'}
        className={danger ? 'danger' : undefined}
        aria-busy={saving}
        disabled={saving || disabled}
        onClick={onSubmit}
      >
        {submitLabel}
      </button>
    </footer>
  );
}
