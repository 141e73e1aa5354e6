import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  accountByDigits,
  digitsOf,
  fileAccounts,
  onlyAccount,
} from '../../../src/domain/statements/fileAccounts.ts';
import { readStatement } from '../../../src/domain/statements/registry.ts';
import { skippedRowText } from '../../../src/domain/statements/statementTexts.ts';

// A file with several broker accounts (docs/product.md, "Importing statements"): its accounts are
// listed, the one ending with the Trade Tracker account's digits is found, and only its fills are
// imported; the others' are skipped as another account in this file.

const flex = readFileSync(new URL('../../fixtures/statements/ibkr-flex.csv', import.meta.url), 'utf8');
/** The Flex file with its TSLA executions in a second account. */
const twoAccounts = flex.replace(/"U1234567"(,"USD","STK","TSLA")/g, '"U7654321"$1');

const read = (text: string) => {
  const r = readStatement(text, 'auto');
  if (!r.ok) throw new Error('not read');
  return r;
};

describe("a file's broker accounts", () => {
  it('are the accounts its fills name, in the order they first come', () => {
    expect(fileAccounts(read(twoAccounts).fills)).toEqual(['U1234567', 'U7654321']);
    expect(fileAccounts(read(flex).fills)).toEqual(['U1234567']);
    const robinhood = readFileSync(
      new URL('../../fixtures/statements/robinhood.csv', import.meta.url),
      'utf8',
    );
    expect(fileAccounts(read(robinhood).fills)).toEqual([]);
  });

  it("are matched by the Trade Tracker account's last digits, only when one account ends with them", () => {
    const accounts = ['U1234567', 'U7654321', 'X-9921'];
    expect(accountByDigits(accounts, '4321')).toBe('U7654321');
    expect(accountByDigits(accounts, '21')).toBeUndefined();
    expect(accountByDigits(accounts, '0000')).toBeUndefined();
    expect(accountByDigits(accounts, '')).toBeUndefined();
    expect(digitsOf({ lastDigits: '0042', accountNumber: '****0042' })).toBe('0042');
    expect(digitsOf({ lastDigits: null, accountNumber: '****4321' })).toBe('4321');
  });

  it("keep only the chosen account's fills; the others' are skipped in line order with their reason", () => {
    const all = read(twoAccounts);
    const mine = onlyAccount(all, 'U7654321');
    expect(mine.fills.map((f) => [f.line, f.symbol, f.account])).toEqual([
      [9, 'TSLA', 'U7654321'],
      [10, 'TSLA', 'U7654321'],
    ]);
    const others = mine.skipped.filter((s) => s.reason === 'otherAccount');
    expect(others.map((s) => s.line)).toEqual(
      all.fills.filter((f) => f.symbol !== 'TSLA').map((f) => f.line),
    );
    expect(mine.skipped.map((s) => s.line)).toEqual(
      [...mine.skipped.map((s) => s.line)].sort((a, b) => a - b),
    );
    expect(skippedRowText(others[0]!)).toBe(
      `Line ${others[0]!.line}: another account in this file: U1234567`,
    );
  });
});
