import type { SortState } from './sorting.ts';

interface SortableHeaderProps<K extends string> {
  label: string;
  column: K;
  /** undefined while the list is in its own order. */
  sort: SortState<K> | undefined;
  onSort: (column: K) => void;
}

/**
 * A column header that sorts: a real button, with aria-sort on the cell. On a phone the button is
 * hidden ("Sort by" sorts there, ui/table.css), and the label beside it, shown only there, names
 * the column: a header cell is never empty to a screen reader (issue 40).
 */
export function SortableHeader<K extends string>({ label, column, sort, onSort }: SortableHeaderProps<K>) {
  const direction = sort?.key === column ? sort.direction : undefined;
  const ariaSort = direction ? (direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true" className="sort-indicator">
          {direction ? (direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
        </span>
      </button>
      <span className="sort-name">{label}</span>
    </th>
  );
}
