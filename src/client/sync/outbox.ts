import { fallbackMessages, messages } from '../../domain/messages.ts';
import { api, errorMessage, RefusedLocally, statusOf } from '../api/http.ts';
import { type CollectionName, cacheOwner, db, type OutboxEntry, type TradeTrackerDb } from '../db/db.ts';
import { isNetworkError, isOffline, reportApiReachable } from './connectivity.ts';

export interface Change extends Omit<OutboxEntry, 'seq' | 'queuedAt' | 'refresh'> {
  /** The collections to re-read once the server has the change (sync/affects.ts). */
  refresh: CollectionName[];
  /** The record the change is about: the server's answer replaces it in the cache, or it goes. */
  recordId: string;
  /** The server's answer as the cache keeps it (a plan's edge objects become ids). */
  toRow?: (answer: unknown) => unknown;
  /**
   * The body to queue instead of `body` when the change is kept on this device: what only a
   * change made offline says (a plan's create carries the market cycle it was stamped with here).
   */
  queuedBody?: object;
}

/**
 * Re-reads the server's data after changes. `undo`: a queued change was refused or dropped, so its
 * local effect must go, which only a full re-read brings (nothing changed on the server for it).
 */
type Pull = (names: CollectionName[], undo?: boolean) => Promise<void>;

/** Sent and answered, or kept on this device until the API can be reached. */
export type SaveOutcome = 'saved' | 'queued';

/**
 * A local change may read any cached table: a plan's reads the accounts (its position sizes) and
 * the other plans (one active plan per stock). A transaction that leaves a table out fails on its
 * first use, so queueing spans them all.
 */
const cacheTables = (d: TradeTrackerDb) => d.tables;

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
): Promise<SaveOutcome> {
  const { recordId: _id, toRow: _toRow, queuedBody, ...entry } = change;
  const queueIt = async () => {
    await database.transaction('rw', cacheTables(database), async () => {
      // Signed out in this tab or another: there is no trader to queue the change for.
      if (!(await cacheOwner(database))) throw new RefusedLocally(messages.signedOut);
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
    answer = await api(change.path, {
      method: change.method,
      body: change.body as Record<string, unknown> | undefined,
    });
  } catch (error) {
    if (isNetworkError(error)) return queueIt();
    throw error;
  }
  await keepAnswer(change, answer, database);
  if (change.refresh.length > 0) await pull(change.refresh);
  return 'saved';
}

/** The server's answer is the record now: written to the cache at once, no list re-read. */
async function keepAnswer(change: Change, answer: unknown, database: TradeTrackerDb): Promise<void> {
  const table = database.table(change.collection);
  await database.transaction('rw', [table, database.meta], async () => {
    if (!(await cacheOwner(database))) return; // signed out meanwhile
    if (change.method === 'DELETE') await table.delete(change.recordId);
    else if (answer && typeof answer === 'object')
      await table.put(change.toRow ? change.toRow(answer) : answer);
  });
}

/** The Web Lock every tab of this origin takes to replay the outbox they share. */
export const OUTBOX_LOCK = 'trade-tracker-outbox';

/**
 * One tab at a time replays: a second tab waits for the lock and then finds the changes sent and
 * gone. Without Web Locks (old browsers, tests) only this tab's own guard applies.
 */
function oneTabAtATime(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(OUTBOX_LOCK, () => work()).then(() => {}) : work();
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

/**
 * What one replay did: changes the server saved, refused (listed in `refusedChanges` with its
 * reason) and dropped as already done (410, a delete of something gone).
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

async function replay(pull: Pull, database: TradeTrackerDb): Promise<void> {
  const touched = new Set<CollectionName>();
  const report: ReplayReport = { saved: 0, refused: 0, dropped: 0 };
  for (;;) {
    const next = await database.outbox.orderBy('seq').first();
    if (!next) break;
    try {
      await api(next.path, {
        method: next.method,
        body: next.body as Record<string, unknown> | undefined,
      });
      report.saved++;
    } catch (error) {
      const status = statusOf(error);
      if (isNetworkError(error) || status === undefined || status >= 500 || status === 401) {
        if (isNetworkError(error)) reportApiReachable(false);
        break;
      }
      if (outcomeOfRefusal(next, status) === 'refused') {
        report.refused++;
        await database.refusedChanges.add({
          label: next.label,
          message: errorMessage(error, fallbackMessages.changeRefused),
          refusedAt: new Date().toISOString(),
        });
      } else report.dropped++;
    }
    await database.outbox.delete(next.seq as number);
    for (const name of [next.collection, ...(next.refresh ?? [])]) touched.add(name);
  }
  if (report.saved + report.refused + report.dropped > 0) {
    for (const listener of replayListeners) listener(report);
  }
  const undo = report.refused + report.dropped > 0;
  if (touched.size > 0 && (await database.outbox.count()) === 0) await pull([...touched], undo);
}

let flushing: Promise<void> | undefined;

/**
 * Replays queued changes in order, each sent once across every open tab. A change the server
 * refuses (4xx) is listed for the trader with the server's message and its local effect is undone
 * by re-reading the server's data. A network failure or a 5xx stops the replay until next time.
 */
export function flushOutbox(pull: Pull, database: TradeTrackerDb = db): Promise<void> {
  flushing ??= oneTabAtATime(() => replay(pull, database)).finally(() => {
    flushing = undefined;
  });
  return flushing;
}

export const pendingChangeCount = (database: TradeTrackerDb = db) => database.outbox.count();
