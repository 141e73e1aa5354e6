// The account's value where a statement carries it (docs/product.md, "Importing statements"): a
// manual account's balance may be set from it. thinkorswim's account statement ends with its
// Account Summary (Net Liquidating Value, through the statement's last day); IBKR's Activity
// Statement has a Net Asset Value section whose Total row's Current Total is the account's value on
// the period's last day, in its base currency. The other formats list transactions only.
import type { AccountSource } from '../accounts.ts';
import { BALANCE_MAX } from '../constants.ts';
import { type CalendarDate, columnsOf, readAmount, readDate } from './cells.ts';
import type { StatementFormatId, StatementTable } from './statement.ts';
import { EASTERN, wallTimeToIso } from './wallTime.ts';

/** What the account was worth, and the day (YYYY-MM-DD, New York) it was worth that. */
export interface StatementBalance {
  amount: number;
  asOf: string;
}

/** What importing the balance does: sets a manual account's, or leaves it (stated later, or the broker's). */
export type BalanceEffect = 'updates' | 'newerHere' | 'broker';

/** The balance as the import answers it. */
export type StatementBalanceAnswer = StatementBalance & { effect: BalanceEffect };

const isoDay = (d: CalendarDate) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** A real day (no 30 February), as YYYY-MM-DD, or null. */
function dayOf(date: CalendarDate | null): string | null {
  if (!date) return null;
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day));
  return at.getUTCMonth() === date.month - 1 && at.getUTCDate() === date.day ? isoDay(date) : null;
}

function thinkorswimBalance(table: StatementTable): StatementBalance | null {
  let asOf: string | null = null;
  let amount: number | null = null;
  for (const row of table.rows) {
    // "Account Statement for 123456789 (Individual) since 3/6/26 through 3/17/26"
    const through = /through\s+(\d{1,2}\/\d{1,2}\/\d{2,4})\s*$/i.exec(row[0] ?? '');
    if (through && asOf === null) asOf = dayOf(readDate(through[1]));
    if (row[0] === 'Net Liquidating Value') amount = readAmount(row[1]);
  }
  return asOf === null || amount === null ? null : { amount, asOf };
}

const MONTHS = 'january february march april may june july august september october november december'.split(
  ' ',
);

/** "March 1, 2026 - November 30, 2026", "July 14, 2026", "January 1 - January 31 2026": the last day. */
function periodEnd(period: string): string | null {
  const last = period.split(' - ').at(-1) ?? '';
  const m = /^([A-Za-z]+)\s+(\d{1,2}),?\s+(\d{4})$/.exec(last.trim());
  const month = MONTHS.indexOf(m?.[1]?.toLowerCase() ?? '') + 1;
  if (!m || month === 0) return null;
  return dayOf({ year: Number(m[3]), month, day: Number(m[2]) });
}

function ibkrActivityBalance(table: StatementTable): StatementBalance | null {
  let asOf: string | null = null;
  let currency = '';
  let amount: number | null = null;
  let total = -1;
  for (const row of table.rows) {
    const [section, kind, ...cells] = row;
    if (section === 'Statement' && cells[0] === 'Period') asOf = periodEnd(cells[1] ?? '');
    if (section === 'Account Information' && cells[0] === 'Base Currency') currency = cells[1] ?? '';
    if (section !== 'Net Asset Value') continue;
    // The section declares another header after its table (the time-weighted return).
    if (kind === 'Header') total = columnsOf(cells, { total: ['Current Total'] }).total;
    else if (kind === 'Data' && cells[0] === 'Total' && total >= 0) amount = readAmount(cells[total]);
  }
  // The journal's balances are dollars: another base currency is left alone.
  if (currency.toUpperCase() !== 'USD' || asOf === null || amount === null) return null;
  return { amount, asOf };
}

const READERS: Partial<Record<StatementFormatId, (table: StatementTable) => StatementBalance | null>> = {
  thinkorswim: thinkorswimBalance,
  'ibkr-activity': ibkrActivityBalance,
};

/** The balance the statement carries, if its format has one and it is a balance the journal holds. */
export function statementBalance(format: StatementFormatId, table: StatementTable): StatementBalance | null {
  const balance = READERS[format]?.(table) ?? null;
  if (balance === null || !(balance.amount >= 0 && balance.amount <= BALANCE_MAX)) return null;
  return balance;
}

/** When the balance was true: the day's close (16:00 New York), or now for a statement through today. */
export function balanceInstant(asOf: string, now: Date): Date {
  const [year, month, day] = asOf.split('-').map(Number) as [number, number, number];
  const close = wallTimeToIso({ year, month, day }, { hour: 16, minute: 0 }, EASTERN);
  const at = close === null ? now : new Date(close);
  return at < now ? at : now;
}

/**
 * A statement's balance sets a manual account's when it was true after the account's balance was
 * last stated (`balanceAsOf`: by hand, or by the last statement); a broker's is the broker's.
 */
export function balanceEffect(
  account: { source: AccountSource; balanceAsOf?: string | null },
  balance: StatementBalance,
  now: Date,
): BalanceEffect {
  if (account.source !== 'manual') return 'broker';
  const stated = account.balanceAsOf ? Date.parse(account.balanceAsOf) : Number.NEGATIVE_INFINITY;
  return balanceInstant(balance.asOf, now).getTime() > stated ? 'updates' : 'newerHere';
}
