// Which format a statement is, and its fills (docs/product.md, "Importing statements"). Each
// broker's parser is a StatementFormat; the first whose detector accepts the table reads it.
import { ibkrActivity } from './ibkrActivity.ts';
import { ibkrFlex } from './ibkrFlex.ts';
import { mappingFits, parseMapped, type StatementMapping } from './mapping.ts';
import { robinhood } from './robinhood.ts';
import type { ParsedStatement, StatementFormat, StatementFormatId, StatementTable } from './statement.ts';
import { readTable } from './table.ts';
import { tastytrade } from './tastytrade.ts';
import { tradestation } from './tradestation.ts';
import { webull } from './webull.ts';

/** The brokers' formats, most specific detector first. */
export const FORMATS: readonly StatementFormat[] = [
  ibkrFlex,
  tastytrade,
  ibkrActivity,
  tradestation,
  robinhood,
  webull,
];

export const formatNamed = (id: StatementFormatId): StatementFormat | undefined =>
  FORMATS.find((f) => f.id === id);

export type ReadStatement =
  | ({ ok: true; format: StatementFormatId; name: string } & ParsedStatement)
  | { ok: false; reason: 'unrecognised' | 'noMapping'; header: string[] };

/**
 * The statement's fills: in the format asked for, or the one detected ('auto'), or through the
 * trader's mappings (one whose header fits). Unrecognised when nothing reads it.
 */
export function readStatement(
  text: string,
  format: StatementFormatId | 'auto',
  mappings: readonly StatementMapping[] = [],
): ReadStatement {
  const table = readTable(text);
  const header = table.rows[0] ?? [];
  if (format === 'mapped' || format === 'auto') {
    const known = format === 'auto' ? detect(table) : undefined;
    if (known) return { ok: true, format: known.id, name: known.name, ...known.parse(table) };
    const mapping = mappings.find((m) => mappingFits(m, header));
    if (mapping)
      return { ok: true, format: 'mapped', name: 'Your column mapping', ...parseMapped(table, mapping) };
    return { ok: false, reason: format === 'mapped' ? 'noMapping' : 'unrecognised', header };
  }
  const chosen = formatNamed(format);
  if (!chosen) return { ok: false, reason: 'unrecognised', header };
  return { ok: true, format: chosen.id, name: chosen.name, ...chosen.parse(table) };
}

/** The format whose detector accepts the table first, if any. */
export const detect = (table: StatementTable): StatementFormat | undefined =>
  FORMATS.find((f) => f.detect(table));
