import { lazy, Suspense, useState } from 'react';
import { logout } from '../serverData/session.ts';
import { pendingChangeCount } from '../sync/outbox.ts';

const LogoutDialog = lazy(() => import('./LogoutDialog.tsx'));

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
        <Suspense fallback={null}>
          <LogoutDialog
            unsaved={unsaved}
            busy={busy}
            onCancel={() => setUnsaved(undefined)}
            onLeave={() => void leave()}
          />
        </Suspense>
      )}
    </>
  );
}
