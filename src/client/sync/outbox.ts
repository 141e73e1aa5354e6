import { api, errorMessage, statusOf } from '../api/http.ts';
import { type CollectionName, db, type OutboxEntry, type TradeTrackerDb } from '../db/db.ts';
import { isNetworkError, isOffline, reportApiReachable } from './connectivity.ts';

export interface Change extends Omit<OutboxEntry, 'seq' | 'queuedAt'> {
  /** The collections whose cached copy the change touches (re-read once the server has it). */
  refresh: CollectionName[];
}

type Pull = (names: CollectionName[]) => Promise<void>;

/**
 * Sends a change to the API, or, when the API cannot be reached, applies it to the cache at once
 * and queues it. A queue that is not empty takes every later change too, so order is kept.
 * Refusals from a reachable server are thrown to the caller as usual.
 */
export async function submitChange(
  change: Change,
  applyLocally: () => Promise<void>,
  pull: Pull,
  database: TradeTrackerDb = db,
): Promise<'saved' | 'queued'> {
  const queueIt = async () => {
    const { refresh: _refresh, ...entry } = change;
    await database.transaction('rw', [database.outbox, database.table(change.collection)], async () => {
      await applyLocally();
      await database.outbox.add({ ...entry, queuedAt: new Date().toISOString() });
    });
    return 'queued' as const;
  };
  if (isOffline() || (await database.outbox.count()) > 0) return queueIt();
  try {
    await api(change.path, {
      method: change.method,
      body: change.body as Record<string, unknown> | undefined,
    });
  } catch (error) {
    if (isNetworkError(error)) return queueIt();
    throw error;
  }
  await pull(change.refresh);
  return 'saved';
}

let flushing: Promise<void> | undefined;

/**
 * Replays queued changes in order. A change the server refuses (4xx) is listed for the trader
 * with the server's message and its local effect is undone by re-reading the server's data;
 * nothing is dropped silently. A network failure or a 5xx stops the replay until next time.
 */
export function flushOutbox(pull: Pull, database: TradeTrackerDb = db): Promise<void> {
  flushing ??= (async () => {
    const touched = new Set<CollectionName>();
    try {
      for (;;) {
        const next = await database.outbox.orderBy('seq').first();
        if (!next) break;
        try {
          await api(next.path, {
            method: next.method,
            body: next.body as Record<string, unknown> | undefined,
          });
        } catch (error) {
          const status = statusOf(error);
          if (isNetworkError(error) || status === undefined || status >= 500 || status === 401) {
            if (isNetworkError(error)) reportApiReachable(false);
            break;
          }
          await database.refusedChanges.add({
            label: next.label,
            message: errorMessage(error, 'The server refused this change'),
            refusedAt: new Date().toISOString(),
          });
        }
        await database.outbox.delete(next.seq as number);
        touched.add(next.collection);
        if (next.collection === 'tradePlans') touched.add('tradeSetups');
      }
    } finally {
      flushing = undefined;
    }
    if (touched.size > 0 && (await database.outbox.count()) === 0) await pull([...touched]);
  })();
  return flushing;
}

export const pendingChangeCount = (database: TradeTrackerDb = db) => database.outbox.count();
