import { beforeAll, describe, expect, it } from 'vitest';
import type { Account, Execution, ImportResult } from '../../src/domain/types.ts';
import { firstAccount, signedInServer } from './harness.ts';

const { t, alex, sam } = signedInServer();
let margin: Account;
let samsAccount: Account;

beforeAll(async () => {
  [margin, samsAccount] = [await firstAccount(alex), await firstAccount(sam)];
});

const minutesAgo = (minutes: number) => new Date(t.clock.now.getTime() - minutes * 60_000).toISOString();
const fill = (body: Record<string, unknown> = {}) => ({
  accountId: margin.id,
  symbol: 'xmpl',
  side: 'Buy',
  quantity: 100,
  price: 50.25,
  executedAt: minutesAgo(30),
  ...body,
});
const list = async (client = alex) => (await client.json<Execution[]>('GET', '/api/v1/executions')).body;

describe('executions', () => {
  it('records a manual fill: a fill, upper-case symbol, fees 0 by default, source manual', async () => {
    const executedAt = minutesAgo(60);
    const res = await alex.json<Execution>('POST', '/api/v1/executions', fill({ executedAt }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      accountId: margin.id,
      symbol: 'XMPL',
      side: 'Buy',
      quantity: 100,
      price: 50.25,
      fees: 0,
      executedAt,
      kind: 'fill',
      source: 'manual',
      brokerExecutionId: null,
      positionEffect: null,
      createdAt: t.clock.now.toISOString(),
    });
    expect(await list()).toContainEqual(res.body);
  });

  it('records what the trader types as a fill: splits and transfers come from the broker only', async () => {
    const res = await alex.json<Execution>('POST', '/api/v1/executions', fill({ kind: 'split', price: 10 }));
    expect(res.status).toBe(201);
    expect(res.body.kind).toBe('fill');
  });

  it('lists the newest fill first', async () => {
    const older = (
      await alex.json<Execution>('POST', '/api/v1/executions', fill({ executedAt: minutesAgo(600) }))
    ).body;
    const newer = (
      await alex.json<Execution>('POST', '/api/v1/executions', fill({ executedAt: minutesAgo(5) }))
    ).body;
    const ids = (await list()).map((e) => e.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const times = (await list()).map((e) => Date.parse(e.executedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it.each([
    ['side', { side: 'Short' }, 'Side must be Buy or Sell'],
    ['quantity', { quantity: 0 }, 'Quantity must be greater than 0'],
    ['quantity', { quantity: -5 }, 'Quantity must be greater than 0'],
    ['price', { price: 0 }, 'Price must be greater than 0'],
    ['fees', { fees: -0.01 }, 'Fees must not be negative'],
    ['executedAt', { executedAt: 'yesterday' }, 'Execution time must be a valid date and time'],
    ['executedAt', { executedAt: '2026-02-30T10:00:00Z' }, 'Execution time must be a valid date and time'],
    ['symbol', { symbol: 'AA\u0000PL' }, 'Stock symbol may contain only letters, digits, ".", "/" and "-"'],
    ['symbol', { symbol: '' }, 'Stock symbol is required'],
  ])('refuses an invalid %s (%j) with its message, and writes nothing', async (field, body, message) => {
    const before = (await list()).length;
    expect(await alex.json('POST', '/api/v1/executions', fill(body))).toEqual({
      status: 400,
      body: { message, errors: [{ field, message }] },
    });
    expect(await list()).toHaveLength(before);
  });

  it('refuses a fill in the future by the server clock, past a few minutes of clock skew', async () => {
    const message = 'Execution time must not be in the future';
    const inMinutes = (m: number) => new Date(t.clock.now.getTime() + m * 60_000).toISOString();
    expect(await alex.json('POST', '/api/v1/executions', fill({ executedAt: inMinutes(6) }))).toEqual({
      status: 400,
      body: { message, errors: [{ field: 'executedAt', message }] },
    });
    expect((await alex.json('POST', '/api/v1/executions', fill({ executedAt: inMinutes(4) }))).status).toBe(
      201,
    );
  });

  it("refuses an unknown account and another trader's account as not found", async () => {
    const message = 'Account not found';
    const refused = { status: 400, body: { message, errors: [{ field: 'accountId', message }] } };
    const unknown = '0196b0a0-0000-7000-8000-0000000acc01';
    expect(await alex.json('POST', '/api/v1/executions', fill({ accountId: unknown }))).toEqual(refused);
    expect(await alex.json('POST', '/api/v1/executions', fill({ accountId: samsAccount.id }))).toEqual(
      refused,
    );
    expect((await list(sam)).length).toBe(0);
  });

  it('makes a create with a client id idempotent, and never brings a deleted one back (410)', async () => {
    const id = '0196b0a0-0000-7000-8000-0000000f1101';
    const first = await alex.json<Execution>('POST', '/api/v1/executions', fill({ id }));
    const again = await alex.json<Execution>('POST', '/api/v1/executions', fill({ id }));
    expect(first.status).toBe(201);
    expect(again).toEqual({ status: 200, body: first.body });
    expect((await list()).filter((e) => e.id === id)).toHaveLength(1);
    expect(
      (await sam.json('POST', '/api/v1/executions', { ...fill({ id }), accountId: samsAccount.id })).status,
    ).toBe(409);

    expect((await alex.call('DELETE', `/api/v1/executions/${id}`)).status).toBe(204);
    expect((await list()).map((e) => e.id)).not.toContain(id);
    expect(await alex.json('POST', '/api/v1/executions', fill({ id }))).toEqual({
      status: 410,
      body: {
        message: 'This record was deleted',
        errors: [{ field: 'id', message: 'This record was deleted' }],
      },
    });
    expect(await alex.json('DELETE', `/api/v1/executions/${id}`)).toEqual({
      status: 404,
      body: { message: 'Execution not found' },
    });
  });

  it("keeps one trader's fills from another: invisible in the list, 404 on delete", async () => {
    const mine = (await alex.json<Execution>('POST', '/api/v1/executions', fill({ symbol: 'PRIV' }))).body;
    expect((await list(sam)).map((e) => e.id)).not.toContain(mine.id);
    expect(await sam.json('DELETE', `/api/v1/executions/${mine.id}`)).toEqual({
      status: 404,
      body: { message: 'Execution not found' },
    });
    expect((await list()).map((e) => e.id)).toContain(mine.id);
  });

  it('answers 404 for a malformed id, never 500', async () => {
    expect(await alex.json('DELETE', '/api/v1/executions/not-a-uuid')).toEqual({
      status: 404,
      body: { message: 'Execution not found' },
    });
  });

  it("imports the broker's fills, read-only: deleting one is 409", async () => {
    const result = (await alex.json<ImportResult>('POST', '/api/v1/trades/import')).body;
    expect(result.imported).toBeGreaterThan(0);
    const broker = (await list()).filter((e) => e.source === 'broker');
    expect(broker).toHaveLength(result.imported);
    const one = broker[0] as Execution;
    expect(one.brokerExecutionId).toEqual(expect.any(String));
    const message = 'Broker executions cannot be deleted';
    expect(await alex.json('DELETE', `/api/v1/executions/${one.id}`)).toEqual({
      status: 409,
      body: { message },
    });
    expect((await list()).map((e) => e.id)).toContain(one.id);
  });
});
