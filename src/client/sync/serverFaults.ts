// A queued change the server fails on again and again (docs/architecture.md, "One change, online
// and offline"): loaded by the outbox only when a replay meets a 5xx.

import { api } from '../api/http.ts';

/** What the refused list says of a change the server failed on again and again (docs/product.md, "Offline and sync"). */
export const CHANGE_NOT_SAVED = 'The server could not save this change';

import type { OutboxEntry, TradeTrackerDb } from '../db/db.ts';

/**
 * How many 5xx answers in a row, over at least how long, make a queued change's failure its own
 * rather than the server's passing fault (a database restarting, a deploy).
 */
const SERVER_FAILURES_TO_SET_ASIDE = 5;
const SERVER_FAILURES_SPAN_MS = 15 * 60_000;

/**
 * After a 5xx to the queue's first change: whether it is set aside. It is kept (its count of
 * failures noted on its row) unless it has failed SERVER_FAILURES_TO_SET_ASIDE times over at least
 * SERVER_FAILURES_SPAN_MS and the server answers another call that reads its database: then the
 * fault is this change's, and it is listed like a refusal so it no longer blocks the changes after it.
 */
export async function afterServerFailure(
  database: TradeTrackerDb,
  entry: OutboxEntry,
  setAside: (database: TradeTrackerDb, entry: OutboxEntry, message: string) => Promise<void>,
): Promise<boolean> {
  const now = new Date();
  const count = (entry.serverFailures?.count ?? 0) + 1;
  const since = entry.serverFailures?.since ?? now.toISOString();
  const settled =
    count >= SERVER_FAILURES_TO_SET_ASIDE && now.getTime() - Date.parse(since) >= SERVER_FAILURES_SPAN_MS;
  if (settled && (await serverAnswers())) {
    await setAside(database, entry, CHANGE_NOT_SAVED);
    return true;
  }
  await database.outbox.update(entry.seq as number, { serverFailures: { count, since } });
  return false;
}

/** Whether the server answers a call that reads its database (the session), whatever a change got. */
const serverAnswers = () =>
  api('/auth/status').then(
    () => true,
    () => false,
  );
