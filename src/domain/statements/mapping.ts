// Any other CSV (docs/product.md, "Importing statements"): the trader names the columns once and
// the mapping is kept per trader, offered again for a file with the same header.
import { array, define, type Infer, object, optional, refine } from 'superstruct';
import { boundedText, text } from '../validation.ts';
import { headerKey, readAmount, readFee, readInstant, readSide, readStock } from './cells.ts';
import { type RowRead, readRows, statementFill } from './rows.ts';
import type { ParsedStatement, SkippedRow, StatementTable } from './statement.ts';
import {
  COLUMN_NAME_MAX_LENGTH,
  MAPPED_HEADER_MAX,
  MAPPING_FEES_MAX,
  STATEMENT_MAPPINGS_MAX,
  statementTexts,
} from './statementTexts.ts';

export { STATEMENT_MAPPINGS_MAX };

// Kept in the trader's settings: text as every stored text, no control character, bounded.
const column = text(COLUMN_NAME_MAX_LENGTH, statementTexts.columnTooLong, statementTexts.columnRequired);
const headerCell = boundedText(COLUMN_NAME_MAX_LENGTH, statementTexts.columnTooLong);
const timeZone = define<string>('timeZone', (v) => {
  if (typeof v !== 'string' || v.length > 64) return statementTexts.timeZoneUnknown;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return true;
  } catch {
    return statementTexts.timeZoneUnknown;
  }
});

/** Which header names the fill's fields; the optional ones may be left out. */
export const statementMapping = object({
  /** The header, as the file writes it: a file with the same header is offered this mapping. */
  header: refine(
    array(headerCell),
    'header',
    (h) => (h.length >= 1 && h.length <= MAPPED_HEADER_MAX) || statementTexts.headerSize,
  ),
  executedAt: column,
  /** A separate time column, when the date column has only the date. */
  time: optional(column),
  symbol: column,
  /** Left out when the quantity's sign says the side (negative: a sale). */
  side: optional(column),
  quantity: column,
  price: column,
  fees: optional(
    refine(array(column), 'fees', (f) => f.length <= MAPPING_FEES_MAX || statementTexts.tooManyFees),
  ),
  account: optional(column),
  /** The zone the file's times are written in, US Eastern when left out. */
  timeZone: optional(timeZone),
});
export type StatementMapping = Infer<typeof statementMapping>;

/** The trader's saved mappings (their settings' `statementMappings`), newest last. */
export const statementMappings = refine(
  array(statementMapping),
  'statementMappings',
  (list) => list.length <= STATEMENT_MAPPINGS_MAX || statementTexts.tooManyMappings,
);

/** Whether a mapping was made for a file with this header (compared as detectors compare). */
export const mappingFits = (mapping: Pick<StatementMapping, 'header'>, header: readonly string[]): boolean =>
  mapping.header.length === header.length &&
  mapping.header.every((h, i) => headerKey(h) === headerKey(header[i] ?? ''));

/** The fills of a table read through the trader's mapping; the first row is the header. */
export function parseMapped(table: StatementTable, mapping: StatementMapping): ParsedStatement {
  const keys = (table.rows[0] ?? []).map(headerKey);
  const at = (name: string | undefined) => (name === undefined ? -1 : keys.indexOf(headerKey(name)));
  const index = {
    executedAt: at(mapping.executedAt),
    time: at(mapping.time),
    symbol: at(mapping.symbol),
    side: at(mapping.side),
    quantity: at(mapping.quantity),
    price: at(mapping.price),
    fees: (mapping.fees ?? []).map(at),
    account: at(mapping.account),
  };
  return readRows(table, 1, (cells, line): RowRead => {
    const unreadable = (detail: string): SkippedRow => ({ line, reason: 'unreadable', detail });
    const time = index.time >= 0 ? cells[index.time] : undefined;
    const executedAt = readInstant(cells[index.executedAt], time, mapping.timeZone);
    if (executedAt === null) return unreadable('Date or time cannot be read');
    const symbol = readStock(cells[index.symbol]);
    if (symbol === null) return { line, reason: 'instrument', detail: cells[index.symbol] ?? '' };
    const signed = readAmount(cells[index.quantity]);
    if (signed === null || signed === 0) return unreadable('Quantity is not a number');
    const side = index.side >= 0 ? readSide(cells[index.side]) : signed < 0 ? 'Sell' : 'Buy';
    if (side === null) return unreadable('Side is neither a buy nor a sell');
    const price = readAmount(cells[index.price]);
    if (price === null || price <= 0) return unreadable('Price is not a positive number');
    const fees = sumFees(index.fees.map((f) => cells[f]));
    if (fees === null) return unreadable('Fees are not a number');
    const fill = { line, symbol, side, quantity: Math.abs(signed), price, fees, executedAt };
    return statementFill({ ...fill, account: index.account >= 0 ? (cells[index.account] ?? null) : null });
  });
}

/** Fees from several columns, each as a positive amount (brokers write them either sign), or null. */
export function sumFees(cells: readonly (string | undefined)[]): number | null {
  let total = 0;
  for (const cell of cells) {
    const fee = readFee(cell);
    if (fee === null) return null;
    total += Math.abs(fee);
  }
  return Math.round(total * 1e6) / 1e6;
}
