// Interactive Brokers' Flex Query as CSV (docs/product.md, "Importing statements"): the Trades
// section's rows, one per execution, in either layout IBKR writes: a plain header row per section,
// or each row led by its type and section code ("HEADER","TRNT",… / "DATA","TRNT",…) between
// BOF/BOS/EOS/EOF records. A Cash Transactions section, when the query has one, is skipped row by
// row (dividends, cash); other sections (positions, NAV) are not fills and are passed over.
import { columnsOf, headerKey, readAmount, readDateTime, readInstant, readSide, readStock } from './cells.ts';
import { sumFees } from './mapping.ts';
import { collected, type RowRead, statementFill } from './rows.ts';
import type { SkippedRow, StatementFormat, StatementTable } from './statement.ts';
import { EASTERN } from './wallTime.ts';

const TRADE_COLUMNS = {
  account: ['ClientAccountID', 'AccountAlias'],
  assetClass: ['AssetClass'],
  currency: ['CurrencyPrimary', 'Currency'],
  symbol: ['Symbol'],
  quantity: ['Quantity'],
  price: ['TradePrice'],
  commission: ['IBCommission'],
  taxes: ['Taxes'],
  dateTime: ['DateTime'],
  tradeDate: ['TradeDate'],
  tradeTime: ['TradeTime'],
  side: ['Buy/Sell'],
  effect: ['Open/CloseIndicator'],
  tradeId: ['TradeID'],
  execId: ['IBExecID'],
  orderId: ['IBOrderID'],
  detail: ['LevelOfDetail'],
  notes: ['Notes/Codes'],
} as const;
type TradeColumns = Record<keyof typeof TRADE_COLUMNS, number>;

const CASH_COLUMNS = { type: ['Type'], amount: ['Amount'] } as const;

// The names IBKR gives its columns, exactly: two of them in a row make it a header row.
const HEADER_NAMES = new Set(
  [
    'ClientAccountID',
    'AccountAlias',
    'CurrencyPrimary',
    'AssetClass',
    'Symbol',
    'Description',
    'Conid',
    'TradePrice',
    'Quantity',
    'DateTime',
    'TradeDate',
    'ReportDate',
    'SettleDate',
    'Amount',
    'Type',
  ].map(headerKey),
);
const ENVELOPE = new Set(['BOF', 'BOA', 'BOS', 'EOS', 'EOA', 'EOF']);

const isHeaderRow = (cells: readonly string[]) =>
  cells.filter((cell) => HEADER_NAMES.has(headerKey(cell)) && /^[A-Za-z/]+$/.test(cell)).length >= 2;

// A trades header: the fill's columns and one of the names only IBKR writes.
function isTradesHeader(header: readonly string[]): boolean {
  const c = columnsOf(header, TRADE_COLUMNS);
  return (
    c.symbol >= 0 &&
    c.quantity >= 0 &&
    c.price >= 0 &&
    (c.dateTime >= 0 || c.tradeDate >= 0) &&
    header.some((cell) => /^IB(Commission|ExecID|OrderID)$/.test(cell))
  );
}

type Section = { kind: 'trades'; columns: TradeColumns } | { kind: 'cash'; type: number } | { kind: 'other' };

function sectionOf(header: readonly string[]): Section {
  if (isTradesHeader(header)) return { kind: 'trades', columns: columnsOf(header, TRADE_COLUMNS) };
  const cash = columnsOf(header, CASH_COLUMNS);
  if (cash.type >= 0 && cash.amount >= 0 && !header.includes('TradePrice'))
    return { kind: 'cash', type: cash.type };
  return { kind: 'other' };
}

/** Each data row with the section its header opened, in file order. */
function* sectionRows(table: StatementTable): Generator<{ cells: string[]; line: number; section: Section }> {
  const coded = new Map<string, Section>();
  let plain: Section = { kind: 'other' };
  for (const [i, row] of table.rows.entries()) {
    const line = table.lines[i] ?? 0;
    const first = row[0] ?? '';
    if (ENVELOPE.has(first)) continue;
    if (first === 'HEADER') {
      coded.set(row[1] ?? '', sectionOf(row.slice(2)));
      continue;
    }
    if (first === 'DATA') {
      yield { cells: row.slice(2), line, section: coded.get(row[1] ?? '') ?? { kind: 'other' } };
      continue;
    }
    if (isHeaderRow(row)) {
      plain = sectionOf(row);
      continue;
    }
    yield { cells: row, line, section: plain };
  }
}

// Zone names IBKR may write after a time, as offsets (its own zone setting, e.g. "EST").
const ZONE_OFFSETS: Record<string, string> = {
  EST: '-05:00',
  EDT: '-04:00',
  CST: '-06:00',
  CDT: '-05:00',
  MST: '-07:00',
  MDT: '-06:00',
  PST: '-08:00',
  PDT: '-07:00',
  GMT: 'Z',
  UTC: 'Z',
};

/** The execution's instant: its DateTime (an offset or zone name honoured), else TradeDate + TradeTime. */
function executedAtOf(cells: readonly string[], c: TradeColumns): string | null {
  let text = c.dateTime >= 0 ? (cells[c.dateTime] ?? '') : '';
  if (text === '') {
    const date = c.tradeDate >= 0 ? cells[c.tradeDate] : undefined;
    const time = c.tradeTime >= 0 ? (cells[c.tradeTime] ?? '') : '';
    // A query without times: the trade date alone, read as noon (cells.ts, readInstant).
    if (time === '') return readInstant(date);
    text = `${date ?? ''};${time}`;
  }
  const zone = /\s+([A-Z]{3})$/.exec(text);
  if (zone?.[1]) {
    const offset = ZONE_OFFSETS[zone[1]];
    if (offset === undefined) return null;
    text = `${text.slice(0, zone.index)} ${offset}`;
  }
  return readDateTime(text, EASTERN);
}

// Asset classes: stocks (and ETFs) are STK; options on stocks and on futures are skipped as options.
const OPTION_CLASSES = new Set(['OPT', 'FOP', 'FSOPT']);

// IBKR writes a share class with a space ("BRK B"): the journal holds "BRK.B".
const stockOf = (cell: string | undefined) =>
  readStock((cell ?? '').replace(/^([A-Za-z]+) ([A-Za-z])$/, '$1.$2'));

function readTrade(
  cells: readonly string[],
  line: number,
  c: TradeColumns,
  executionsListed: boolean,
): RowRead {
  const cell = (index: number) => (index >= 0 ? (cells[index] ?? '') : '');
  const detail = cell(c.detail).toUpperCase();
  // Summaries and closed lots restate executions; ORDER rows sum them when executions are listed.
  if (detail !== '' && detail !== 'EXECUTION' && (detail !== 'ORDER' || executionsListed)) return null;
  const assetClass = cell(c.assetClass).toUpperCase();
  if (OPTION_CLASSES.has(assetClass)) return { line, reason: 'option', detail: cell(c.symbol) };
  if (assetClass !== '' && assetClass !== 'STK')
    return { line, reason: 'instrument', detail: cell(c.symbol) };
  const unreadable = (what: string): SkippedRow => ({ line, reason: 'unreadable', detail: what });
  // A cancelled trade ("SELL (Ca.)", code Ca) undoes one: neither is a fill that stands.
  if (/\(Ca\.\)/.test(cell(c.side)) || /(^|;)Ca(;|$)/.test(cell(c.notes)))
    return { line, reason: 'notFilled' };
  const symbol = stockOf(cell(c.symbol));
  if (symbol === null) return { line, reason: 'instrument', detail: cell(c.symbol) };
  // The journal's prices are dollars: a stock traded in another currency is another instrument.
  const currency = cell(c.currency).toUpperCase();
  if (currency !== '' && currency !== 'USD')
    return { line, reason: 'instrument', detail: `${cell(c.symbol)} in ${currency}` };
  const executedAt = executedAtOf(cells, c);
  if (executedAt === null) return unreadable('Date or time cannot be read');
  const signed = readAmount(cell(c.quantity));
  if (signed === null || signed === 0) return unreadable('Quantity is not a number');
  const side = c.side >= 0 ? readSide(cell(c.side)) : signed < 0 ? 'Sell' : 'Buy';
  if (side === null) return unreadable('Buy/Sell is neither a buy nor a sell');
  const price = readAmount(cell(c.price));
  if (price === null || price <= 0) return unreadable('TradePrice is not a positive number');
  const fees = sumFees([cell(c.commission), cell(c.taxes)]);
  if (fees === null) return unreadable('IBCommission or Taxes is not a number');
  const effect = cell(c.effect).toUpperCase();
  const id =
    cell(c.tradeId) ||
    cell(c.execId) ||
    (detail === 'ORDER' && cell(c.orderId) ? `order:${cell(c.orderId)}` : '');
  // "C;O" is one fill that closes a position and opens the other way: the file says neither alone.
  const positionEffect = effect === 'O' ? 'Open' : effect === 'C' ? 'Close' : null;
  const ids = { brokerId: id === '' ? null : id, account: cell(c.account) || null };
  const fill = { line, symbol, side, quantity: Math.abs(signed), price, fees, executedAt };
  return statementFill({ ...fill, ...ids, positionEffect });
}

// Cash Transactions' types: dividends and what goes with them, else a cash movement.
const DIVIDEND_TYPES = /dividend|withholding|payment in lieu/i;

export const ibkrFlex: StatementFormat = {
  id: 'ibkr-flex',
  name: 'Interactive Brokers (Flex Query)',
  detect(table) {
    // The Trades section may follow long ones (positions): every header row is looked at.
    return table.rows.some((row) =>
      row[0] === 'HEADER' ? isTradesHeader(row.slice(2)) : isHeaderRow(row) && isTradesHeader(row),
    );
  },
  parse(table) {
    const rows = [...sectionRows(table)];
    const executionsListed = rows.some(
      ({ cells, section }) =>
        section.kind === 'trades' &&
        section.columns.detail >= 0 &&
        cells[section.columns.detail]?.toUpperCase() === 'EXECUTION',
    );
    return collected(
      rows.map(({ cells, line, section }): RowRead => {
        if (section.kind === 'trades') return readTrade(cells, line, section.columns, executionsListed);
        if (section.kind !== 'cash') return null;
        const type = cells[section.type] ?? '';
        return { line, reason: DIVIDEND_TYPES.test(type) ? 'dividend' : 'cash', detail: type };
      }),
    );
  },
};
