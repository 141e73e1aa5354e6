import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { BACKUP_COLLECTIONS, type BackupCollection, type BackupCounts } from '../../domain/backup.ts';
import type { CsvExportKind } from '../../domain/csvExports.ts';
import { formatTimestamp } from '../../domain/format.ts';
import { PAGE_HEADINGS } from '../../domain/pages.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { useOffline } from '../ui/useOffline.ts';
import {
  type CsvProgress,
  type RestoreStep,
  useBackupDownload,
  useCsvExport,
  useRestore,
} from './useBackup.ts';
import './backup.css';
import { TableHead } from '../ui/TableHead.tsx';

const heading = PAGE_HEADINGS['/backup'];

// Its own chunk: the Push API code loads only when the page shows it.
const NotificationsSection = lazy(() => import('../alerts/NotificationsSection.tsx'));

const CSV_EXPORTS: readonly [CsvExportKind, string][] = [
  ['tradePlans', 'Trade plans'],
  ['trades', 'Trades'],
  ['executions', 'Fills'],
];

/** What each part of a backup is, in the trader's words: as a heading, and counted (one, more). */
const PARTS: Record<BackupCollection, [heading: string, one: string, more: string]> = {
  accounts: ['Account settings', "account's settings", "accounts' settings"],
  edges: ['Edges', 'edge', 'edges'],
  tradeSetups: ['Trade setups', 'trade setup', 'trade setups'],
  tradePlans: ['Trade plans', 'trade plan', 'trade plans'],
  executions: ['Fills recorded by hand', 'fill recorded by hand', 'fills recorded by hand'],
  tradeAnnotations: [
    'Trade links, stops and notes',
    "trade's link, stop and notes",
    "trades' links, stops and notes",
  ],
  traderSettings: ['Settings', 'settings record', 'settings records'],
};

// A backup never carries whether an account allows orders (docs/product.md, "Orders").
const ORDERS_NOT_RESTORED =
  "Orders from Trade Tracker are not part of a backup: each account keeps them on or off as they are on this server. Turn them on in each account's settings.";

/**
 * Export and backup (docs/product.md, "Export and backup"): three CSV files from this device's
 * cache (so offline too), the server's full backup, and a restore from one; and this device's
 * notifications (docs/product.md, "Alerts").
 */
export default function BackupPage() {
  return (
    <section className="backup-page">
      <PageHeading {...heading} />
      <CsvSection />
      <DownloadSection />
      <RestoreSection />
      <Suspense fallback={null}>
        <NotificationsSection />
      </Suspense>
    </section>
  );
}

function CsvSection() {
  const csv = useCsvExport();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId}>
      <h2 id={titleId}>Spreadsheet (CSV)</h2>
      <p className="muted">
        One file each, with a header row, ISO dates and plain numbers. Made from what this device holds, so it
        works offline too.
      </p>
      <div className="backup-actions">
        {CSV_EXPORTS.map(([kind, label]) => (
          <button
            key={kind}
            type="button"
            className="outline backup-button"
            disabled={csv.progress !== undefined}
            aria-busy={csv.progress?.kind === kind}
            onClick={() => void csv.run(kind)}
          >
            {label} (CSV)
          </button>
        ))}
      </div>
      {csv.progress && <CsvProgressBar progress={csv.progress} />}
      {csv.error && <ErrorBanner message={csv.error} onDismiss={csv.dismissError} />}
    </article>
  );
}

function CsvProgressBar({ progress }: { progress: CsvProgress }) {
  const label = CSV_EXPORTS.find(([kind]) => kind === progress.kind)?.[1] ?? '';
  return (
    <div className="backup-progress">
      <progress
        aria-label={`Writing ${label.toLowerCase()} CSV`}
        value={progress.total > 0 ? progress.done : undefined}
        max={progress.total > 0 ? progress.total : undefined}
      />
      <small className="muted">
        {progress.done} of {progress.total} rows
      </small>
    </div>
  );
}

function DownloadSection() {
  const offline = useOffline();
  const download = useBackupDownload();
  const titleId = useId();
  const hintId = useId();
  return (
    <article aria-labelledby={titleId}>
      <h2 id={titleId}>Full backup</h2>
      <p className="muted">
        Everything in one file: edges, setups, plans, fills recorded by hand, what you attached to your trades
        and your account settings. Your broker's fills are imported again after a restore.
      </p>
      <div className="backup-actions">
        <button
          type="button"
          className="backup-button"
          aria-busy={download.busy}
          disabled={download.busy || offline}
          aria-describedby={offline ? hintId : undefined}
          onClick={() => void download.run()}
        >
          Download backup
        </button>
      </div>
      {offline && (
        <small id={hintId} className="hint">
          Downloading a backup needs a connection to the server
        </small>
      )}
      {download.error && <ErrorBanner message={download.error} onDismiss={download.dismissError} />}
    </article>
  );
}

function RestoreSection() {
  const offline = useOffline();
  const restore = useRestore();
  const input = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLElement>(null);
  const titleId = useId();
  const hintId = useId();
  const { state } = restore;
  const busy = !['idle', 'confirm', 'done'].includes(state.step);

  // What the file led to (its summary, the progress, the result or why not) is below the file
  // picker, out of sight on a phone: it is brought into view, and the summary takes the focus.
  useEffect(() => {
    if (state.step === 'idle' && !restore.error) return;
    outcome.current?.scrollIntoView({ block: 'nearest' });
    if (state.step === 'confirm') summary.current?.focus({ preventScroll: true });
  }, [state.step, restore.error]);

  function reset() {
    restore.cancel();
    if (input.current) input.current.value = '';
  }

  return (
    <article aria-labelledby={titleId}>
      <h2 id={titleId}>Restore from backup</h2>
      <p className="muted">
        Adds a backup's records to this journal; what is already here stays. If anything in the backup clashes
        with your journal, nothing is restored and you are told why.
      </p>
      <label>
        Backup file
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          disabled={offline || busy}
          aria-describedby={offline ? hintId : undefined}
          onChange={(e) => void restore.choose(e.currentTarget.files?.[0])}
        />
      </label>
      {offline && (
        <small id={hintId} className="hint">
          Restoring needs a connection to the server
        </small>
      )}
      <div ref={outcome} className="restore-outcome">
        {restore.error && <ErrorBanner message={restore.error} onDismiss={restore.dismissError} />}
        {state.step === 'confirm' && (
          <section ref={summary} tabIndex={-1} className="restore-summary" aria-label="What will be restored">
            <h3>Restore this backup?</h3>
            <p>
              Made {formatTimestamp(state.backup.exportedAt)} ({state.fileName}). It holds:
            </p>
            <Counts counts={state.counts} />
            <p className="muted">{ORDERS_NOT_RESTORED}</p>
            <div className="backup-actions">
              <button type="button" className="secondary backup-button" onClick={reset}>
                Cancel
              </button>
              <button
                type="button"
                className="backup-button"
                disabled={offline}
                onClick={() => void restore.confirm()}
              >
                Restore
              </button>
            </div>
          </section>
        )}
        <RestoreProgress state={state} />
        {state.step === 'done' && (
          <section className="restore-summary" aria-label="Restored">
            <h3>Backup restored</h3>
            <table className="restore-result">
              <TableHead columns={['What', 'Added', 'Already here']} />
              <tbody>
                {BACKUP_COLLECTIONS.map((c) => (
                  <tr key={c}>
                    <th scope="row">{PARTS[c][0]}</th>
                    <td>{state.result.restored[c]}</td>
                    <td>{state.result.skipped[c]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="muted">{ORDERS_NOT_RESTORED}</p>
          </section>
        )}
      </div>
    </article>
  );
}

function Counts({ counts }: { counts: BackupCounts }) {
  return (
    <ul className="restore-counts">
      {BACKUP_COLLECTIONS.map((c) => (
        <li key={c} className="restore-count">
          <strong>{counts[c]}</strong> {counts[c] === 1 ? PARTS[c][1] : PARTS[c][2]}
        </li>
      ))}
    </ul>
  );
}

/** The restore's progress: the upload measured, then the server's work and the sync unmeasured. */
function RestoreProgress({ state }: { state: RestoreStep }) {
  const steps: Partial<Record<RestoreStep['step'], string>> = {
    reading: 'Reading the backup…',
    sending: 'Sending the backup…',
    restoring: 'Restoring on the server…',
    syncing: 'Bringing the restored records to this device…',
  };
  const text = steps[state.step];
  if (!text) return null;
  const measured = state.step === 'sending' && state.total > 0;
  return (
    <div className="backup-progress" role="status">
      <progress
        aria-label="Restoring the backup"
        value={measured ? state.sent : undefined}
        max={measured ? state.total : undefined}
      />
      <small className="muted">{text}</small>
    </div>
  );
}
