// A statement file as rows of cells: Papa Parse reads the quoting, embedded newlines, a BOM and
// the separator (comma, semicolon, tab) as the brokers write them; the line numbers are ours.
import Papa from 'papaparse';
import type { StatementTable } from './statement.ts';

/** Enough rows to tell the separator by. */
const GUESS_ROWS = 50;

/** The file's rows, blank lines left out, each with the line it starts on (1-based). */
export function readTable(text: string): StatementTable {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // The separator is guessed without the blank lines: Papa Parse averages each line's cells,
  // and a file's trailing blank lines would pull a tab or semicolon file below its threshold.
  const { delimiter } = Papa.parse<string[]>(body, {
    delimitersToGuess: [',', '\t', ';', '|'],
    skipEmptyLines: 'greedy',
    preview: GUESS_ROWS,
  }).meta;
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  const rows: string[][] = [];
  const lines: number[] = [];
  let line = 1;
  for (const cells of parsed.data) {
    const raw = cells.join('');
    if (cells.some((cell) => cell.trim() !== '')) {
      rows.push(cells.map((cell) => cell.trim()));
      lines.push(line);
    }
    // A quoted cell may hold newlines: the next row starts that many lines further.
    line += 1 + (raw.match(/\r\n|\r|\n/g)?.length ?? 0);
  }
  return { rows, lines };
}
