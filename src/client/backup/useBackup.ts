import { useState } from 'react';
import {
  type Backup,
  type BackupCounts,
  backupCounts,
  checkBackup,
  type RestoreResult,
  totalOf,
} from '../../domain/backup.ts';
import { backupFallbackMessages, backupMessages, backupNotices } from '../../domain/backupMessages.ts';
import { BACKUP_MAX_MEGABYTES } from '../../domain/constants.ts';
import type { CsvExportKind } from '../../domain/csvExports.ts';
import { nestsDeeperThan } from '../../domain/jsonDepth.ts';
import { errorMessage } from '../api/http.ts';
import { downloadBackup, RestoreRefused, resyncAfterRestore, sendBackup } from '../serverData/restore.ts';
import { announce } from '../ui/notices.ts';
import { exportCsv } from './csvExport.ts';
import { readText } from './files.ts';

/** A CSV being built: which, and how many of its rows are written. */
export interface CsvProgress {
  kind: CsvExportKind;
  done: number;
  total: number;
}

/** The three CSV downloads, one at a time, with their progress. */
export function useCsvExport() {
  const [progress, setProgress] = useState<CsvProgress>();
  const [error, setError] = useState<string>();

  async function run(kind: CsvExportKind) {
    setError(undefined);
    setProgress({ kind, done: 0, total: 0 });
    try {
      const name = await exportCsv(kind, (done, total) => setProgress({ kind, done, total }));
      announce(backupNotices.csvExported(name));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(undefined);
    }
  }
  return { progress, error, dismissError: () => setError(undefined), run };
}

/** "Download backup": the server's copy of the whole journal. */
export function useBackupDownload() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function run() {
    setBusy(true);
    setError(undefined);
    try {
      await downloadBackup();
      announce(backupNotices.backupDownloaded);
    } catch (e) {
      setError(errorMessage(e, backupFallbackMessages.downloadBackup));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, dismissError: () => setError(undefined), run };
}

/**
 * The restore, step by step: a file chosen and checked on the device (the server's own checks
 * and messages), its summary confirmed, sent, restored on the server, and everything synced again.
 */
export type RestoreStep =
  | { step: 'idle' }
  | { step: 'reading' }
  | { step: 'confirm'; fileName: string; text: string; backup: Backup; counts: BackupCounts }
  | { step: 'sending'; sent: number; total: number }
  | { step: 'restoring' }
  | { step: 'syncing' }
  | { step: 'done'; result: RestoreResult };

export function useRestore() {
  const [state, setState] = useState<RestoreStep>({ step: 'idle' });
  const [error, setError] = useState<string>();

  async function choose(file: File | undefined) {
    setError(undefined);
    if (!file) return setState({ step: 'idle' });
    if (file.size > BACKUP_MAX_MEGABYTES * 1024 * 1024) {
      setState({ step: 'idle' });
      return setError(backupMessages.tooLarge);
    }
    setState({ step: 'reading' });
    let text = '';
    let parsed: unknown;
    try {
      text = await readText(file);
      // Nested thousands deep, checking it would overflow the stack: no backup nests so.
      parsed = nestsDeeperThan(text) ? undefined : JSON.parse(text);
    } catch {
      // Unreadable, or not JSON: either way not a backup, as checkBackup says of undefined.
      parsed = undefined;
    }
    const checked = checkBackup(parsed, new Date());
    if (!checked.ok) {
      setState({ step: 'idle' });
      return setError(checked.message);
    }
    setState({
      step: 'confirm',
      fileName: file.name,
      text,
      backup: checked.value,
      counts: backupCounts(checked.value),
    });
  }

  async function confirm() {
    if (state.step !== 'confirm') return;
    setError(undefined);
    setState({ step: 'sending', sent: 0, total: state.text.length });
    try {
      const result = await sendBackup(state.text, (sent, total) =>
        setState(sent < total ? { step: 'sending', sent, total } : { step: 'restoring' }),
      );
      setState({ step: 'syncing' });
      await resyncAfterRestore();
      setState({ step: 'done', result });
      announce(backupNotices.backupRestored(totalOf(result.restored), totalOf(result.skipped)));
    } catch (e) {
      setState({ step: 'idle' });
      setError(e instanceof RestoreRefused ? e.message : backupFallbackMessages.restoreBackup);
    }
  }

  return {
    state,
    error,
    choose,
    confirm,
    cancel: () => setState({ step: 'idle' }),
    dismissError: () => setError(undefined),
  };
}
