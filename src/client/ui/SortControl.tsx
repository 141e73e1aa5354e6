import type { Column } from './ListPage.tsx';
import type { SortState } from './sorting.ts';

interface SortControlProps<K extends string> {
  columns: readonly Column<K>[];
  /** undefined while the list is in its own order. */
  sort: SortState<K> | undefined;
  /** The same toggle the column headers use: a new key starts ascending, the same key flips. */
  onSort: (key: K) => void;
  /** The list's own order (trades: open first, then newest), offered first and chosen again. */
  ownOrder?: { label: string; restore: () => void } | undefined;
}

/**
 * "Sort by" for a phone, where the column headers are hidden (ui/list.css shows it there only):
 * the sortable columns by their labels and a button that flips the direction.
 */
export function SortControl<K extends string>({ columns, sort, onSort, ownOrder }: SortControlProps<K>) {
  const keys = columns.flatMap((c) => (c.sortBy ? [{ key: c.sortBy, label: c.label }] : []));
  if (keys.length === 0) return null;
  const ascending = sort?.direction === 'asc';
  return (
    <div className={columns.some((c) => c.headerless) ? 'sort-control at-every-width' : 'sort-control'}>
      <label>
        <span>Sort by</span>
        <select
          value={sort?.key ?? ''}
          // A new key starts ascending; choosing the current key again keeps its direction.
          onChange={(e) => {
            const key = e.target.value as K | '';
            if (key === '') ownOrder?.restore();
            else if (key !== sort?.key) onSort(key);
          }}
        >
          {ownOrder && <option value="">{ownOrder.label}</option>}
          {keys.map(({ key, label }) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {sort && (
        <button
          type="button"
          className="outline secondary sort-direction"
          aria-label={ascending ? 'Sort descending' : 'Sort ascending'}
          onClick={() => onSort(sort.key)}
        >
          <span aria-hidden="true">{ascending ? '▲' : '▼'}</span>
        </button>
      )}
    </div>
  );
}
