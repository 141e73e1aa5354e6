// What the statement import answers (docs/product.md, "Importing statements"): one text each for
// the API and the import screen, spread into messages.ts.
import { STATEMENT_MAX_BYTES } from '../constants.ts';

export const statementMessages = {
  statementNotRecognised: 'Trade Tracker could not recognise this file',
  statementNoMapping: 'None of your saved column mappings fits the columns of this file',
  statementFormatUnknown: 'Format must be auto or a statement format Trade Tracker knows',
  statementDryRunInvalid: 'dryRun must be 1 or 0',
  statementTooLarge: `A statement must be at most ${STATEMENT_MAX_BYTES / 1024 / 1024} MB`,
  statementContentType: 'Send the statement as text/csv, text/tab-separated-values or text/plain',
} as const;
