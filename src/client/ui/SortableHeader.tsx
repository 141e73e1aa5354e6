import type { SortState } from './sorting.ts';

interface SortableHeaderProps<K extends string> {
  label: string;
  column: K;
  sort: SortState<K>;
  onSort: (column: K) => void;
}

/** A column header that sorts: a real button, with aria-sort on the cell. */
export function SortableHeader<K extends string>({ label, column, sort, onSort }: SortableHeaderProps<K>) {
  const active = sort.key === column;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true" className="sort-indicator">
          {active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
        </span>
      </button>
    </th>
  );
}
