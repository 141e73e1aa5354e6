import { liveQuery, type Observable } from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { type DependencyList, startTransition } from 'react';

/**
 * dexie-react-hooks' useObservable, with each new value rendered as a transition. An update from
 * an IndexedDB callback is otherwise urgent, and React renders it in one task however large the
 * page: on a phone, the Dashboard's first results took tasks of 40-50 ms each (160-200 ms at
 * Lighthouse's 4x slowdown), which is what its Total Blocking Time counted. A transition renders
 * in slices of 5 ms and yields to the browser between them; values that land together render
 * together. Like the original: undefined until the first value, the previous value while an
 * observable with new deps starts, and an error thrown to the nearest error boundary.
 */
export function useLiveObservable<T>(source: () => Observable<T>, deps: DependencyList): T | undefined {
  return useObservable(() => {
    const observable = source();
    return {
      // Without these, useObservable would subscribe once more to look for a value now.
      hasValue: () => observable.hasValue?.() ?? false,
      getValue: () => observable.getValue?.() as T,
      subscribe: (next: (value: T) => void, error?: (reason: unknown) => void) =>
        observable.subscribe({
          next: (value) => startTransition(() => next(value)),
          error: (reason) => startTransition(() => error?.(reason)),
        }),
    };
  }, deps as unknown[]);
}

/** dexie-react-hooks' useLiveQuery, each result rendered as a transition (useLiveObservable). */
export function useLiveQuery<T>(query: () => Promise<T> | T, deps: DependencyList): T | undefined {
  return useLiveObservable(() => liveQuery(query), deps);
}
