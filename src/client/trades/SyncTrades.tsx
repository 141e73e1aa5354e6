import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { fallbackMessages, notices } from '../../domain/appMessages.ts';
import { IMPORT_THROTTLE_MINUTES } from '../../domain/constants.ts';
import { formatAgo, formatWait } from '../../domain/format.ts';
import { skippedSummary } from '../../domain/messages.ts';
import { errorMessage } from '../api/http.ts';
import { importTrades, isImporting, onImportChange, useLastImportedAt } from '../serverData/importTrades.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { announce } from '../ui/notices.ts';
import { useOffline } from '../ui/useOffline.ts';

/** "… ago" moves on by itself: the time is read again every half minute. */
const AGO_REFRESH_MS = 30_000;

function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * "Sync trades": imports the broker's new fills now. It shows it is busy while the broker is
 * asked, then says what came ("12 fills imported", "No new fills") and what the broker reported
 * that was not imported, and why, or, within the server's throttle, when it can run again.
 * Beside it, when the last import was ("Fills imported 3 min ago", from the cache: offline and
 * after a reload too). Offline it cannot reach the broker, so it is disabled and says why. An
 * import under way, this one or one the app started in the background (a first one reaches back
 * a year), shows as a progress bar.
 */
export function SyncTrades() {
  const offline = useOffline();
  const importing = useSyncExternalStore(onImportChange, isImporting);
  const importedAt = useLastImportedAt();
  const now = useNow(AGO_REFRESH_MS);
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
      const result = await importTrades();
      if (result.throttled) {
        const at = new Date();
        const wait = Date.parse(result.importedAt) + IMPORT_THROTTLE_MINUTES * 60_000 - at.getTime();
        announce(notices.importThrottled(formatAgo(result.importedAt, at), formatWait(wait)));
      } else announce(notices.fillsImported(result.imported));
      setNotImported(skippedSummary(result.skippedReasons ?? {}));
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
      {importedAt && (
        <small className="import-age">{notices.fillsImportedAgo(formatAgo(importedAt, now))}</small>
      )}
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
