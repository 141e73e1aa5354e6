import { useState } from 'react';
import { compareText } from '../../domain/textOrder.ts';

export type SortDirection = 'asc' | 'desc';
export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

/** The same column toggles asc/desc; a new column starts asc (docs/product.md, "Trade setups": sorting, for all three lists). */
export function nextSort<K extends string>(current: SortState<K> | undefined, key: K): SortState<K> {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

/** Sorted by a column, or (undefined) in the list's own order until the trader picks one. */
export function useSort<K extends string>(defaultKey: K | undefined) {
  const [sort, setSort] = useState<SortState<K> | undefined>(
    defaultKey === undefined ? undefined : { key: defaultKey, direction: 'asc' },
  );
  return {
    sort,
    toggle: (key: K) => setSort((s) => nextSort(s, key)),
    unsort: () => setSort(undefined),
  };
}

/** A row's value for a sort key: its field of that name, or one computed (a plan's distance to entry). */
export type SortValue<T, K extends string> = (row: T, key: K) => unknown;
const fieldOf = <T, K extends string>(row: T, key: K): unknown => (row as Record<string, unknown>)[key];

/** Sorts a copy: text case-insensitively, numbers numerically, missing values last. */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: SortState<K>,
  valueFor: SortValue<T, K> = fieldOf,
): T[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  // Each row's value taken once, not twice a comparison.
  const keyed = rows.map((row) => ({ row, value: valueFor(row, sort.key) }));
  keyed.sort(({ value: x }, { value: y }) => {
    if (x === y) return 0;
    if (x === null || x === undefined || x === '') return 1;
    if (y === null || y === undefined || y === '') return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return compareText(String(x), String(y)) * sign;
  });
  return keyed.map((k) => k.row);
}

/** Case-insensitive match of a search text against any of the given fields. */
export function matchesSearch(search: string, ...fields: (string | null | undefined)[]): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || fields.some((f) => (f ?? '').toLowerCase().includes(needle));
}
