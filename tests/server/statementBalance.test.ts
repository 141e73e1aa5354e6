import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StatementImportAnswer } from '../../src/domain/statements/statement.ts';
import type { Account } from '../../src/domain/types.ts';
import { type Client, signedInServer } from './harness.ts';

// A statement's balance (docs/product.md, "Importing statements"): an import into an account added
// by hand sets its balance when the statement's day is after the balance was last stated; a dry
// run only says so; a broker account's balance stays the broker's.

const { t, alex } = signedInServer();

const TOS = readFileSync(new URL('../fixtures/statements/thinkorswim.csv', import.meta.url), 'utf8');
/** thinkorswim's statement through `day` (M/D/YY), worth `value` ("$25,310.44"). */
const statement = (day: string, value: string) =>
  TOS.replace('through 3/17/26', `through ${day}`).replace('"$100,000.00"', `"${value}"`);

const importInto = async (accountId: string, text: string, extra = '', client: Client = alex) => {
  const res = await client.call(
    'POST',
    `/api/v1/fills/import?account=${accountId}&format=auto${extra}`,
    undefined,
    {
      body: text,
      headers: { 'Content-Type': 'text/csv' },
    },
  );
  return { status: res.status, body: (await res.json()) as StatementImportAnswer };
};
const accountOf = async (id: string) =>
  (await alex.json<Account[]>('GET', '/api/v1/accounts')).body.find((a) => a.id === id) as Account;
const DAY = 86_400_000;

describe("a statement's balance", () => {
  it("sets a manual account's balance stated before the statement's day, on an import, not a dry run", async () => {
    const id = randomUUID();
    const created = await alex.json('POST', '/api/v1/accounts', {
      id,
      accountName: 'thinkorswim by hand',
      lastDigits: '6789',
      originalBalance: 10_000,
      currentBalance: 10_000,
      capitalRisk: 10,
      maxTradeRisk: 1,
    });
    expect(created.status).toBe(201);
    // Made on 2026-11-20 at 10:30 in New York; a day later comes the statement through that day.
    t.clock.advance(DAY);
    const through20 = statement('11/20/26', '$25,310.44');
    const dry = await importInto(id, through20, '&dryRun=1');
    expect(dry.status).toBe(200);
    expect(dry.body.balance).toEqual({ amount: 25_310.44, asOf: '2026-11-20', effect: 'updates' });
    expect((await accountOf(id)).currentBalance).toBe(10_000);

    const done = await importInto(id, through20);
    expect(done.body.balance).toEqual({ amount: 25_310.44, asOf: '2026-11-20', effect: 'updates' });
    // The balance is the statement's, stated at that day's close in New York (16:00 EST).
    expect(await accountOf(id)).toMatchObject({
      currentBalance: 25_310.44,
      availableFundsForTrading: 25_310.44,
      balanceAsOf: '2026-11-20T21:00:00.000Z',
    });

    // An earlier day's statement, imported later, leaves the later balance.
    const older = await importInto(id, statement('11/19/26', '$20,000.00'));
    expect(older.body.balance).toEqual({ amount: 20_000, asOf: '2026-11-19', effect: 'newerHere' });
    expect((await accountOf(id)).currentBalance).toBe(25_310.44);

    // A balance typed by hand after the statement's day stays too.
    const typed = await alex.json('PUT', `/api/v1/accounts/${id}`, {
      originalBalance: 10_000,
      capitalRisk: 10,
      maxTradeRisk: 1,
      scaleOutFactor: 1,
      currentBalance: 26_000,
    });
    expect(typed.status).toBe(200);
    const again = await importInto(id, through20);
    expect(again.body.balance?.effect).toBe('newerHere');
    expect((await accountOf(id)).currentBalance).toBe(26_000);

    // A statement through today is true when it is made: after the hand edit of an hour ago.
    t.clock.advance(3_600_000);
    const today = await importInto(id, statement('11/21/26', '$26,500.00'));
    expect(today.body.balance).toEqual({ amount: 26_500, asOf: '2026-11-21', effect: 'updates' });
    expect(await accountOf(id)).toMatchObject({
      currentBalance: 26_500,
      balanceAsOf: t.clock.now.toISOString(),
    });
  });

  it("leaves a broker account's balance the broker's, and says so", async () => {
    const broker = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body.find(
      (a) => a.source === 'broker',
    ) as Account;
    const res = await importInto(broker.id, statement('11/20/26', '$1.00'));
    expect(res.status).toBe(200);
    expect(res.body.balance).toEqual({ amount: 1, asOf: '2026-11-20', effect: 'broker' });
    expect((await accountOf(broker.id)).currentBalance).toBe(broker.currentBalance);
  });

  it('is none for a file that carries none', async () => {
    const broker = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
    const flex = readFileSync(new URL('../fixtures/statements/ibkr-flex.csv', import.meta.url), 'utf8');
    const res = await importInto(broker.id, flex, '&dryRun=1');
    expect(res.status).toBe(200);
    expect(res.body.balance).toBeNull();
  });
});
