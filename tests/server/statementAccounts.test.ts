import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import type { StatementImportAnswer } from '../../src/domain/statements/statement.ts';
import type { Account, Execution } from '../../src/domain/types.ts';
import { signedInServer } from './harness.ts';

// A file with several broker accounts (docs/product.md, "Importing statements"): imported one
// account at a time, chosen with brokerAccount; without it such a file is refused, naming them.

const { alex } = signedInServer();

const flex = readFileSync(new URL('../fixtures/statements/ibkr-flex.csv', import.meta.url), 'utf8');
/** The Flex file with its TSLA executions in a second account. */
const twoAccounts = flex.replace(/"U1234567"(,"USD","STK","TSLA")/g, '"U7654321"$1');

async function importInto(accountId: string, text: string, extra = '') {
  const res = await alex.call(
    'POST',
    `/api/v1/fills/import?account=${accountId}&format=auto${extra}`,
    undefined,
    {
      body: text,
      headers: { 'Content-Type': 'text/csv' },
    },
  );
  return { status: res.status, body: await res.json() };
}
const firstAccount = async () => (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
const statementFills = async () =>
  (await alex.json<Execution[]>('GET', '/api/v1/executions')).body.filter((f) => f.source === 'statement');

describe('a file with several broker accounts', () => {
  it('is refused without brokerAccount, naming its accounts, and nothing is written', async () => {
    const account = await firstAccount();
    for (const extra of ['', '&dryRun=1']) {
      const res = await importInto(account.id, twoAccounts, extra);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'brokerAccount', message: messages.statementBrokerAccountNeeded(['U1234567', 'U7654321']) },
      ]);
      expect(res.body.errors[0].message).toBe(
        'This file holds the fills of several accounts (U1234567, U7654321): choose one with brokerAccount',
      );
    }
    expect(await statementFills()).toEqual([]);
  });

  it("imports the chosen account's fills only; the others' rows are skipped as another account's", async () => {
    const account = await firstAccount();
    const res = await importInto(account.id, twoAccounts, '&brokerAccount=U7654321');
    expect(res.status).toBe(200);
    const answer = res.body as StatementImportAnswer;
    expect(answer.added).toBe(2);
    const held = await statementFills();
    expect(held.map((f) => [f.symbol, f.side, f.quantity])).toEqual(
      expect.arrayContaining([
        ['TSLA', 'Sell', 10],
        ['TSLA', 'Buy', 10],
      ]),
    );
    expect(held).toHaveLength(2);
    const others = answer.skipped.filter((s) => s.reason === 'otherAccount');
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((s) => s.detail === 'U1234567')).toBe(true);
    // The other account's fills come in on their own import, into the same or another account.
    const second = await importInto(account.id, twoAccounts, '&brokerAccount=U1234567');
    expect(second.body.skipped.filter((s: { reason: string }) => s.reason === 'otherAccount')).toHaveLength(
      2,
    );
    expect(second.body.added).toBeGreaterThan(0);
    expect((await statementFills()).length).toBe(2 + second.body.added);
  });

  it('refuses a brokerAccount the file does not name, or one too long, with its message', async () => {
    const account = await firstAccount();
    const unknown = await importInto(account.id, twoAccounts, '&brokerAccount=U000');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      {
        field: 'brokerAccount',
        message: "brokerAccount must be one of this file's accounts: U1234567, U7654321",
      },
    ]);
    const tooLong = await importInto(account.id, twoAccounts, `&brokerAccount=${'U'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([
      { field: 'brokerAccount', message: messages.statementBrokerAccountInvalid },
    ]);
    const robinhood = readFileSync(new URL('../fixtures/statements/robinhood.csv', import.meta.url), 'utf8');
    const none = await importInto(account.id, robinhood, '&brokerAccount=U1234567&dryRun=1');
    expect(none.body.errors).toEqual([
      { field: 'brokerAccount', message: 'This file names no broker account: leave brokerAccount out' },
    ]);
  });

  it('takes a file of one account with or without brokerAccount', async () => {
    const account = await firstAccount();
    expect((await importInto(account.id, flex, '&dryRun=1')).status).toBe(200);
    const named = await importInto(account.id, flex, '&dryRun=1&brokerAccount=U1234567');
    expect(named.status).toBe(200);
    expect(named.body.skipped.some((s: { reason: string }) => s.reason === 'otherAccount')).toBe(false);
  });
});
