// What every format does with a file's rows (docs/product.md, "Importing statements"): each row
// read to a fill, a skipped row or nothing, then sorted into the two lists a ParsedStatement has.
import type { PositionEffect } from '../executions.ts';
import type { ExecutionSide } from '../types.ts';
import type { ParsedStatement, SkippedRow, StatementFill, StatementTable } from './statement.ts';

/** What one row of a file is: a fill, a row skipped with its reason, or no activity (null). */
export type RowRead = StatementFill | SkippedRow | null;

/** A broker's word for a trade as the journal books it ("Sold Short": a sale that opens). */
export interface Booking {
  side: ExecutionSide;
  positionEffect: PositionEffect | null;
}

/** The reads in file order, fills apart from skipped rows; the nulls left out. */
export function collected(reads: Iterable<RowRead>): ParsedStatement {
  const fills: StatementFill[] = [];
  const skipped: SkippedRow[] = [];
  for (const read of reads) {
    if (read === null) continue;
    if ('kind' in read) fills.push(read);
    else skipped.push(read);
  }
  return { fills, skipped };
}

/** Each row from `from` on (the header's next) read with its line. */
export const readRows = (
  table: StatementTable,
  from: number,
  read: (cells: string[], line: number) => RowRead,
): ParsedStatement =>
  collected(table.rows.slice(from).map((cells, i) => read(cells, table.lines[from + i] ?? 0)));

type Given = Pick<StatementFill, 'line' | 'symbol' | 'side' | 'quantity' | 'price' | 'fees' | 'executedAt'>;

/** A fill from what its row gives; what a file does not say (open or close, ids, account) is null. */
export const statementFill = (given: Given & Partial<StatementFill>): StatementFill => ({
  kind: 'fill',
  positionEffect: null,
  brokerId: null,
  account: null,
  ...given,
});

/** Shares a split adds (a positive change, booked as a Buy) or takes away, moving no money. */
export const sharesChanged = (
  at: Pick<StatementFill, 'line' | 'symbol' | 'executedAt'> & Partial<StatementFill>,
  change: number,
): StatementFill =>
  statementFill({
    kind: 'split',
    side: change > 0 ? 'Buy' : 'Sell',
    quantity: Math.abs(change),
    price: 0,
    fees: 0,
    ...at,
  });
