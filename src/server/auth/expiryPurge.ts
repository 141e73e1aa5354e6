import type { Database } from '../db/database.ts';
import { purgeExpired } from './sessionStore.ts';

/** Often enough that expired states (10 minutes) never pile up; rare enough to cost nothing. */
export const PURGE_EVERY_MS = 10 * 60_000;

/**
 * Purges expired OAuth states and sessions once now and then on a timer, so no request pays for
 * it and a flood of sign-ins leaves nothing behind once it expires. The timer does not keep the
 * process alive; stop() waits for a purge in progress, so the database can close after it.
 */
export function startExpiryPurge(
  db: Database,
  now: () => Date,
  everyMs = PURGE_EVERY_MS,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const purge = () => {
    running = running.then(() =>
      purgeExpired(db, now()).catch((error: Error) =>
        console.warn('Purging expired sign-ins failed:', error.message),
      ),
    );
  };
  purge();
  const timer = setInterval(purge, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return running;
    },
  };
}
