import type { RestoreResult } from '../../domain/backup.ts';
import { backupFallbackMessages } from '../../domain/backupMessages.ts';
import { API_TIMEOUT_MS } from '../../domain/constants.ts';
import { messages } from '../../domain/messages.ts';
import { api, apiBaseUrl } from '../api/http.ts';
import { localDay, saveFile } from '../backup/files.ts';
import { reportApiReachable } from '../sync/connectivity.ts';
import { syncNow } from '../sync/sync.ts';

/** A restore of a large journal takes the server a while: far longer than an ordinary call. */
const RESTORE_TIMEOUT_MS = 10 * API_TIMEOUT_MS;

/** The server's refusal of a restore, in its own words. */
export class RestoreRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** The journal as the server has it (GET /api/v1/backup), saved as a file as it came. */
export async function downloadBackup(): Promise<void> {
  const text = await api('/backup', { responseType: 'text' });
  saveFile(`trade-tracker-backup-${localDay()}.json`, [text], 'application/json');
}

/**
 * Sends a backup to be restored (POST /api/v1/backup), reporting the upload's progress: a large
 * journal is megabytes, and a phone's upload is slow. XMLHttpRequest, since fetch reports none.
 */
export function sendBackup(
  text: string,
  onUpload: (sent: number, total: number) => void,
): Promise<RestoreResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBaseUrl}/api/v1/backup`);
    xhr.withCredentials = true;
    xhr.timeout = RESTORE_TIMEOUT_MS;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onUpload(e.loaded, e.total);
    };
    xhr.onload = () => {
      reportApiReachable(true);
      let body: { message?: unknown } | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as unknown as RestoreResult);
      if (xhr.status === 401) console.warn(messages.authRequired);
      const message = typeof body?.message === 'string' && body.message !== '' ? body.message : undefined;
      reject(new RestoreRefused(message ?? backupFallbackMessages.restoreBackup, xhr.status));
    };
    xhr.onerror = () => {
      reportApiReachable(false);
      reject(new RestoreRefused(backupFallbackMessages.restoreBackup, 0));
    };
    xhr.ontimeout = () => reject(new RestoreRefused(backupFallbackMessages.restoreBackup, 0));
    xhr.send(text);
  });
}

/** After a restore, everything is read again, so the restored records show on every page. */
export const resyncAfterRestore = (): Promise<void> => syncNow();
