import { liveQuery } from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { type DependencyList, startTransition } from 'react';

/**
 * dexie-react-hooks' useLiveQuery, with each new result rendered as a transition. An update from
 * an IndexedDB callback is otherwise urgent, and React renders it in one task however large the
 * page: on a phone, the Dashboard's first results took tasks of 40-50 ms each (160-200 ms at
 * Lighthouse's 4x slowdown), which is what its Total Blocking Time counted. A transition renders
 * in slices of 5 ms and yields to the browser between them; results that land together render
 * together. Like the original: undefined until the first result, the previous result while a
 * query with new deps runs, and a query's error thrown to the nearest error boundary.
 */
export function useLiveQuery<T>(query: () => Promise<T> | T, deps: DependencyList): T | undefined {
  return useObservable(() => {
    const source = liveQuery(query);
    return {
      // Without these, useObservable would run the query once more to look for a value now.
      hasValue: () => source.hasValue?.() ?? false,
      getValue: () => source.getValue?.() as T,
      subscribe: (next: (value: T) => void, error?: (reason: unknown) => void) =>
        source.subscribe({
          next: (value) => startTransition(() => next(value)),
          error: (reason) => startTransition(() => error?.(reason)),
        }),
    };
  }, deps as unknown[]);
}
