import { notices } from '../../domain/appMessages.ts';
import { IMPORT_THROTTLE_MINUTES } from '../../domain/constants.ts';
import type { ImportResult } from '../../domain/types.ts';
import { api } from '../api/http.ts';
import { cacheOwner, db, metaKeys } from '../db/db.ts';
import { isOffline } from '../sync/connectivity.ts';
import { syncNow } from '../sync/sync.ts';
import { announce } from '../ui/notices.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';

/** Imports under way (when the app opens or regains focus, from "Sync trades"), for their progress to show. */
let running = 0;
const listeners = new Set<() => void>();
const changed = (delta: number) => {
  running += delta;
  for (const l of listeners) l();
};
export const isImporting = (): boolean => running > 0;
export function onImportChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the trader's last import started, as the server said; undefined before the first. */
export async function lastImportedAt(): Promise<string | undefined> {
  return (await db.meta.get(metaKeys.fillsImportedAt))?.value || undefined;
}

/** The last import's time, read live from the cache ("Fills imported … ago"). */
export const useLastImportedAt = () => useLiveQuery(lastImportedAt, []);

/** Kept for "Fills imported … ago", offline and after a reload too, while the cache is still the trader's. */
async function keepImportedAt(at: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    if (await cacheOwner()) await db.meta.put({ key: metaKeys.fillsImportedAt, value: at });
  });
}

/**
 * Has the server import the broker's new fills now, then syncs: the fills and what new fills
 * reach (the trades built from them, the setups' scores) come in the one answer. The server
 * imports at most once per trader every IMPORT_THROTTLE_MINUTES and otherwise answers
 * `throttled` with the last import's time. An import needs the broker, so it is never queued:
 * offline it simply fails. Importing twice imports nothing the second time, so a repeat is
 * harmless. `syncAfter: 'news'` syncs only when fills came (the background's: a sync runs anyway
 * when the app opens or regains focus).
 */
export async function importTrades({ syncAfter = 'always' }: { syncAfter?: 'always' | 'news' } = {}) {
  changed(1);
  try {
    const result = await api<ImportResult>('/trades/import', { method: 'POST' });
    await keepImportedAt(result.importedAt);
    if (syncAfter === 'always' || result.imported > 0) await syncNow();
    return result;
  } finally {
    changed(-1);
  }
}

let inBackground: Promise<void> | undefined;

/**
 * The import the app starts when it opens and when it regains focus, online (docs/product.md,
 * "Trades"), in the background: the trader did not ask for it, so only news is announced, and a
 * failure stays quiet ("Sync trades" says why when asked). Not asked at all while an import runs
 * in this tab, or when the last one (by any tab or device, as the server last said) is younger
 * than the server's throttle: its answer is known.
 */
export function importInBackground(now = new Date()): Promise<void> {
  if (isOffline() || running > 0 || inBackground) return inBackground ?? Promise.resolve();
  inBackground = (async () => {
    const last = await lastImportedAt();
    const age = last === undefined ? Number.POSITIVE_INFINITY : now.getTime() - Date.parse(last);
    if (age >= 0 && age < IMPORT_THROTTLE_MINUTES * 60_000) return;
    const result = await importTrades({ syncAfter: 'news' });
    if (result.imported > 0) announce(notices.fillsImported(result.imported));
  })()
    .catch(() => {})
    .finally(() => {
      inBackground = undefined;
    });
  return inBackground;
}
