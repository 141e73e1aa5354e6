import { useId, useState } from 'react';
import { fallbackMessages, notices } from '../../domain/messages.ts';
import { errorMessage } from '../api/http.ts';
import { useOffline } from '../sync/connectivity.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { announce } from '../ui/notices.ts';
import { importTrades } from './importTrades.ts';

/**
 * "Sync trades": imports the broker's new fills now. It shows it is busy while the broker is
 * asked, then says what came ("12 fills imported", "No new fills"). Offline it cannot reach the
 * broker, so it is disabled and says why.
 */
export function SyncTrades() {
  const offline = useOffline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const hintId = useId();

  async function sync() {
    setBusy(true);
    setError(undefined);
    try {
      const { imported } = await importTrades();
      announce(notices.fillsImported(imported));
    } catch (e) {
      setError(errorMessage(e, fallbackMessages.importTrades));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="outline"
        aria-busy={busy}
        disabled={busy || offline}
        aria-describedby={offline ? hintId : undefined}
        onClick={() => void sync()}
      >
        Sync trades
      </button>
      {offline && (
        <small id={hintId} className="hint">
          Syncing trades needs a connection to your broker
        </small>
      )}
      {error && <ErrorBanner message={error} onDismiss={() => setError(undefined)} />}
    </>
  );
}
