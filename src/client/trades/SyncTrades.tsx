import { useId, useState, useSyncExternalStore } from 'react';
import { fallbackMessages, notices, skippedSummary } from '../../domain/messages.ts';
import { errorMessage } from '../api/http.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { announce } from '../ui/notices.ts';
import { useOffline } from '../ui/useOffline.ts';
import { importTrades, isImporting, onImportChange } from './importTrades.ts';

/**
 * "Sync trades": imports the broker's new fills now. It shows it is busy while the broker is
 * asked, then says what came ("12 fills imported", "No new fills") and what the broker reported
 * that was not imported, and why. Offline it cannot reach the
 * broker, so it is disabled and says why. An import under way, this one or the one a sign-in
 * starts (a first one reaches back a year), shows as a progress bar.
 */
export function SyncTrades() {
  const offline = useOffline();
  const importing = useSyncExternalStore(onImportChange, isImporting);
  const [asked, setAsked] = useState(false);
  const busy = asked || importing;
  const [error, setError] = useState<string>();
  // What the last import asked here left out, and why ("Not imported: 1 not a stock or ETF").
  const [notImported, setNotImported] = useState<string | null>(null);
  const hintId = useId();

  async function sync() {
    setAsked(true);
    setError(undefined);
    try {
      const { imported, skippedReasons } = await importTrades();
      announce(notices.fillsImported(imported));
      setNotImported(skippedSummary(skippedReasons ?? {}));
    } catch (e) {
      setError(errorMessage(e, fallbackMessages.importTrades));
    } finally {
      setAsked(false);
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
      {importing && (
        <div className="import-progress" role="status">
          <progress aria-label="Importing fills from your broker" />
          <small className="hint">Importing your broker's fills…</small>
        </div>
      )}
      {notImported && <small className="hint">{notImported}</small>}
      {offline && (
        <small id={hintId} className="hint">
          Syncing trades needs a connection to your broker
        </small>
      )}
      {error && <ErrorBanner message={error} onDismiss={() => setError(undefined)} />}
    </>
  );
}
