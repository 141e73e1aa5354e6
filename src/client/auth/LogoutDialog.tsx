import { frameMessages } from '../../domain/appMessages.ts';
import { Modal } from '../ui/Modal.tsx';

/**
 * "Log out?" when changes made offline would be thrown away unsent. Loaded only when asked, so
 * the frame's first download carries no dialog.
 */
export default function LogoutDialog({
  unsaved,
  busy,
  onCancel,
  onLeave,
}: {
  unsaved: number;
  busy: boolean;
  onCancel: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal title="Log out?" onClose={onCancel}>
      <p>{frameMessages.logoutWithUnsavedChanges(unsaved)}</p>
      <footer className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="danger" aria-busy={busy} disabled={busy} onClick={onLeave}>
          Log out
        </button>
      </footer>
    </Modal>
  );
}
