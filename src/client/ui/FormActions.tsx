/** A form's Cancel and submit buttons; the submit shows it is busy while the save runs. */
export function FormActions({
  submitLabel,
  saving,
  onCancel,
}: {
  submitLabel: string;
  saving: boolean;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <footer className="dialog-actions">
      {onCancel && (
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
      <button type="submit" aria-busy={saving} disabled={saving}>
        {submitLabel}
      </button>
    </footer>
  );
}
