import type { SortState } from './sorting.ts';

interface SortableHeaderProps<K extends string> {
  label: string;
  column: K;
  /** undefined while the list is in its own order. */
  sort: SortState<K> | undefined;
  onSort: (column: K) => void;
}

/** A column header that sorts: a real button, with aria-sort on the cell. */
export function SortableHeader<K extends string>({ label, column, sort, onSort }: SortableHeaderProps<K>) {
  const direction = sort?.key === column ? sort.direction : undefined;
  const ariaSort = direction ? (direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        <span className="sort-label">{label}</span>
        <span aria-hidden="true" className="sort-indicator">
          {direction ? (direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
        </span>
      </button>
    </th>
  );
}
