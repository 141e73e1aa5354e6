import { useDeferredValue, useMemo, useState } from 'react';
import type { CollectionName } from '../db/db.ts';
import { syncNow } from '../sync/sync.ts';
import { setCollectionState } from '../sync/syncState.ts';
import { LIST_PAGE_SIZE } from './listPageSize.ts';
import { type SortState, type SortValue, sortRows, useSort } from './sorting.ts';
import { useCollection } from './useCollection.ts';
import { useConfirmedDelete } from './useConfirmedDelete.ts';

interface ListOptions<Row, K extends string> {
  collection: CollectionName;
  query: () => Promise<Row[]>;
  /**
   * The first `limit` rows in the default order, read through an index: shown until the whole
   * collection is read (useCollection). Only for a collection whose default sort has an index.
   */
  head?: (limit: number) => Promise<Row[]>;
  /**
   * The column the list starts sorted by (ascending), or the name of the list's own order, the
   * query's (trades: open first, then newest): kept until the trader picks a column.
   */
  defaultSort: K | { ownOrder: string };
  /**
   * Whether a row is shown for the search text and the page's own filters; stable between renders
   * (useCallback) unless a filter changed, so a render that changes neither filters no row again.
   */
  shows: (row: Row, search: string) => boolean;
  /** Absent for rows that are not deleted from the list (trades are built from their fills). */
  remove?: (row: Row) => Promise<unknown>;
  /** The spec's message for a failed delete that carries none of its own. */
  deleteFallback?: string;
  /** Values for sort keys that are not fields (stable between renders: the rows re-sort when it changes). */
  sortValue?: SortValue<Row, K>;
}

export interface ListPageState<Row, K extends string> {
  rows: Row[];
  /** false while only the first screenful is read: counts and "Show more" wait for the rest. */
  complete: boolean;
  /** The rows the search and filters let through, sorted. */
  visible: Row[];
  loading: boolean;
  /** The column sorted by; undefined while the list is in its own order. */
  sort: SortState<K> | undefined;
  toggle: (key: K) => void;
  /** The name of the list's own order, when it has one, and the way back to it. */
  ownOrder: { label: string; restore: () => void } | undefined;
  search: string;
  setSearch: (search: string) => void;
  editing: Row | 'new' | undefined;
  setEditing: (row: Row | 'new' | undefined) => void;
  deletion: ReturnType<typeof useConfirmedDelete<Row>>;
  error: string | undefined;
  clearError: () => void;
  retry: () => void;
}

const removeNothing = async () => {};

/**
 * The state every list page holds: the cached rows, search and sort, the record being edited
 * ('new' for a create), the delete being confirmed, and one error line for the banner (a
 * failed delete, or the collection's last failed load).
 */
export function useListPage<Row, K extends string>(options: ListOptions<Row, K>): ListPageState<Row, K> {
  const { head } = options;
  const {
    rows,
    complete,
    loading,
    error: loadError,
  } = useCollection(
    options.collection,
    options.query,
    head && { read: () => head(LIST_PAGE_SIZE), limit: LIST_PAGE_SIZE },
  );
  const { defaultSort } = options;
  const { sort, toggle, unsort } = useSort<K>(typeof defaultSort === 'string' ? defaultSort : undefined);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Row | 'new'>();
  const deletion = useConfirmedDelete(options.remove ?? removeNothing, options.deleteFallback ?? '');

  const clearError = () => {
    deletion.clearError();
    setCollectionState(options.collection, { error: undefined });
  };
  // Sorted once per change of the rows or the order, not on every keystroke of the search.
  const { sortValue } = options;
  const sorted = useMemo(() => (sort ? sortRows(rows, sort, sortValue) : rows), [rows, sort, sortValue]);
  // The box shows each keystroke at once; the list follows at React's lower priority, so typing
  // stays fluid however many rows the search goes through.
  const deferredSearch = useDeferredValue(search);
  // A keystroke's urgent render (the box) keeps the last search: the 10,000 rows are not filtered
  // again for it, only in the deferred render.
  const { shows } = options;
  const visible = useMemo(
    () => sorted.filter((row) => shows(row, deferredSearch)),
    [sorted, shows, deferredSearch],
  );

  return {
    rows,
    complete,
    visible,
    loading,
    sort,
    toggle,
    ownOrder: typeof defaultSort === 'string' ? undefined : { label: defaultSort.ownOrder, restore: unsort },
    search,
    setSearch,
    editing,
    setEditing,
    deletion,
    error: deletion.error ?? loadError,
    clearError,
    retry: () => {
      clearError();
      void syncNow();
    },
  };
}
