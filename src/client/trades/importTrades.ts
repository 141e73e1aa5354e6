import { notices } from '../../domain/messages.ts';
import type { ImportResult } from '../../domain/types.ts';
import { api } from '../api/http.ts';
import { affectedBy } from '../sync/affects.ts';
import { pullAll } from '../sync/sync.ts';
import { announce } from '../ui/notices.ts';

/**
 * Has the server import the broker's new fills now, then re-reads the fills and what new fills
 * reach (the trades built from them, the setups' scores). An import needs the broker, so it is never queued: offline it simply fails. Importing
 * twice imports nothing the second time, so a repeat is harmless.
 */
export async function importTrades(): Promise<ImportResult> {
  const result = await api<ImportResult>('/trades/import', { method: 'POST' });
  await pullAll(['executions', ...affectedBy('executions', 'POST')]);
  return result;
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
