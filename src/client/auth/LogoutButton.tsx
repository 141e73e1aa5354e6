import { useState } from 'react';
import { frameMessages } from '../../domain/appMessages.ts';
import { logout } from '../serverData/session.ts';
import { pendingChangeCount } from '../sync/outbox.ts';
import { Modal } from '../ui/Modal.tsx';

/** Logout, which asks first when changes made offline would be thrown away unsent. */
export function LogoutButton() {
  const [unsaved, setUnsaved] = useState<number>();
  const [busy, setBusy] = useState(false);

  async function leave() {
    setBusy(true);
    await logout();
  }
  async function askFirst() {
    const waiting = await pendingChangeCount();
    if (waiting > 0) setUnsaved(waiting);
    else await leave();
  }

  return (
    <>
      <button type="button" className="secondary outline logout" onClick={() => void askFirst()}>
        Logout
      </button>
      {unsaved !== undefined && (
        <Modal title="Log out?" onClose={() => setUnsaved(undefined)}>
          <p>{frameMessages.logoutWithUnsavedChanges(unsaved)}</p>
          <footer className="dialog-actions">
            <button type="button" className="secondary" onClick={() => setUnsaved(undefined)}>
              Cancel
            </button>
            <button
              type="button"
              className="danger"
              aria-busy={busy}
              disabled={busy}
              onClick={() => void leave()}
            >
              Log out
            </button>
          </footer>
        </Modal>
      )}
    </>
  );
}
