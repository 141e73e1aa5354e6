import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { Backup, RestoreResult } from '../../src/domain/backup.ts';
import { backupMessages } from '../../src/domain/backupMessages.ts';
import { messages } from '../../src/domain/messages.ts';
import type { Account, Execution, ImportResult, TradePlanDto } from '../../src/domain/types.ts';
import {
  type Client,
  recordFill,
  signedInServer,
  signIn,
  startTestServer,
  type TestServer,
} from './harness.ts';

// Accounts without an API (docs/product.md, "Accounts"): added by hand, sized, guarded and backed
// up like a broker's; the broker's refresh and import never touch them.

const { t, alex, sam } = signedInServer();

const manual = (o: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  accountName: 'Credit union IRA',
  lastDigits: '0042',
  originalBalance: 8_000,
  currentBalance: 10_000,
  capitalRisk: 10,
  maxTradeRisk: 1,
  ...o,
});
const create = (client: Client, body: unknown) => client.json<Account>('POST', '/api/v1/accounts', body);
const accountsOf = async (client: Client) => (await client.json<Account[]>('GET', '/api/v1/accounts')).body;
const fieldsOf = (body: unknown) => (body as { errors: { field: string; message: string }[] }).errors;

describe('POST /api/v1/accounts: an account added by hand', () => {
  it('is created with its own name, digits and balance, the defaults for the rest, and listed', async () => {
    const body = manual();
    const res = await create(alex, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: body.id,
      source: 'manual',
      accountName: 'Credit union IRA',
      accountNumber: '****0042',
      lastDigits: '0042',
      accountHash: `manual:${body.id}`,
      currentBalance: 10_000,
      availableFundsForTrading: 10_000,
      originalBalance: 8_000,
      scaleOutFactor: 1,
      heatLimit: 6,
      ordersAllowed: false,
      openRisk: 0,
    });
    const listed = await accountsOf(alex);
    expect(listed.find((a) => a.id === body.id)).toMatchObject({ source: 'manual', currentBalance: 10_000 });
    // The broker's accounts are still there, as the broker reports them.
    expect(listed.filter((a) => a.source === 'broker').length).toBeGreaterThanOrEqual(1);
  });

  it('is the same account when the create is sent again (200), and another trader cannot take its id', async () => {
    const body = manual({ accountName: 'Replayed' });
    expect((await create(alex, body)).status).toBe(201);
    const again = await create(alex, body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(body.id);
    expect((await accountsOf(alex)).filter((a) => a.accountName === 'Replayed')).toHaveLength(1);
    const taken = await create(sam, body);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: messages.idInUse });
  });

  it('refuses a bad name, digits or balance on its field, and adds nothing', async () => {
    const before = await accountsOf(alex);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ accountName: '  ' }, 'accountName', messages.accountNameRequired],
      [{ accountName: 'x'.repeat(61) }, 'accountName', messages.accountNameTooLong],
      [{ accountName: 'Bell\u0007' }, 'accountName', messages.textControlCharacters],
      [{ lastDigits: '12345' }, 'lastDigits', messages.lastDigitsInvalid],
      [{ lastDigits: '12a4' }, 'lastDigits', messages.lastDigitsInvalid],
      [{ currentBalance: -1 }, 'currentBalance', messages.currentBalanceInvalid],
      [{ currentBalance: '100' }, 'currentBalance', messages.mustBeNumber],
      [{ maxTradeRisk: 0 }, 'maxTradeRisk', messages.maxTradeRiskOutOfRange],
    ];
    for (const [change, field, message] of cases) {
      const res = await create(alex, manual(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(res.body)).toContainEqual({ field, message });
    }
    expect(await accountsOf(alex)).toEqual(before);
  });

  it('refuses a cross-site create (403) and adds nothing', async () => {
    const before = await accountsOf(alex);
    const res = await alex.call('POST', '/api/v1/accounts', manual(), {
      headers: { Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await accountsOf(alex)).toEqual(before);
  });
});

describe('editing and deleting an account added by hand', () => {
  it("saves its name, digits and balance by hand; a broker account's are refused on their field", async () => {
    const { id } = (await create(alex, manual({ accountName: 'Edited' }))).body;
    const res = await alex.json<Account>('PUT', `/api/v1/accounts/${id}`, {
      originalBalance: 8_000,
      capitalRisk: 10,
      maxTradeRisk: 2,
      scaleOutFactor: 1,
      accountName: 'Edited again',
      lastDigits: '7',
      currentBalance: 12_500.5,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accountName: 'Edited again',
      accountNumber: '****7',
      currentBalance: 12_500.5,
      availableFundsForTrading: 12_500.5,
      maxTradeRisk: 2,
    });

    const broker = (await accountsOf(alex)).find((a) => a.source === 'broker') as Account;
    const refused = await alex.json('PUT', `/api/v1/accounts/${broker.id}`, {
      originalBalance: 1,
      capitalRisk: 10,
      maxTradeRisk: 1,
      scaleOutFactor: 1,
      currentBalance: 5,
    });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual([
      { field: 'currentBalance', message: messages.brokerAccountByBroker },
    ]);
    expect((await accountsOf(alex)).find((a) => a.id === broker.id)).toEqual(broker);
  });

  it("is another trader's 404, to edit and to delete", async () => {
    const { id } = (await create(alex, manual({ accountName: 'Not yours' }))).body;
    const settings = { originalBalance: 1, capitalRisk: 10, maxTradeRisk: 1, scaleOutFactor: 1 };
    expect((await sam.json('PUT', `/api/v1/accounts/${id}`, settings)).status).toBe(404);
    expect((await sam.json('DELETE', `/api/v1/accounts/${id}`)).status).toBe(404);
    expect((await sam.json('PUT', `/api/v1/accounts/${id}/orders`, { allowed: false })).status).toBe(404);
    expect((await accountsOf(alex)).some((a) => a.id === id)).toBe(true);
  });

  it('is deleted only without fills, leaving a tombstone; a broker account is never deleted', async () => {
    const { id } = (await create(alex, manual({ accountName: 'Short-lived' }))).body;
    const fill = await recordFill(t, alex, {
      accountId: id,
      symbol: 'KEEP',
      quantity: 10,
      price: 20,
      executedAt: new Date(t.clock.now.getTime() - 3_600_000).toISOString(),
    });
    const held = await alex.json('DELETE', `/api/v1/accounts/${id}`);
    expect(held.status).toBe(409);
    expect(held.body).toMatchObject({ message: messages.manualAccountHoldsFills(1) });
    expect(
      (await alex.json<Execution[]>('GET', '/api/v1/executions')).body.some((e) => e.id === fill.id),
    ).toBe(true);

    expect((await alex.json('DELETE', `/api/v1/executions/${fill.id}`)).status).toBe(204);
    expect((await alex.json('DELETE', `/api/v1/accounts/${id}`)).status).toBe(204);
    expect((await accountsOf(alex)).some((a) => a.id === id)).toBe(false);
    // A create replayed after the delete does not bring it back.
    const replayed = await create(alex, manual({ id, accountName: 'Short-lived' }));
    expect(replayed.status).toBe(410);

    const broker = (await accountsOf(alex)).find((a) => a.source === 'broker') as Account;
    const refused = await alex.json('DELETE', `/api/v1/accounts/${broker.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: messages.brokerAccountNotDeleted });
  });

  it('never loses a fill to a delete at the same time: one of the two is refused', async () => {
    for (let round = 0; round < 5; round++) {
      const { id } = (await create(alex, manual({ accountName: `Race ${round}` }))).body;
      const [removed, recorded] = await Promise.all([
        alex.json('DELETE', `/api/v1/accounts/${id}`),
        alex.json<Execution>('POST', '/api/v1/executions', {
          accountId: id,
          symbol: 'RACE',
          side: 'Buy',
          quantity: 1,
          price: 10,
          executedAt: new Date(t.clock.now.getTime() - 60_000).toISOString(),
        }),
      ]);
      const outcome = [removed.status, recorded.status].join(' ');
      expect(['204 400', '204 404', '409 201'], JSON.stringify(recorded.body)).toContain(outcome);
      const listed = (await accountsOf(alex)).some((a) => a.id === id);
      expect(listed).toBe(removed.status === 409);
      if (recorded.status === 201) {
        expect((await alex.json('DELETE', `/api/v1/executions/${recorded.body.id}`)).status).toBe(204);
        expect((await alex.json('DELETE', `/api/v1/accounts/${id}`)).status).toBe(204);
      }
    }
  });

  it('never takes orders: turning them on is refused with why, turning them off is fine', async () => {
    const { id } = (await create(alex, manual({ accountName: 'No orders' }))).body;
    const on = await alex.json('PUT', `/api/v1/accounts/${id}/orders`, { allowed: true });
    expect(on.status).toBe(409);
    expect(on.body).toMatchObject({ message: messages.ordersNeedBroker });
    const off = await alex.json<Account>('PUT', `/api/v1/accounts/${id}/orders`, { allowed: false });
    expect(off.status).toBe(200);
    expect(off.body.ordersAllowed).toBe(false);
  });
});

describe('an account added by hand among the broker', () => {
  it("is left alone by the broker's refresh and import, and its fills make trades named after it", async () => {
    const { id } = (await create(alex, manual({ accountName: 'Beside the broker' }))).body;
    const imported = await alex.json<ImportResult>('POST', '/api/v1/trades/import');
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const after = (await accountsOf(alex)).find((a) => a.id === id);
    expect(after).toMatchObject({
      source: 'manual',
      accountName: 'Beside the broker',
      currentBalance: 10_000,
    });
    const sync = await alex.json<{ accounts: Account[] }>('GET', '/api/v1/sync');
    expect(sync.body.accounts.some((a) => a.id === id)).toBe(true);
  });

  it('sizes plans from its balance and counts their risk in its heat', async () => {
    const { id } = (await create(alex, manual({ accountName: 'Sized' }))).body;
    const plan = await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
      stock: 'MANL',
      entryPrice: 50,
      stopLossPrice: 48,
    });
    expect(plan.status).toBe(201);
    // docs/product.md, "Position size": min(floor(100 / 2), floor(1,000 / 50), floor(10,000 / 50)) = 20.
    expect(plan.body.positionSizes.find((p) => p.accountId === id)?.position).toBe(20);
    const ready = await alex.json('PUT', `/api/v1/tradeplans/${plan.body.id}/status`, { status: 'Ready' });
    expect(ready.status).toBe(200);
    const heat = (await accountsOf(alex)).find((a) => a.id === id);
    expect(heat?.plannedRisk).toBe(40);
  });
});

describe('backup and restore of accounts added by hand', () => {
  let other: TestServer | undefined;
  afterAll(() => other?.stop?.());

  it('carries them, and restores them where the broker has never heard of them', async () => {
    const { id } = (await create(alex, manual({ accountName: 'Backed up', lastDigits: '' }))).body;
    const backup = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    expect(backup.accounts.find((a) => a.id === id)).toMatchObject({
      source: 'manual',
      accountName: 'Backed up',
      lastDigits: '',
      currentBalance: 10_000,
      accountHash: `manual:${id}`,
    });
    const brokers = backup.accounts.filter((a) => a.source === 'broker');
    expect(brokers.every((a) => a.accountName === null && a.currentBalance === null)).toBe(true);

    // The same journal: everything already there.
    const same = await alex.json<RestoreResult>('POST', '/api/v1/backup', backup);
    expect(same.status, JSON.stringify(same.body)).toBe(200);

    // Another server: the manual accounts come in although no broker reports them.
    other = await startTestServer();
    const there = await signIn(other.url, 'alex');
    const restored = await there.json<RestoreResult>('POST', '/api/v1/backup', backup);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const accounts = await accountsOf(there);
    expect(accounts.find((a) => a.id === id)).toMatchObject({
      source: 'manual',
      accountName: 'Backed up',
      accountNumber: '',
      currentBalance: 10_000,
    });
    // Another trader's journal holds none of alex's ids.
    const samRestore = await sam.json('POST', '/api/v1/backup', { ...backup, traderSettings: [] });
    expect(samRestore.status).toBe(409);
  });

  it('refuses a tampered manual account as the API would, naming its field', async () => {
    const backup = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    const tampered = backup.accounts.map((a) =>
      a.source === 'manual' ? { ...a, lastDigits: '123456' } : { ...a, currentBalance: 5 },
    );
    const res = await alex.json<{ message: string }>('POST', '/api/v1/backup', {
      ...backup,
      accounts: tampered,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(messages.lastDigitsInvalid);
    const hashless = backup.accounts.map((a) =>
      a.source === 'manual' ? { ...a, accountHash: 'h-other' } : a,
    );
    const wrongHash = await alex.json<{ message: string }>('POST', '/api/v1/backup', {
      ...backup,
      accounts: hashless,
    });
    expect(wrongHash.status).toBe(400);
    expect(wrongHash.body.message).toContain(messages.manualAccountHashInvalid);
    expect(backupMessages.accountNotAtBroker).toBeTruthy();
  });
});
