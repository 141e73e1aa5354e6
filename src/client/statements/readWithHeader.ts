// What reading a statement answers the screen: the fills and skipped rows, and the file's header
// (its first row), by which a saved column mapping is found again to be changed.
import type { StatementMapping } from '../../domain/statements/mapping.ts';
import { type ReadStatement, readStatement } from '../../domain/statements/registry.ts';
import type { StatementFormatId } from '../../domain/statements/statement.ts';
import { readTable } from '../../domain/statements/table.ts';

export type ReadWithHeader = ReadStatement & { header: string[] };

/** The header is read from the file's start: a header is its first row, never 64 KB long. */
const HEADER_WITHIN = 65_536;

export function readWithHeader(
  text: string,
  format: StatementFormatId | 'auto',
  mappings: readonly StatementMapping[],
): ReadWithHeader {
  const header = readTable(text.slice(0, HEADER_WITHIN)).rows[0] ?? [];
  return { ...readStatement(text, format, mappings), header };
}
