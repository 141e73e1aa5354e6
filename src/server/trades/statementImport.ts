// A broker's statement imported into one of the trader's accounts (docs/product.md, "Importing
// statements"): the domain reads the file and plans what it adds; the trade book writes the new
// fills and the plan links of their trades in one transaction.
import { validateStatementFill } from '../../domain/executions.ts';
import { messages } from '../../domain/messages.ts';
import {
  type BalanceEffect,
  balanceEffect,
  balanceInstant,
  type StatementBalanceAnswer,
} from '../../domain/statements/balances.ts';
import { fileAccounts, onlyAccount } from '../../domain/statements/fileAccounts.ts';
import { planImport } from '../../domain/statements/importPlan.ts';
import type { StatementMapping } from '../../domain/statements/mapping.ts';
import { readStatement } from '../../domain/statements/registry.ts';
import {
  identified,
  type SkippedRow,
  type StatementFill,
  type StatementFormatId,
  type StatementImportAnswer,
  statementFillId,
} from '../../domain/statements/statement.ts';
import type { Execution } from '../../domain/types.ts';
import { type StoredAccount, stateBalance, storedAccount } from '../accounts/accountRepository.ts';
import { mapInChunks, nextTurn } from '../db/chunks.ts';
import type { Database } from '../db/database.ts';
import { invalid } from '../refusals.ts';
import type { TradeBook } from './tradeBook.ts';

/**
 * The fills of the one broker account imported: the one asked for, or the file's only one. A file
 * of several accounts without one asked for, or one it does not name, is refused naming them.
 */
function ofBrokerAccount<R extends { fills: StatementFill[]; skipped: SkippedRow[] }>(
  read: R,
  brokerAccount: string | undefined,
): R {
  const accounts = fileAccounts(read.fills);
  if (brokerAccount === undefined) {
    if (accounts.length <= 1) return read;
    throw invalid([{ field: 'brokerAccount', message: messages.statementBrokerAccountNeeded(accounts) }]);
  }
  if (!accounts.includes(brokerAccount))
    throw invalid([{ field: 'brokerAccount', message: messages.statementBrokerAccountNotInFile(accounts) }]);
  return onlyAccount(read, brokerAccount);
}

/** The trader's saved column mappings ('mapped' files), from the trader's settings. */
export type StatementMappings = (userId: string) => Promise<StatementMapping[]>;

export interface StatementImportCall {
  accountId: string;
  format: StatementFormatId | 'auto';
  dryRun: boolean;
  /** Which of the file's broker accounts to import: needed when it holds several. */
  brokerAccount?: string | undefined;
  /** The file, decoded from UTF-8. */
  text: string;
}

const byLine = (a: SkippedRow, b: SkippedRow) => a.line - b.line;

/** The file's line of each fill by its id (only when one is refused: an id costs a hash). */
const linesById = (fills: readonly StatementFill[], accountId: string): Map<string, number> =>
  new Map(identified(fills).map(({ fill, identity }) => [statementFillId(accountId, identity), fill.line]));

export function createStatementImport(
  db: Database,
  book: TradeBook,
  mappingsOf: StatementMappings,
  now: () => Date,
) {
  /**
   * What the statement's balance does to the account, done unless `dryRun`: a manual account's
   * balance stated before the statement's day becomes the statement's (src/domain/statements/balances.ts).
   */
  async function balanceOf(
    userId: string,
    account: StoredAccount,
    balance: { amount: number; asOf: string },
    dryRun: boolean,
    at: Date,
  ): Promise<StatementBalanceAnswer> {
    let effect: BalanceEffect = balanceEffect(
      { source: account.source, balanceAsOf: account.updatedAt },
      balance,
      at,
    );
    if (effect === 'updates' && !dryRun) {
      const when = balanceInstant(balance.asOf, at);
      // A balance stated meanwhile, by hand or by another statement of a later day, is kept.
      if (!(await stateBalance(db, userId, account.id, balance.amount, when))) effect = 'newerHere';
    }
    return { ...balance, effect };
  }

  return {
    /** What the file adds to the account: added unless `dryRun`, each fill once by its identity. */
    async run(userId: string, call: StatementImportCall): Promise<StatementImportAnswer> {
      // Another trader's account, or none, is a 404 as if it did not exist.
      const account = await storedAccount(db, userId, call.accountId);
      const mappings = call.format === 'auto' || call.format === 'mapped' ? await mappingsOf(userId) : [];
      const whole = readStatement(call.text, call.format, mappings);
      if (!whole.ok) {
        const message =
          whole.reason === 'noMapping' ? messages.statementNoMapping : messages.statementNotRecognised;
        throw invalid([{ field: 'body', message }]);
      }
      const read = ofBrokerAccount(whole, call.brokerAccount);
      const at = now();
      const held = await book.fillsOfAccount(userId, call.accountId);
      // Reading, planning and checking a large file are each a fraction of a second of work: other
      // traders' requests run between them, and between chunks of the checks (docs/benchmarks.md).
      await nextTurn();
      const plan = planImport(read.fills, call.accountId, held, at.toISOString());
      await nextTurn();
      // Each fill is checked as a manual one is, by its own struct; one it refuses is skipped.
      const skipped = [...read.skipped];
      const fills: Execution[] = [];
      let lineOf: Map<string, number> | undefined;
      const checks = await mapInChunks(plan.add, (fill) => ({
        fill,
        checked: validateStatementFill(fill, at),
      }));
      for (const { fill, checked } of checks) {
        if (checked.ok) {
          fills.push(checked.value);
          continue;
        }
        lineOf ??= linesById(read.fills, call.accountId);
        skipped.push({
          line: lineOf.get(fill.id) ?? 0,
          reason: 'unreadable',
          detail: checked.errors.map((e) => e.message).join('; '),
        });
      }
      const addedIds = call.dryRun ? [] : await book.storeStatementFills(userId, fills, at);
      const added = call.dryRun ? fills.length : addedIds.length;
      return {
        format: read.format,
        name: read.name,
        added,
        // Those a concurrent import of the same file added first are here too.
        alreadyHere: plan.alreadyHere.length + fills.length - added,
        skipped: skipped.sort(byLine),
        addedIds,
        balance:
          read.balance === null ? null : await balanceOf(userId, account, read.balance, call.dryRun, at),
      };
    },
  };
}

export type StatementImport = ReturnType<typeof createStatementImport>;
