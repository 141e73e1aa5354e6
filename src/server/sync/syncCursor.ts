// The sync cursor as the client holds it (docs/architecture.md, "The sync protocol"). Inside, it
// is the database's transaction counter (db/changeStamps.ts), which every trader's writes move:
// handed out as it is, two syncs would tell a trader how much everyone else wrote in between.
// So it is sealed: encrypted with the server's data key and a fresh IV each time, and bound to the
// trader, so a cursor reads the same whatever happened meanwhile, and only its own trader's sync
// can open it.
import type { TokenCipher } from '../auth/tokenCipher.ts';
import { isCursor } from '../db/changeStamps.ts';

/** What a sealed cursor looks like (auth/tokenCipher.ts's `v1.iv.tag.body`, base64url). */
const SEALED = /^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]{1,32}$/;

/** What a client's `since` holds: a counter to sync from, one to start again from, or no cursor at all. */
export type OpenedCursor = { since: string } | { fromScratch: true } | undefined;

export function createSyncCursors(cipher: TokenCipher) {
  const context = (userId: string) => `sync-cursor:${userId}`;
  return {
    seal: (userId: string, counter: string): string => cipher.encrypt(counter, context(userId)),
    /**
     * The counter a cursor holds. A cursor that is well formed but cannot be opened (sealed with
     * another key, for another trader) or an older server's bare counter starts the sync again from
     * everything, as a cursor from another database does: the client then holds a good one.
     * Anything else is no cursor (undefined).
     */
    open(userId: string, text: string): OpenedCursor {
      if (isCursor(text)) return { fromScratch: true };
      if (!SEALED.test(text)) return undefined;
      try {
        const counter = cipher.decrypt(text, context(userId));
        return isCursor(counter) ? { since: counter } : { fromScratch: true };
      } catch {
        return { fromScratch: true };
      }
    },
  };
}

export type SyncCursors = ReturnType<typeof createSyncCursors>;
