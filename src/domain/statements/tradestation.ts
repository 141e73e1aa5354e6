// TradeStation's trade history as the one layout public material documents for it
// (docs/product.md, "Importing statements"): one row per execution, trade date and execution time
// in separate columns (US Eastern, no offset), the side as B/S/SS/BC, and the clearing firm's fee
// columns one by one. The file lists trades only: no cash, dividend or order-status rows.
import { columnsOf, hasColumns, headerKey, readAmount, readInstant, readSide, readStock } from './cells.ts';
import { type Booking, type RowRead, readRows, statementFill } from './rows.ts';
import type { ParsedStatement, SkippedRow, StatementFormat, StatementTable } from './statement.ts';

const COLUMNS = {
  account: ['Account'],
  tradeDate: ['T/D'],
  currency: ['Currency'],
  type: ['Type'],
  side: ['Side'],
  symbol: ['Symbol'],
  quantity: ['Qty'],
  price: ['Price'],
  time: ['Exec Time'],
} as const;
type Columns = Record<keyof typeof COLUMNS, number>;

// Each charged positive; a rebate (ECN Add for adding liquidity) negative, as Net Proceeds has it.
const FEES = ['Comm', 'SEC', 'TAF', 'NSCC', 'Nasdaq', 'ECN Remove', 'ECN Add'];
const FEE_COLUMNS = FEES.map(headerKey);

// Its distinctive columns, together: the fill's, the proceeds, and the first three fees.
const REQUIRED = [
  'T/D',
  'S/D',
  'Side',
  'Symbol',
  'Qty',
  'Price',
  'Exec Time',
  'Gross Proceeds',
  'Net Proceeds',
];

// An option as OCC writes it ("AAPL  261120C00150000", with or without the spaces).
const OCC_OPTION = /^[A-Z.]{1,6}\s*\d{6}[CP]\d{8}$/i;

const SIDES: Record<string, Booking> = {
  B: { side: 'Buy', positionEffect: null },
  S: { side: 'Sell', positionEffect: null },
  SS: { side: 'Sell', positionEffect: 'Open' },
  BC: { side: 'Buy', positionEffect: 'Close' },
};

function readRow(cells: readonly string[], line: number, c: Columns, fees: readonly number[]): RowRead {
  const cell = (index: number) => (index >= 0 ? (cells[index] ?? '') : '');
  const unreadable = (detail: string): SkippedRow => ({ line, reason: 'unreadable', detail });
  const symbolCell = cell(c.symbol);
  if (OCC_OPTION.test(symbolCell) || /^o(ption)?$/i.test(cell(c.type)))
    return { line, reason: 'option', detail: symbolCell };
  const symbol = readStock(symbolCell);
  if (symbol === null) return { line, reason: 'instrument', detail: symbolCell };
  const currency = cell(c.currency).toUpperCase();
  if (currency !== '' && currency !== 'USD')
    return { line, reason: 'instrument', detail: `${symbolCell} in ${currency}` };
  const executedAt = readInstant(cell(c.tradeDate), cell(c.time));
  if (executedAt === null) return unreadable('T/D or Exec Time cannot be read');
  const sideCell = cell(c.side).toUpperCase();
  const known = SIDES[sideCell];
  const side = known?.side ?? readSide(sideCell);
  if (side === null) return unreadable('Side is neither a buy nor a sell');
  const quantity = readAmount(cell(c.quantity));
  if (quantity === null || quantity === 0) return unreadable('Qty is not a number');
  const price = readAmount(cell(c.price));
  if (price === null || price <= 0) return unreadable('Price is not a positive number');
  let total = 0;
  for (const index of fees) {
    const fee = readAmount(cell(index));
    if (fee === null && cell(index) !== '') return unreadable('A fee column is not a number');
    total += fee ?? 0;
  }
  const account = cell(c.account) || null;
  const fill = { line, symbol, side, quantity: Math.abs(quantity), price, executedAt, account };
  // Rebates lower the fees; beyond them they are not income the journal books.
  const net = Math.max(0, Math.round(total * 1e6) / 1e6);
  return statementFill({ ...fill, fees: net, positionEffect: known?.positionEffect ?? null });
}

function parse(table: StatementTable): ParsedStatement {
  const header = table.rows[0] ?? [];
  const c = columnsOf(header, COLUMNS);
  const keys = header.map(headerKey);
  const fees = FEE_COLUMNS.map((name) => keys.indexOf(name)).filter((index) => index >= 0);
  return readRows(table, 1, (cells, line) => readRow(cells, line, c, fees));
}

export const tradestation: StatementFormat = {
  id: 'tradestation',
  name: 'TradeStation (trade history)',
  detect: (table) => hasColumns(table.rows[0] ?? [], [...REQUIRED, ...FEES.slice(0, 3)]),
  parse,
};
