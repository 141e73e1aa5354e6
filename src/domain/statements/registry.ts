// Which format a statement is, and its fills (docs/product.md, "Importing statements"). Each
// broker's parser is a StatementFormat; the first whose detector accepts the table reads it.
import { type StatementBalance, statementBalance } from './balances.ts';
import { etrade } from './etrade.ts';
import { fidelity } from './fidelity.ts';
import { ibkrActivity } from './ibkrActivity.ts';
import { ibkrFlex } from './ibkrFlex.ts';
import { mappingFits, parseMapped, type StatementMapping } from './mapping.ts';
import { robinhood } from './robinhood.ts';
import { schwab } from './schwab.ts';
import type { ParsedStatement, StatementFormat, StatementFormatId, StatementTable } from './statement.ts';
import { readTable } from './table.ts';
import { tastytrade } from './tastytrade.ts';
import { thinkorswim } from './thinkorswim.ts';
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
  schwab,
  fidelity,
  thinkorswim,
  etrade,
];

export const formatNamed = (id: StatementFormatId): StatementFormat | undefined =>
  FORMATS.find((f) => f.id === id);

export type ReadStatement =
  | ({ ok: true; format: StatementFormatId; name: string } & ParsedStatement & {
        balance: StatementBalance | null;
      })
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
    if (known) return read(known, table);
    const mapping = mappings.find((m) => mappingFits(m, header));
    if (mapping)
      return {
        ok: true,
        format: 'mapped',
        name: 'Your column mapping',
        ...parseMapped(table, mapping),
        balance: null,
      };
    return { ok: false, reason: format === 'mapped' ? 'noMapping' : 'unrecognised', header };
  }
  const chosen = formatNamed(format);
  if (!chosen) return { ok: false, reason: 'unrecognised', header };
  return read(chosen, table);
}

/** A format's fills and skipped rows, and the balance the file carries (balances.ts). */
const read = (format: StatementFormat, table: StatementTable): ReadStatement => ({
  ok: true,
  format: format.id,
  name: format.name,
  ...format.parse(table),
  balance: statementBalance(format.id, table),
});

/** The format whose detector accepts the table first, if any. */
export const detect = (table: StatementTable): StatementFormat | undefined =>
  FORMATS.find((f) => f.detect(table));
