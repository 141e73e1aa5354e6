import type { Table } from 'dexie';
import { fallbackMessages, frameMessages } from '../../domain/appMessages.ts';
import { api, errorMessage, RefusedLocally, retryAfterOf, statusOf } from '../api/http.ts';
import { cacheOwner, db, metaKeys, type OutboxEntry, type Pending, type TradeTrackerDb } from '../db/db.ts';
import { toCachedRow } from './applySync.ts';
import { askAgainIn } from './askAgain.ts';
import { isNetworkError, isOffline, reportApiReachable } from './connectivity.ts';

export interface Change extends Omit<OutboxEntry, 'seq' | 'queuedAt' | 'recordId'> {
  /** The record the change is about: the server's answer replaces it in the cache, or it goes. */
  recordId: string;
  /**
   * The body to queue instead of `body` when the change is kept on this device: what only a
   * change made offline says (a plan's create carries the market cycle it was stamped with here).
   */
  queuedBody?: object;
  /** Hears the answer of a change sent at once (an import's counts); a queued change is not heard. */
  heard?: (answer: unknown) => void;
}

/** Sent and answered, or kept on this device until the API can be reached. */
export type SaveOutcome = 'saved' | 'queued';

/**
 * A local change may read any cached table: a plan's reads the other plans (one active plan per
 * stock), a fill's rebuilds the trades from the fills, plans and accounts. A transaction that
 * leaves a table out fails on its first use, so queueing spans them all.
 */
const cacheTables = (d: TradeTrackerDb) => d.tables;

/** One change to the API, as it was made or as it was queued. */
const send = (change: Pick<OutboxEntry, 'path' | 'method' | 'body' | 'contentType'>) =>
  api(change.path, {
    method: change.method,
    body: change.body as Record<string, unknown> | string | undefined,
    headers: change.contentType && { 'Content-Type': change.contentType },
  });

/**
 * Sends a change to the API and keeps the server's answer, or, when the API cannot be reached,
 * applies it to the cache at once and queues it. A queue that is not empty takes every later
 * change too, so order is kept. Refusals from a reachable server are thrown to the caller, with
 * nothing applied. The sync that follows a change is the caller's (sync.ts, `syncNow`).
 */
export async function submitChange(
  change: Change,
  applyLocally: () => Promise<void>,
  database: TradeTrackerDb = db,
): Promise<SaveOutcome> {
  const { queuedBody, heard, ...entry } = change;
  const queueIt = async () => {
    await database.transaction('rw', cacheTables(database), async () => {
      // Signed out in this tab or another: there is no trader to queue the change for.
      if (!(await cacheOwner(database))) throw new RefusedLocally(frameMessages.signedOut);
      await applyLocally();
      await database.outbox.add({
        ...entry,
        ...(queuedBody ? { body: queuedBody } : {}),
        queuedAt: new Date().toISOString(),
      });
    });
    return 'queued' as const;
  };
  if (isOffline() || (await database.outbox.count()) > 0) return queueIt();
  let answer: unknown;
  try {
    answer = await send(change);
  } catch (error) {
    if (isNetworkError(error)) return queueIt();
    // The server asks to slow down: the change is kept here, as offline, and sent once the wait is over.
    const wait = retryAfterOf(error);
    if (wait !== undefined) {
      const outcome = await queueIt();
      askAgainIn(wait);
      return outcome;
    }
    throw error;
  }
  heard?.(answer);
  await keepAnswer(database, change, answer);
  return 'saved';
}

/**
 * The one way the server's answer to a change reaches the cache, whether the change was sent at
 * once or replayed from the outbox (`done`: its queued entry, acknowledged in the same
 * transaction). The answer is the record now: its row replaces the cached one, through the
 * cache's own mapping (applySync.ts, `toCachedRow`). A delete removes the row, unless the
 * change's local effect left one in its place (a deleted edge is kept, deactivated): that is what
 * the server now has too, and it only loses its "not yet saved" mark.
 *
 * Nothing is written while a later change of the same record is still queued (its local effect
 * stays on screen until it is sent), nor once the cache has no trader. A row queued before the
 * record id was kept gets no answer written: the sync that follows the replay brings it.
 */
async function keepAnswer(
  database: TradeTrackerDb,
  change: Pick<OutboxEntry, 'collection' | 'method' | 'recordId' | 'localIds'>,
  answer: unknown,
  done?: number,
): Promise<void> {
  const { collection, method, recordId, localIds } = change;
  const table = database.table(collection);
  await database.transaction('rw', [table, database.outbox, database.meta], async () => {
    if (done !== undefined) await database.outbox.delete(done);
    if (recordId === undefined || !(await cacheOwner(database))) return;
    if (localIds !== undefined) {
      // Only a replayed change applied rows here: one sent at once has none to drop.
      if (done !== undefined) await keepAdded(database, table, localIds, answer);
      return;
    }
    const later = await database.outbox
      .filter((e) => e.collection === collection && e.recordId === recordId)
      .count();
    if (later > 0) return;
    if (method === 'DELETE') {
      const left = (await table.get(recordId)) as Pending<object> | undefined;
      if (left?.pendingSync) {
        const { pendingSync: _mark, ...row } = left;
        await table.put(row);
      } else await table.delete(recordId);
    } else if (isRecord(answer)) await table.put(toCachedRow(collection, answer));
  });
}

/**
 * A change that applied several rows here (a statement's fills) is answered with the ids the
 * server added: the others it had already, under other ids, and go from the cache. The trades
 * were rebuilt with them: dropping the cursor makes the next sync full, which brings them whole.
 */
async function keepAdded(database: TradeTrackerDb, table: Table, localIds: string[], answer: unknown) {
  const added = new Set((answer as { addedIds?: unknown }).addedIds as string[] | undefined);
  const gone = localIds.filter((id) => !added.has(id));
  if (gone.length === 0) return;
  await table.bulkDelete(gone);
  await database.meta.delete(metaKeys.syncCursor);
}

/** An answer that is a record (it carries an id), not an empty body. */
const isRecord = (answer: unknown): answer is { id: string } =>
  typeof answer === 'object' && answer !== null && typeof (answer as { id?: unknown }).id === 'string';

/** The Web Lock every tab of this origin takes to replay the outbox they share. */
export const OUTBOX_LOCK = 'trade-tracker-outbox';

/**
 * One tab at a time replays: a second tab waits for the lock and then finds the changes sent and
 * gone. Without Web Locks (old browsers, tests) only this tab's own guard applies.
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(OUTBOX_LOCK, () => work()) as Promise<T>) : work();
}

/**
 * What a refusal of a queued change means. Gone (410: the trader deleted the record after
 * creating it) and a delete of something already gone both leave nothing to tell: the trader's
 * intent holds. Anything else 4xx is a refusal to show.
 */
function outcomeOfRefusal(entry: OutboxEntry, status: number): 'done' | 'refused' {
  if (status === 410) return 'done';
  if (entry.method === 'DELETE' && status === 404) return 'done';
  return 'refused';
}

/** Lists a queued change the server will not take, with why, and takes it off the queue. */
async function setAside(database: TradeTrackerDb, entry: OutboxEntry, message: string): Promise<void> {
  await database.transaction('rw', [database.outbox, database.refusedChanges], async () => {
    await database.refusedChanges.add({ label: entry.label, message, refusedAt: new Date().toISOString() });
    await database.outbox.delete(entry.seq as number);
  });
}

/**
 * What one replay did: changes the server saved, refused (listed in `refusedChanges` with its
 * reason, or after failing on the server again and again) and dropped as already done (410, a
 * delete of something gone).
 */
export interface ReplayReport {
  saved: number;
  refused: number;
  dropped: number;
}

const replayListeners = new Set<(report: ReplayReport) => void>();

/**
 * Hears what each replay that sent anything did. The data layer only reports: what the trader is
 * told of it is the UI's to decide (app/). Returns the way to stop listening.
 */
export function onReplay(listener: (report: ReplayReport) => void): () => void {
  replayListeners.add(listener);
  return () => {
    replayListeners.delete(listener);
  };
}

async function replay(database: TradeTrackerDb): Promise<ReplayReport> {
  const report: ReplayReport = { saved: 0, refused: 0, dropped: 0 };
  for (;;) {
    const next = await database.outbox.orderBy('seq').first();
    if (!next) break;
    const seq = next.seq as number;
    let answer: unknown;
    try {
      answer = await send(next);
    } catch (error) {
      const status = statusOf(error);
      if (!isNetworkError(error) && status !== undefined && status >= 500) {
        // Rare: its code loads only when a server fails (the app's first download stays small).
        const { afterServerFailure } = await import('./serverFaults.ts');
        if (!(await afterServerFailure(database, next, setAside))) break;
        report.refused++;
        continue;
      }
      if (isNetworkError(error) || status === undefined || status === 401) {
        if (isNetworkError(error)) reportApiReachable(false);
        break;
      }
      // Asked to slow down: the rest waits, and the replay starts again once the wait is over.
      const wait = retryAfterOf(error);
      if (wait !== undefined) {
        askAgainIn(wait);
        break;
      }
      if (outcomeOfRefusal(next, status) === 'refused') {
        report.refused++;
        await setAside(database, next, errorMessage(error, fallbackMessages.changeRefused));
      } else {
        report.dropped++;
        await database.outbox.delete(seq);
      }
      continue;
    }
    report.saved++;
    await keepAnswer(database, next, answer, seq);
  }
  if (report.saved + report.refused + report.dropped > 0) {
    for (const listener of replayListeners) listener(report);
  }
  return report;
}

let flushing: Promise<ReplayReport> | undefined;

/**
 * Replays queued changes in order, each sent once across every open tab, and keeps each answer as
 * a change sent at once does. A change the server refuses (4xx) is listed for the trader with the
 * server's message; its local effect is undone by the full sync that follows (sync.ts). A network
 * failure or a 5xx stops the replay until next time (a change failing on the server again and
 * again is set aside: `afterServerFailure`); a 429 until its Retry-After has passed.
 */
export function flushOutbox(database: TradeTrackerDb = db): Promise<ReplayReport> {
  flushing ??= oneTabAtATime(() => replay(database)).finally(() => {
    flushing = undefined;
  });
  return flushing;
}

export const pendingChangeCount = (database: TradeTrackerDb = db) => database.outbox.count();
