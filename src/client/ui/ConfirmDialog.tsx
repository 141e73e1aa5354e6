import { Modal } from './Modal.tsx';

interface ConfirmDialogProps {
  title: string;
  /** The name shown in quotes in the spec's sentence. */
  name: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  title,
  name,
  confirmLabel = 'Delete',
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel}>
      <p>Are you sure you want to delete "{name}"? This action cannot be undone.</p>
      <footer className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="danger" aria-busy={busy} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </footer>
    </Modal>
  );
}
