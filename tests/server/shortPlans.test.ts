import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '../../src/domain/backup.ts';
import { messages } from '../../src/domain/messages.ts';
import { computePositionSizes } from '../../src/domain/positionSize.ts';
import type { Account, Execution, Trade, TradePlanDto } from '../../src/domain/types.ts';
import { type Client, signedInServer, signIn, startTestServer, type TestServer } from './harness.ts';

// Short plans over HTTP (issue 30; docs/product.md, "Trade plans"): a plan's direction is taken,
// checked, stored, answered, synced and backed up; a call without it is the spec's long plan.

const { t, alex } = signedInServer();
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop?.();
});

let accounts: Account[];
beforeAll(async () => {
  accounts = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body;
});

const create = (client: Client, body: Record<string, unknown>) =>
  client.json<TradePlanDto>('POST', '/api/v1/tradeplans', body);
const update = (client: Client, id: string, body: Record<string, unknown>) =>
  client.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${id}`, body);
const errorsOf = (body: unknown) => (body as { errors: unknown }).errors;

describe('short plans over HTTP', () => {
  it('creates a short plan with its stop above the entry, sized as its long mirror', async () => {
    const res = await create(alex, {
      stock: 'qcom',
      direction: 'Short',
      entryPrice: 150,
      stopLossPrice: 155,
      targetPrice: 135,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      stock: 'QCOM',
      direction: 'Short',
      stopLossPrice: 155,
      targetPrice: 135,
    });
    const mirror = computePositionSizes(accounts, { entryPrice: 150, stopLossPrice: 145 });
    expect(res.body.positionSizes).toEqual(mirror);
    expect(res.body.positionSizes.some((p) => p.position > 0)).toBe(true);
    expect((await alex.json('GET', `/api/v1/tradeplans/${res.body.id}`)).body).toEqual(res.body);
  });

  it('makes a long plan of a call without a direction, as the spec does', async () => {
    const res = await create(alex, { stock: 'LONG1', entryPrice: 100, stopLossPrice: 95 });
    expect(res.status).toBe(201);
    expect(res.body.direction).toBe('Long');
    const refused = await create(alex, { stock: 'LONG2', entryPrice: 100, stopLossPrice: 105 });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.body)).toEqual([
      { field: 'stopLossPrice', message: 'Stop loss price must be less than entry price' },
    ]);
  });

  it('refuses a short stop below the entry and a short target above it with 400 and the exact words', async () => {
    const before = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body.length;
    const res = await create(alex, {
      stock: 'SHRT',
      direction: 'Short',
      entryPrice: 150,
      stopLossPrice: 145,
      targetPrice: 160,
    });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([
      {
        field: 'stopLossPrice',
        message: 'Stop loss price must be greater than entry price for a short plan',
      },
      { field: 'targetPrice', message: messages.targetNotBelowEntryShort },
    ]);
    const bad = await create(alex, { stock: 'SHRT', direction: 'Down', entryPrice: 150, stopLossPrice: 155 });
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.body)).toEqual([{ field: 'direction', message: messages.directionInvalid }]);
    expect((await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body.length).toBe(before);
  });

  it('checks an update against the direction the plan ends with', async () => {
    const long = (await create(alex, { stock: 'FLIP', entryPrice: 50, stopLossPrice: 48 })).body;
    // The direction alone, the stop left below the entry: refused on the stop, nothing changed.
    const alone = await update(alex, long.id, { direction: 'Short' });
    expect(alone.status).toBe(400);
    expect(errorsOf(alone.body)).toEqual([
      { field: 'stopLossPrice', message: messages.stopLossNotAboveEntryShort },
    ]);
    expect((await alex.json<TradePlanDto>('GET', `/api/v1/tradeplans/${long.id}`)).body.direction).toBe(
      'Long',
    );
    // With the stop moved above the entry it is a short plan.
    const flipped = await update(alex, long.id, { direction: 'Short', stopLossPrice: 52 });
    expect(flipped.status).toBe(200);
    expect(flipped.body).toMatchObject({ direction: 'Short', stopLossPrice: 52 });
    // Its later edits are checked by the short rule; an edit without the direction keeps it.
    const below = await update(alex, long.id, { stopLossPrice: 49 });
    expect(errorsOf(below.body)).toEqual([
      { field: 'stopLossPrice', message: messages.stopLossNotAboveEntryShort },
    ]);
    const notes = await update(alex, long.id, { notes: 'breakdown' });
    expect(notes.body).toMatchObject({ direction: 'Short', notes: 'breakdown' });
  });

  it('syncs the direction to the app', async () => {
    const sync = (await alex.json<{ tradePlans: { upserted: TradePlanDto[] } }>('GET', '/api/v1/sync')).body;
    const qcom = sync.tradePlans.upserted.find((p) => p.stock === 'QCOM');
    expect(qcom?.direction).toBe('Short');
  });
});

describe('the trade link goes by direction', () => {
  const MINUTE = 60_000;
  const record = async (body: Record<string, unknown>) => {
    t.clock.advance(MINUTE);
    const res = await alex.json<Execution>('POST', '/api/v1/executions', {
      accountId: accounts[0]!.id,
      executedAt: t.clock.now.toISOString(),
      fees: 0,
      ...body,
    });
    expect(res.status).toBe(201);
  };
  const tradeOf = async (symbol: string) =>
    (await alex.json<Trade[]>('GET', '/api/v1/trades')).body.find((tr) => tr.symbol === symbol) as Trade;

  it('links a short trade to the Ready short plan of its stock, with its stop', async () => {
    const plan = (
      await create(alex, { stock: 'SHLK', direction: 'Short', entryPrice: 20, stopLossPrice: 21 })
    ).body;
    await alex.json('PUT', `/api/v1/tradeplans/${plan.id}/status`, { status: 'Ready' });
    await record({ symbol: 'SHLK', side: 'Sell', quantity: 100, price: 20 });
    await record({ symbol: 'SHLK', side: 'Buy', quantity: 100, price: 18 });
    expect(await tradeOf('SHLK')).toMatchObject({
      direction: 'Short',
      planId: plan.id,
      initialStop: 21,
      initialRisk: 100,
      rMultiple: 2,
    });
  });

  it('links no long trade to a short plan, and refuses a link across directions by hand', async () => {
    const plan = (
      await create(alex, { stock: 'XDIR', direction: 'Short', entryPrice: 30, stopLossPrice: 31 })
    ).body;
    await alex.json('PUT', `/api/v1/tradeplans/${plan.id}/status`, { status: 'Ready' });
    await record({ symbol: 'XDIR', side: 'Buy', quantity: 10, price: 30 });
    const trade = await tradeOf('XDIR');
    expect(trade).toMatchObject({ direction: 'Long', planId: null });
    const res = await alex.json('PUT', `/api/v1/trades/${trade.id}`, {
      planId: plan.id,
      initialStop: null,
      notes: '',
    });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual([
      { field: 'planId', message: 'A long trade cannot be linked to a short plan' },
    ]);
    expect((await tradeOf('XDIR')).planId).toBeNull();
  });
});

describe('the backup keeps the direction', () => {
  it('round-trips a short plan, and reads a plan of an older backup as long', async () => {
    const backup = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    const qcom = backup.tradePlans.find((p) => p.stock === 'QCOM');
    expect(qcom?.direction).toBe('Short');
    expect(backup.tradePlans.find((p) => p.stock === 'LONG1')?.direction).toBe('Long');

    const fresh = async () => {
      const server = await startTestServer();
      server.clock.now = t.clock.now;
      servers.push(server);
      return signIn(server.url, 'alex');
    };
    const target = await fresh();
    expect((await target.json('POST', '/api/v1/backup', backup)).status).toBe(200);
    const restored = (await target.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    expect(Object.fromEntries(restored.map((p) => [p.stock, p.direction]))).toEqual(
      Object.fromEntries(backup.tradePlans.map((p) => [p.stock, p.direction])),
    );

    // Made before plans had a direction: every plan long (the short ones here are refused by the
    // long rule, so only the long plans are sent).
    const older = {
      ...backup,
      tradePlans: backup.tradePlans.filter((p) => p.direction === 'Long').map(({ direction: _, ...p }) => p),
      tradeAnnotations: [],
      executions: [],
    };
    const other = await fresh();
    const res = await other.json('POST', '/api/v1/backup', older);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const plans = (await other.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((p) => p.direction === 'Long')).toBe(true);
  });
});
