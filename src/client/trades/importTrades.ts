import { notices } from '../../domain/messages.ts';
import type { ImportResult } from '../../domain/types.ts';
import { api } from '../api/http.ts';
import { syncNow } from '../sync/sync.ts';
import { announce } from '../ui/notices.ts';

/** Imports under way (after a sign-in, from "Sync trades"), for their progress to show. */
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

/**
 * Has the server import the broker's new fills now, then syncs: the fills and what new fills
 * reach (the trades built from them, the setups' scores) come in the one answer. An import needs
 * the broker, so it is never queued: offline it simply fails. Importing twice imports nothing the
 * second time, so a repeat is harmless.
 */
export async function importTrades(): Promise<ImportResult> {
  changed(1);
  try {
    const result = await api<ImportResult>('/trades/import', { method: 'POST' });
    await syncNow();
    return result;
  } finally {
    changed(-1);
  }
}

/**
 * The import every sign-in starts (docs/product.md, "Trades"), in the background: the trader did
 * not ask for it, so only news is announced, and a failure stays quiet ("Sync trades" says why
 * when asked).
 */
export function importAfterSignIn(): void {
  importTrades().then(
    (result) => {
      if (result.imported > 0) announce(notices.fillsImported(result.imported));
    },
    () => {},
  );
}
