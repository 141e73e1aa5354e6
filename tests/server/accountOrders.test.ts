import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Backup } from '../../src/domain/backup.ts';
import { messages } from '../../src/domain/messages.ts';
import type { Account } from '../../src/domain/types.ts';
import { accountSettings } from '../../src/server/db/schema.ts';
import { orderRefusal } from '../../src/server/orders/orderGate.ts';
import { tradesOf } from '../../src/server/trades/tradeBook.ts';
import { type Client, clientFor, signedInServer } from './harness.ts';

// Orders from Trade Tracker per account, and the risk guard's gate (docs/product.md, "Orders").
// The test clock is Friday 2026-11-20, 10:30 in New York.
const { t, alex, sam } = signedInServer();

const accountsOf = async (client: Client) => (await client.json<Account[]>('GET', '/api/v1/accounts')).body;
const setOrders = (client: Client, id: string, body: unknown) =>
  client.json<Account & { message?: string }>('PUT', `/api/v1/accounts/${id}/orders`, body);
const settingsOf = (a: Account) => ({
  originalBalance: a.originalBalance,
  capitalRisk: a.capitalRisk,
  maxTradeRisk: a.maxTradeRisk,
  scaleOutFactor: a.scaleOutFactor,
  heatLimit: a.heatLimit,
});

describe('orders allowed per account', () => {
  it('is off for every account until the trader turns it on, and back off', async () => {
    const [first, second] = (await accountsOf(alex)) as [Account, Account];
    expect(first.ordersAllowed).toBe(false);
    expect(second.ordersAllowed).toBe(false);

    const on = await setOrders(alex, first.id, { allowed: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      id: first.id,
      ordersAllowed: true,
      currentBalance: first.currentBalance,
    });
    const after = await accountsOf(alex);
    expect(after.find((a) => a.id === first.id)?.ordersAllowed).toBe(true);
    expect(after.find((a) => a.id === second.id)?.ordersAllowed).toBe(false);

    const off = await setOrders(alex, first.id, { allowed: false });
    expect(off.body.ordersAllowed).toBe(false);
  });

  it('refuses a body that is not true or false, in the usual shape', async () => {
    const [first] = (await accountsOf(alex)) as [Account];
    for (const body of [{}, { allowed: 'yes' }, { allowed: 1 }, { allowed: null }]) {
      const res = await setOrders(alex, first.id, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: messages.allowedInvalid,
        errors: [{ field: 'allowed', message: messages.allowedInvalid }],
      });
    }
    expect((await setOrders(alex, 'not-an-id', { allowed: true })).status).toBe(404);
  });

  it("answers 404 for another trader's account and changes nothing", async () => {
    const [alexFirst] = (await accountsOf(alex)) as [Account];
    const res = await setOrders(sam, alexFirst.id, { allowed: true });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(messages.accountNotFound);
    expect((await accountsOf(alex))[0]?.ordersAllowed).toBe(false);
  });

  it('refuses a write from another site, and one without a session', async () => {
    const [first] = (await accountsOf(alex)) as [Account];
    const crossSite = await alex.call(
      'PUT',
      `/api/v1/accounts/${first.id}/orders`,
      { allowed: true },
      { headers: { Origin: 'https://evil.example' } },
    );
    expect(crossSite.status).toBe(403);
    const anonymous = await clientFor(t.url).call('PUT', `/api/v1/accounts/${first.id}/orders`, {
      allowed: true,
    });
    expect(anonymous.status).toBe(401);
    expect((await accountsOf(alex))[0]?.ordersAllowed).toBe(false);
  });

  it('is never changed by the settings call, as a change queued offline replays it', async () => {
    const [first] = (await accountsOf(alex)) as [Account];
    const replayed = await alex.json<Account>('PUT', `/api/v1/accounts/${first.id}`, {
      ...settingsOf(first),
      capitalRisk: 12,
      ordersAllowed: true,
    });
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({ capitalRisk: 12, ordersAllowed: false });

    await setOrders(alex, first.id, { allowed: true });
    const replayedOff = await alex.json<Account>('PUT', `/api/v1/accounts/${first.id}`, {
      ...settingsOf(first),
      ordersAllowed: false,
    });
    expect(replayedOff.body.ordersAllowed).toBe(true);
    await setOrders(alex, first.id, { allowed: false });
  });

  it('is not in the backup, and a restore leaves it as the server has it', async () => {
    const [first, second] = (await accountsOf(alex)) as [Account, Account];
    await setOrders(alex, first.id, { allowed: true });
    const backup = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    expect(backup.accounts.length).toBeGreaterThan(0);
    for (const a of backup.accounts) expect(a).not.toHaveProperty('ordersAllowed');

    // A document that claims otherwise changes nothing either way; its settings are restored.
    const edited = {
      ...backup,
      accounts: backup.accounts.map((a) => ({
        ...a,
        capitalRisk: 15,
        ordersAllowed: a.id !== first.id,
      })),
    };
    const restored = await alex.json('POST', '/api/v1/backup', edited);
    expect(restored.status).toBe(200);
    const after = await accountsOf(alex);
    expect(after.find((a) => a.id === first.id)).toMatchObject({ capitalRisk: 15, ordersAllowed: true });
    expect(after.find((a) => a.id === second.id)).toMatchObject({ capitalRisk: 15, ordersAllowed: false });
    await setOrders(alex, first.id, { allowed: false });
  });
});

describe('the risk guard settings', () => {
  it('keeps a daily loss limit and a most of new trades a day, null for none, and refuses bad ones', async () => {
    const [first] = (await accountsOf(alex)) as [Account];
    expect(first).toMatchObject({
      dailyLossLimit: null,
      dailyLossLimitUnit: 'Dollars',
      maxNewTradesPerDay: null,
    });
    const put = (body: Record<string, unknown>) =>
      alex.json<Account & { errors?: { field: string; message: string }[] }>(
        'PUT',
        `/api/v1/accounts/${first.id}`,
        { ...settingsOf(first), ...body },
      );
    const set = await put({ dailyLossLimit: 2, dailyLossLimitUnit: 'Percent', maxNewTradesPerDay: 3 });
    expect(set.body).toMatchObject({
      dailyLossLimit: 2,
      dailyLossLimitUnit: 'Percent',
      maxNewTradesPerDay: 3,
    });
    // Left out, they keep what is stored (an older client's change).
    expect((await put({})).body).toMatchObject({ dailyLossLimit: 2, maxNewTradesPerDay: 3 });

    const refused: [Record<string, unknown>, string, string][] = [
      [{ dailyLossLimit: 0 }, 'dailyLossLimit', messages.dailyLossLimitInvalid],
      [{ dailyLossLimit: -5 }, 'dailyLossLimit', messages.dailyLossLimitInvalid],
      // The stored unit is Percent: 150 % of the balance is refused with the unit left out too.
      [{ dailyLossLimit: 150 }, 'dailyLossLimit', messages.dailyLossLimitPercentTooHigh],
      [{ dailyLossLimitUnit: 'Euros' }, 'dailyLossLimitUnit', messages.dailyLossLimitUnitInvalid],
      [{ maxNewTradesPerDay: 0 }, 'maxNewTradesPerDay', messages.maxNewTradesPerDayInvalid],
      [{ maxNewTradesPerDay: 2.5 }, 'maxNewTradesPerDay', messages.maxNewTradesPerDayInvalid],
      [{ maxNewTradesPerDay: 101 }, 'maxNewTradesPerDay', messages.maxNewTradesPerDayInvalid],
    ];
    for (const [body, field, message] of refused) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toEqual([{ field, message }]);
    }
    const cleared = await put({
      dailyLossLimit: null,
      dailyLossLimitUnit: 'Dollars',
      maxNewTradesPerDay: null,
    });
    expect(cleared.body).toMatchObject({
      dailyLossLimit: null,
      dailyLossLimitUnit: 'Dollars',
      maxNewTradesPerDay: null,
    });
  });

  it('is backed up and restored with the other settings', async () => {
    const [first] = (await accountsOf(alex)) as [Account];
    await alex.json('PUT', `/api/v1/accounts/${first.id}`, {
      ...settingsOf(first),
      dailyLossLimit: 750,
      dailyLossLimitUnit: 'Dollars',
      maxNewTradesPerDay: 4,
    });
    const backup = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    expect(backup.accounts.find((a) => a.id === first.id)).toMatchObject({
      dailyLossLimit: 750,
      dailyLossLimitUnit: 'Dollars',
      maxNewTradesPerDay: 4,
    });
    await alex.json('PUT', `/api/v1/accounts/${first.id}`, {
      ...settingsOf(first),
      dailyLossLimit: null,
      maxNewTradesPerDay: null,
    });
    expect((await alex.json('POST', '/api/v1/backup', backup)).status).toBe(200);
    expect((await accountsOf(alex)).find((a) => a.id === first.id)).toMatchObject({
      dailyLossLimit: 750,
      maxNewTradesPerDay: 4,
    });
    await alex.json('PUT', `/api/v1/accounts/${first.id}`, {
      ...settingsOf(first),
      dailyLossLimit: null,
      maxNewTradesPerDay: null,
    });
  });
});

describe('the order gate', () => {
  // The gate as the order service asks it: the live account as the API answers it (the broker's
  // balances with the settings), and the trader's trades.
  const gate = () => ({
    refusal: async (userId: string, accountId: string, now: Date) => {
      const all = [...(await accountsOf(sam)), ...(await accountsOf(alex))];
      const live = all.find((a) => a.id === accountId) as Account;
      const db = t.server.database.db;
      return orderRefusal(db, userId, live, await tradesOf(db, userId, []), now);
    },
  });
  // Sam's user id, as the session would give it to the order service.
  const samId = async () => {
    const [account] = (await accountsOf(sam)) as [Account];
    const [row] = await t.server.database.db
      .select({ userId: accountSettings.userId })
      .from(accountSettings)
      .where(eq(accountSettings.id, account.id));
    return row?.userId as string;
  };

  it('refuses orders for an account without them allowed, then for a guard reached until the next day', async () => {
    const userId = await samId();
    const [account] = (await accountsOf(sam)) as [Account];
    const now = () => t.clock.now;
    expect(await gate().refusal(userId, account.id, now())).toBe(messages.ordersNotAllowed);

    await setOrders(sam, account.id, { allowed: true });
    expect(await gate().refusal(userId, account.id, now())).toBeNull();

    await sam.json('PUT', `/api/v1/accounts/${account.id}`, {
      ...settingsOf(account),
      dailyLossLimit: 500,
      dailyLossLimitUnit: 'Dollars',
      maxNewTradesPerDay: 3,
    });
    const fill = (symbol: string, side: 'Buy' | 'Sell', price: number, minutesAgo: number) =>
      sam.json('POST', '/api/v1/executions', {
        accountId: account.id,
        symbol,
        side,
        quantity: 100,
        price,
        fees: 0,
        executedAt: new Date(now().getTime() - minutesAgo * 60_000).toISOString(),
      });
    // A loss of $499.99 today: one cent short of the limit.
    expect((await fill('LOSS', 'Buy', 50, 30)).status).toBe(201);
    expect((await fill('LOSS', 'Sell', 45.0001, 20)).status).toBe(201);
    expect(await gate().refusal(userId, account.id, now())).toBeNull();
    // A second loss of $12.41 makes it $512.40: reached.
    expect((await fill('MORE', 'Buy', 20, 15)).status).toBe(201);
    expect((await fill('MORE', 'Sell', 19.8759, 10)).status).toBe(201);
    expect(await gate().refusal(userId, account.id, now())).toBe(
      messages.guardReachedRefusal(messages.dailyLossLimitReached('-$512.40', '-$500.00')),
    );
    // The next trading day (Monday) it lifts.
    const monday = new Date('2026-11-23T14:35:00.000Z');
    expect(await gate().refusal(userId, account.id, monday)).toBeNull();
    expect(await gate().refusal(userId, account.id, now())).not.toBeNull();
  });

  it("refuses another trader's account as not found", async () => {
    const userId = await samId();
    const [alexFirst] = (await accountsOf(alex)) as [Account];
    await expect(gate().refusal(userId, alexFirst.id, t.clock.now)).rejects.toMatchObject({
      kind: 'notFound',
      message: messages.accountNotFound,
    });
  });
});
