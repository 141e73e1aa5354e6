import { useState } from 'react';
import type { CollectionName } from '../db/db.ts';
import { pullAll } from '../sync/sync.ts';
import { setCollectionState } from '../sync/syncState.ts';
import { type SortState, sortRows, useSort } from './sorting.ts';
import { useCollection } from './useCollection.ts';
import { useConfirmedDelete } from './useConfirmedDelete.ts';

interface ListOptions<Row, K> {
  collection: CollectionName;
  query: () => Promise<Row[]>;
  defaultSort: K;
  /** Whether a row is shown for the search text and the page's own filters. */
  shows: (row: Row, search: string) => boolean;
  remove: (row: Row) => Promise<unknown>;
  /** The spec's message for a failed delete that carries none of its own. */
  deleteFallback: string;
}

export interface ListPageState<Row, K extends string & keyof Row> {
  rows: Row[];
  /** The rows the search and filters let through, sorted. */
  visible: Row[];
  loading: boolean;
  sort: SortState<K>;
  toggle: (key: K) => void;
  search: string;
  setSearch: (search: string) => void;
  editing: Row | 'new' | undefined;
  setEditing: (row: Row | 'new' | undefined) => void;
  deletion: ReturnType<typeof useConfirmedDelete<Row>>;
  error: string | undefined;
  clearError: () => void;
  retry: () => void;
}

/**
 * The state every list page holds: the cached rows, search and sort, the record being edited
 * ('new' for a create), the delete being confirmed, and one error line for the banner (a
 * failed delete, or the collection's last failed load).
 */
export function useListPage<Row, K extends string & keyof Row>(
  options: ListOptions<Row, K>,
): ListPageState<Row, K> {
  const { rows, loading, error: loadError } = useCollection(options.collection, options.query);
  const { sort, toggle } = useSort<K>(options.defaultSort);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Row | 'new'>();
  const deletion = useConfirmedDelete(options.remove, options.deleteFallback);

  const clearError = () => {
    deletion.clearError();
    setCollectionState(options.collection, { error: undefined });
  };

  return {
    rows,
    visible: sortRows(
      rows.filter((row) => options.shows(row, search)),
      sort,
    ),
    loading,
    sort,
    toggle,
    search,
    setSearch,
    editing,
    setEditing,
    deletion,
    error: deletion.error ?? loadError,
    clearError,
    retry: () => {
      clearError();
      void pullAll([options.collection]);
    },
  };
}
