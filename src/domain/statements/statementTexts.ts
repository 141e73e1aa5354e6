// What the import screen and the saved column mappings say (docs/product.md, "Importing
// statements"): kept beside the statements, as the backup's are beside the backup.
import { formatMoney } from '../format.ts';
import type { BalanceEffect, StatementBalanceAnswer } from './balances.ts';
import type { StatementSkipReason } from './statement.ts';

/** The most column mappings a trader keeps, and the most fee columns one names. */
export const STATEMENT_MAPPINGS_MAX = 20;
export const MAPPING_FEES_MAX = 5;
/** A column's name, as a header cell or as a mapping names it. */
export const COLUMN_NAME_MAX_LENGTH = 200;
/** The most columns a mapped header has. */
export const MAPPED_HEADER_MAX = 500;

export const statementTexts = {
  tooManyMappings: `At most ${STATEMENT_MAPPINGS_MAX} column mappings are kept`,
  columnTooLong: `A column name must be at most ${COLUMN_NAME_MAX_LENGTH} characters`,
  columnRequired: 'Choose a column',
  headerSize: `A mapping's header has 1 to ${MAPPED_HEADER_MAX} columns`,
  tooManyFees: `At most ${MAPPING_FEES_MAX} fee columns`,
  timeZoneUnknown: 'Time zone is not one the browser knows',
  unreadableFile: 'This file cannot be read as text',
  mappingIncomplete: 'Choose the columns for date, symbol, quantity and price',
  importFailed: 'Failed to import the statement',
} as const;

/** Why a row was skipped, in the trader's words. */
export const skipReasonWords: Record<StatementSkipReason, string> = {
  cash: 'a cash movement',
  dividend: 'a dividend',
  option: 'an option — options come later',
  instrument: 'another instrument',
  notFilled: 'an order that did not fill',
  unreadable: 'a row that cannot be read',
  otherAccount: 'another account in this file',
};

/** A skipped row as the preview lists it: "Line 7: a row that cannot be read: Price is not a number". */
export const skippedRowText = (row: { line: number; reason: StatementSkipReason; detail?: string }) =>
  `Line ${row.line}: ${skipReasonWords[row.reason]}${row.detail ? `: ${row.detail}` : ''}`;

/** What importing a statement's balance does to the account, in the trader's words. */
export const balanceEffectWords: Record<BalanceEffect, string> = {
  updates: 'updates this account',
  broker: "this account's balance comes from the broker",
  newerHere: "this account's balance was stated later, so it stays",
};

/** "Balance on 2026-11-20: $25,310.44 — updates this account". */
export const balanceLine = (b: StatementBalanceAnswer) =>
  `Balance on ${b.asOf}: ${formatMoney(b.amount)} — ${balanceEffectWords[b.effect]}`;
