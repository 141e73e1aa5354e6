/** A column heading: shown, or `{ hidden }`, read by screen readers only (an actions column). */
export type Column = string | { hidden: string };

/** A table's column headings, one plain `th scope="col"` each: the header of a table that is not sorted. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.hidden} scope="col">
              <span className="visually-hidden">{c.hidden}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
