// What the statement import answers (docs/product.md, "Importing statements"): one text each for
// the API and the import screen, spread into messages.ts.
import { STATEMENT_MAX_BYTES } from '../constants.ts';

/** The longest broker account name the import takes (a file's account cell, as the API is sent it). */
export const BROKER_ACCOUNT_MAX_LENGTH = 100;
/** The file's accounts a message names; the rest are counted. */
const ACCOUNTS_NAMED = 10;

const listed = (accounts: readonly string[]): string =>
  accounts.length <= ACCOUNTS_NAMED
    ? accounts.join(', ')
    : `${accounts.slice(0, ACCOUNTS_NAMED).join(', ')} and ${accounts.length - ACCOUNTS_NAMED} more`;

export const statementMessages = {
  statementNotRecognised: 'Trade Tracker could not recognise this file',
  statementNoMapping: 'None of your saved column mappings fits the columns of this file',
  statementFormatUnknown: 'Format must be auto or a statement format Trade Tracker knows',
  statementDryRunInvalid: 'dryRun must be 1 or 0',
  statementTooLarge: `A statement must be at most ${STATEMENT_MAX_BYTES / 1024 / 1024} MB`,
  statementContentType: 'Send the statement as text/csv, text/tab-separated-values or text/plain',
  statementBrokerAccountInvalid: `brokerAccount must be 1 to ${BROKER_ACCOUNT_MAX_LENGTH} characters`,
  /** A file of several broker accounts imported without choosing one. */
  statementBrokerAccountNeeded: (accounts: readonly string[]) =>
    `This file holds the fills of several accounts (${listed(accounts)}): choose one with brokerAccount`,
  /** A brokerAccount the file does not name. */
  statementBrokerAccountNotInFile: (accounts: readonly string[]) =>
    accounts.length === 0
      ? 'This file names no broker account: leave brokerAccount out'
      : `brokerAccount must be one of this file's accounts: ${listed(accounts)}`,
} as const;
