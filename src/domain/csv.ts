// CSV as a spreadsheet opens it (docs/product.md, "Export and backup"): RFC 4180 quoting, numbers
// written plainly, and text that a spreadsheet would run as a formula made inert.

/** A cell before it is written: text, a number, a yes/no, or nothing (an empty cell). */
export type CsvCell = string | number | boolean | null | undefined;

/** One column of an export: its header and how a row fills it. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
}

/** RFC 4180 ends every line, the last one included, with CR LF. */
export const CSV_LINE_END = '\r\n';

/**
 * What a spreadsheet reads as the start of a formula (CWE-1236): `=`, `+`, `-`, `@`, and a tab
 * or carriage return that some of them skip before looking for one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text made inert: a leading formula character gets an apostrophe before it, shown as text. */
export const escapeFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** Digits after the point a number keeps: enough for any price, without a sum's float noise. */
const MAX_DECIMALS = 8;

/**
 * A number as a spreadsheet reads one: no grouping, no currency, never exponent notation, at most
 * 8 decimals (0.1 + 0.2 is written 0.3), -0 as 0. NaN and ±Infinity leave the cell empty.
 */
export function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  const rounded = Number(n.toFixed(MAX_DECIMALS));
  if (Object.is(rounded, -0) || rounded === 0) return '0';
  const text = String(rounded);
  if (!/e/i.test(text)) return text;
  // String() writes below 1e-6 and from 1e21 with an exponent: write the digits out instead.
  if (Math.abs(rounded) < 1) return rounded.toFixed(MAX_DECIMALS).replace(/0+$/, '');
  return BigInt(rounded).toString();
}

/** Quoted when it holds a comma, a quote or a line break; quotes inside are doubled. */
const quoted = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** One cell as written: numbers plain (a negative one stays a number), text escaped and quoted. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return plainNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return quoted(escapeFormula(value));
}

/** One line of cells, without its line end. */
export const csvLine = (cells: readonly CsvCell[]): string => cells.map(csvCell).join(',');

/** The header line of these columns; a header is text like any other cell. */
export const csvHeader = <T>(columns: readonly CsvColumn<T>[]): string =>
  csvLine(columns.map((c) => c.header));

/** One row's line under these columns. */
export const csvRow = <T>(columns: readonly CsvColumn<T>[], row: T): string =>
  csvLine(columns.map((c) => c.value(row)));

/** A whole file: the header, then one line per row, every line ending in CR LF. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return [csvHeader(columns), ...rows.map((r) => csvRow(columns, r))].map((l) => l + CSV_LINE_END).join('');
}
