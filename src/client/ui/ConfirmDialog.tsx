import { FormActions } from './FormActions.tsx';
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
      <FormActions submitLabel={confirmLabel} danger saving={busy} onSubmit={onConfirm} onCancel={onCancel} />
    </Modal>
  );
}
