import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/domain/types.ts';
import { DEMO_TRADERS } from '../../src/server/brokers/demo/demoTraders.ts';
import { signedInServer } from './harness.ts';

const { alex, sam } = signedInServer();

describe('accounts', () => {
  it("lists the trader's broker accounts with masked numbers and default settings", async () => {
    const res = await alex.json<Account[]>('GET', '/api/v1/accounts');
    expect(res.status).toBe(200);
    const broker = DEMO_TRADERS.find((d) => d.id === 'alex')?.accounts ?? [];
    expect(res.body).toHaveLength(broker.length);
    res.body.forEach((a, i) => {
      const b = broker[i] as (typeof broker)[number];
      expect(a).toMatchObject({
        accountName: b.accountName,
        accountNumber: `****${b.accountNumber.slice(-4)}`,
        accountHash: b.accountHash,
        currentBalance: b.currentBalance,
        availableFundsForTrading: b.availableFundsForTrading,
        originalBalance: b.currentBalance, // the first balance seen
        capitalRisk: 10,
        maxTradeRisk: 1,
        scaleOutFactor: 1,
      });
      expect(JSON.stringify(a)).not.toContain(b.accountNumber);
    });
  });

  it('keeps account ids stable across reads', async () => {
    const a = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body.map((x) => x.id);
    const b = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body.map((x) => x.id);
    expect(a).toEqual(b);
  });

  it('saves account settings and sizes plans with them', async () => {
    const [first] = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body as [Account];
    const settings = { originalBalance: 100_000, capitalRisk: 20, maxTradeRisk: 2, scaleOutFactor: 4 };
    const res = await alex.json<Account>('PUT', `/api/v1/accounts/${first.id}`, settings);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: first.id, ...settings, currentBalance: first.currentBalance });

    const plan = await alex.json<{ positionSizes: { accountId: string; position: number }[] }>(
      'POST',
      '/api/v1/tradeplans',
      { stock: 'SIZE', entryPrice: 50, stopLossPrice: 45 },
    );
    // docs/product.md, "Position size": min(floor(bal*2%/5), floor(bal*20%/50), floor(free/50)), down to a multiple of 4.
    const bal = first.currentBalance;
    const free = first.availableFundsForTrading;
    const raw = Math.min(Math.floor((bal * 0.02) / 5), Math.floor((bal * 0.2) / 50), Math.floor(free / 50));
    const expected = Math.floor(raw / 4) * 4;
    expect(plan.body.positionSizes.find((p) => p.accountId === first.id)?.position).toBe(expected);
  });

  it('refuses invalid settings with field messages and changes nothing', async () => {
    const [first] = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body as [Account];
    const res = await alex.json('PUT', `/api/v1/accounts/${first.id}`, {
      originalBalance: -5,
      capitalRisk: 0,
      maxTradeRisk: 1,
      scaleOutFactor: 11,
    });
    expect(res.status).toBe(400);
    expect((res.body as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      'originalBalance',
      'capitalRisk',
      'scaleOutFactor',
    ]);
    const after = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0];
    expect(after).toEqual(first);
  });

  it("hides one trader's accounts from another", async () => {
    const alexIds = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body.map((a) => a.id);
    const samAccounts = (await sam.json<Account[]>('GET', '/api/v1/accounts')).body;
    expect(samAccounts.length).toBeGreaterThanOrEqual(2);
    expect(samAccounts.some((a) => alexIds.includes(a.id))).toBe(false);
    const res = await sam.json('PUT', `/api/v1/accounts/${alexIds[0]}`, {
      originalBalance: 1,
      capitalRisk: 10,
      maxTradeRisk: 1,
      scaleOutFactor: 1,
    });
    expect(res).toEqual({ status: 404, body: { message: 'Account not found' } });
  });

  it('reads an account id in any case, as every other route reads ids; a malformed one is 404', async () => {
    const [first] = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body as [Account];
    const settings = { originalBalance: 12_345, capitalRisk: 10, maxTradeRisk: 1, scaleOutFactor: 1 };
    const res = await alex.json<Account>('PUT', `/api/v1/accounts/${first.id.toUpperCase()}`, settings);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: first.id, originalBalance: 12_345 });
    expect(await alex.json('PUT', '/api/v1/accounts/not-an-id', settings)).toEqual({
      status: 404,
      body: { message: 'Account not found' },
    });
  });
});
