// A broker's statement as the journal reads it (docs/product.md, "Importing statements"): each
// format is a pure parser from the file's table to fills and skipped rows, with their line numbers.
import type { ExecutionKind, PositionEffect } from '../executions.ts';
import type { ExecutionSide } from '../types.ts';
import { uuidV5 } from '../uuidV5.ts';
import type { StatementBalance, StatementBalanceAnswer } from './balances.ts';

/** The formats recognised by themselves (statements/registry.ts), and the trader's own mapping. */
export const STATEMENT_FORMATS = [
  'ibkr-flex',
  'ibkr-activity',
  'fidelity',
  'schwab',
  'thinkorswim',
  'robinhood',
  'webull',
  'tastytrade',
  'etrade',
  'tradestation',
  'mapped',
] as const;
export type StatementFormatId = (typeof STATEMENT_FORMATS)[number];

/** One fill (or a split or transfer the file books) as the statement writes it, converted. */
export interface StatementFill {
  /** The file's line the fill was read from, 1 for the first line (for the trader's questions). */
  line: number;
  kind: ExecutionKind;
  /** Upper-case, as the journal holds stocks ("BRK.B"). */
  symbol: string;
  side: ExecutionSide;
  /** Shares, positive; fractional as the broker wrote them. */
  quantity: number;
  /** Per share, as the broker wrote it (up to 4 decimals and more). */
  price: number;
  /** Every fee and commission of the fill, positive, 0 when none. */
  fees: number;
  /** UTC, as `toISOString` writes it, converted from the broker's time zone. */
  executedAt: string;
  /** Whether the broker booked it as opening or closing; null when the file does not say. */
  positionEffect: PositionEffect | null;
  /** The broker's trade or execution id when the format has one; null otherwise. */
  brokerId: string | null;
  /** The broker's account as the file names it (files with several accounts); null when none. */
  account: string | null;
}

/** Why a row is not a fill. */
export const STATEMENT_SKIP_REASONS = [
  /** Deposits, withdrawals, interest, fees not tied to a fill, journal entries. */
  'cash',
  /** Dividends and their withholding. */
  'dividend',
  /** Options until they are imported (the options issue). */
  'option',
  /** Futures, bonds, funds, crypto, forex: the journal holds stocks and ETFs. */
  'instrument',
  /** An order that did not fill (cancelled, rejected, working). */
  'notFilled',
  /** A row the format cannot read: a missing or impossible field. */
  'unreadable',
  /** A fill of another of the file's broker accounts than the one imported (fileAccounts.ts). */
  'otherAccount',
] as const;
export type StatementSkipReason = (typeof STATEMENT_SKIP_REASONS)[number];

export interface SkippedRow {
  line: number;
  reason: StatementSkipReason;
  /** What was wrong, in words, for 'unreadable' ("Price is not a number"); otherwise optional. */
  detail?: string;
}

/** What a parser makes of a file. */
export interface ParsedStatement {
  fills: StatementFill[];
  skipped: SkippedRow[];
  /** The account's value where the file carries it (balances.ts; for a manual account). */
  balance?: StatementBalance | null;
}

/** A file's rows as cells, and the line each row starts on (a quoted cell may span lines). */
export interface StatementTable {
  rows: string[][];
  lines: number[];
}

export interface StatementFormat {
  id: StatementFormatId;
  /** What the preview calls it: "Interactive Brokers (Flex Query)". */
  name: string;
  /** Whether the table is this format's (from its header and content); never throws. */
  detect(table: StatementTable): boolean;
  /** The fills and skipped rows; a row it cannot read is skipped as 'unreadable', never thrown. */
  parse(table: StatementTable): ParsedStatement;
}

// Fills of statements are named in their own namespace: an id is the same on the phone and the
// server, and the same fill imported twice is the same row (uuidV5.ts).
const STATEMENT_NAMESPACE = 'a3c1e2f4-5b6d-5e7f-8a9b-0c1d2e3f4a5b';

/**
 * The fill's identity within its account: the broker's id where the format has one, else its
 * fields and which occurrence of those fields it is in the file (two identical partial fills).
 */
export function statementIdentity(fill: StatementFill, occurrence: number): string {
  if (fill.brokerId !== null) return `id:${fill.brokerId}`;
  const at = new Date(fill.executedAt).toISOString();
  // Fees stay out: a corrected commission is the same fill.
  return `row:${fill.kind}|${fill.symbol}|${fill.side}|${fill.quantity}|${fill.price}|${at}|${occurrence}`;
}

/** Each fill with its identity, counting repeats of the same fields in file order. */
export function identified(fills: readonly StatementFill[]): { fill: StatementFill; identity: string }[] {
  const seen = new Map<string, number>();
  return fills.map((fill) => {
    const base = statementIdentity(fill, 0);
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return { fill, identity: fill.brokerId === null ? statementIdentity(fill, occurrence) : base };
  });
}

/** The execution id of an imported fill: the same for the same account and identity, everywhere. */
export const statementFillId = (accountId: string, identity: string): string =>
  uuidV5(`${accountId}/${identity}`, STATEMENT_NAMESPACE);

/**
 * `POST /api/v1/fills/import?account=<id>&format=auto|<format>[&dryRun=1]`, the file as the body
 * (docs/product.md, "Importing statements"): what the import did, or with dryRun would do.
 */
export interface StatementImportAnswer {
  format: StatementFormatId;
  /** The format's name as the preview shows it. */
  name: string;
  added: number;
  alreadyHere: number;
  skipped: SkippedRow[];
  /** The ids of the fills added (none on a dry run): what a device that applied the import offline keeps. */
  addedIds: string[];
  /** The account's value the file carries, and whether it set (or, on a dry run, would set) the balance. */
  balance: StatementBalanceAnswer | null;
}
