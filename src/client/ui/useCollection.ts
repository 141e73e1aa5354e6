import { liveQuery, type Observable, type Subscription } from 'dexie';
import { useEffect, useRef } from 'react';
import { type CollectionName, db, metaKeys } from '../db/db.ts';
import { useCollectionState } from './useCollectionState.ts';
import { useLiveObservable, useLiveQuery } from './useLiveQuery.ts';

interface Head<T> {
  read: () => Promise<T[]>;
  limit: number;
}

interface Rows<T> {
  rows: T[];
  /** false while only the head is in. */
  complete: boolean;
}

/** Opens the whole read: the page calls it once the head is on screen. */
interface Gate {
  open?: () => void;
}

/**
 * The head's rows first, then the whole collection's, as one observable. The whole read starts
 * when `gate` is opened, once the head is on screen: reading 10,000 plans takes hundreds of
 * milliseconds, most of it turning stored rows into objects on the main thread.
 *
 * One observable, not a second live query whose deps change when the head arrives: offline, a
 * reload that went 'cached' then 'offline' sometimes never subscribed that second query, and the
 * list stayed a skeleton (issue 26; tests/browser/offlineReloads.test.ts reloads each page twenty
 * times).
 */
function headThenWhole<T>(
  query: () => Promise<T[]>,
  head: Head<T> | undefined,
  gate: Gate,
): Observable<Rows<T>> {
  const subscribe = (observer: { next?: (v: Rows<T>) => void; error?: (e: unknown) => void }) => {
    const error = (e: unknown) => observer.error?.(e);
    let first: Subscription | undefined;
    let whole: Subscription | undefined;
    let wholeIn = false;
    let closed = false;
    const readWhole = () => {
      if (closed || whole) return;
      whole = liveQuery(query).subscribe({
        next: (rows) => {
          wholeIn = true;
          first?.unsubscribe();
          observer.next?.({ rows, complete: true });
        },
        error,
      });
    };
    gate.open = readWhole;
    if (head) {
      first = liveQuery(head.read).subscribe({
        next: (rows) => {
          if (wholeIn) return;
          observer.next?.({ rows, complete: rows.length < head.limit });
        },
        error,
      });
    } else readWhole();
    const subscription = {
      closed: false,
      unsubscribe() {
        closed = subscription.closed = true;
        first?.unsubscribe();
        whole?.unsubscribe();
      },
    };
    return subscription;
  };
  return { subscribe } as unknown as Observable<Rows<T>>;
}

/**
 * A cached collection as a page shows it: rows from Dexie, "loading" only while it has never
 * been loaded, and the last load error. `head`, when given, reads the first screenful through an
 * index (a few ms) so that it renders before the whole collection is read; `complete` says the
 * whole has landed (or that the head, shorter than its limit, was the whole collection).
 */
export function useCollection<T>(name: CollectionName, query: () => Promise<T[]>, head?: Head<T>) {
  const gate = useRef<Gate>({});
  const read = useLiveObservable(() => headThenWhole(query, head, gate.current), [name]);
  // After every commit, no deps: the head, once committed, opens the whole read.
  useEffect(() => {
    if (read !== undefined) gate.current.open?.();
  });
  // One sync writes every collection: the cache was loaded once it has synced at all.
  const syncedAt = useLiveQuery(async () => (await db.meta.get(metaKeys.lastSyncAt))?.value ?? null, []);
  const { loading, error } = useCollectionState(name);
  const neverLoaded = syncedAt === null;
  return {
    rows: read?.rows ?? [],
    complete: read?.complete ?? false,
    loading: read === undefined || syncedAt === undefined || (neverLoaded && (loading || !error)),
    error,
  };
}
