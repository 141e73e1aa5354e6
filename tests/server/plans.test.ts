import { beforeAll, describe, expect, it } from 'vitest';
import { computePositionSizes } from '../../src/domain/positionSize.ts';
import type { Account, Edge, TradePlanDto, TradeSetup } from '../../src/domain/types.ts';
import { type Client, signedInServer } from './harness.ts';

let trend: Edge;
let flag: TradeSetup;
const { alex, sam } = signedInServer();
beforeAll(async () => {
  trend = (
    await alex.json<Edge>('POST', '/api/v1/edges', {
      name: 'Trend',
      description: 'd',
      identificationNotes: 'n',
      weightFactor: 0.8,
    })
  ).body;
  flag = (await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', { name: 'Flag', rules: [] })).body;
});

const create = (client: Client, body: Record<string, unknown>) =>
  client.json<TradePlanDto>('POST', '/api/v1/tradeplans', { entryPrice: 100, stopLossPrice: 95, ...body });
const setStatus = (client: Client, id: string, status: string) =>
  client.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${id}/status`, { status });

describe('trade plans', () => {
  it('creates a Draft plan with edges as objects and position sizes per account', async () => {
    const res = await create(alex, {
      stock: ' aapl ',
      probabilityOfSuccess: 65,
      scanId: 'scan-7',
      tradeSetupId: flag.id,
      edgeIds: [trend.id],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      stock: 'AAPL',
      entryPrice: 100,
      stopLossPrice: 95,
      probabilityOfSuccess: 65,
      status: 'Draft',
      scanId: 'scan-7',
      tradeSetupId: flag.id,
      edges: [{ id: trend.id, name: 'Trend', weightFactor: 0.8 }],
    });
    const accounts = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body;
    expect(res.body.positionSizes).toEqual(
      computePositionSizes(accounts, { entryPrice: 100, stopLossPrice: 95 }),
    );
    expect(res.body.positionSizes.every((p) => p.position > 0)).toBe(true);
  });

  it('lists and gets plans with the same shape', async () => {
    const list = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    const aapl = list.find((p) => p.stock === 'AAPL') as TradePlanDto;
    expect((await alex.json('GET', `/api/v1/tradeplans/${aapl.id}`)).body).toEqual(aapl);
  });

  it('validates with the spec messages and writes nothing', async () => {
    const before = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body.length;
    const res = await alex.json('POST', '/api/v1/tradeplans', {
      stock: 'TOOLONGSYMBOL',
      entryPrice: 10,
      stopLossPrice: 12,
      probabilityOfSuccess: 101,
    });
    expect(res.status).toBe(400);
    expect((res.body as { errors: unknown[] }).errors).toEqual([
      { field: 'stock', message: 'Stock symbol must be 10 characters or less' },
      { field: 'probabilityOfSuccess', message: 'Probability of success must be between 0 and 100' },
      { field: 'stopLossPrice', message: 'Stop loss price must be less than entry price' },
    ]);
    expect((await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body.length).toBe(before);
  });

  it.each([
    [{ tradeSetupId: '0196b0a0-0000-7000-8000-0000000000ff' }, 'tradeSetupId', 'Trade setup not found'],
    [{ edgeIds: ['0196b0a0-0000-7000-8000-0000000000ff'] }, 'edgeIds', 'Edge not found'],
  ])('refuses unknown references %j with a 400', async (refs, field, message) => {
    const res = await create(alex, { stock: 'REF', ...refs });
    expect(res).toEqual({ status: 400, body: { message, errors: [{ field, message }] } });
  });

  it("refuses another trader's edge or setup as if unknown", async () => {
    expect((await create(sam, { stock: 'X', edgeIds: [trend.id] })).status).toBe(400);
    expect((await create(sam, { stock: 'X', tradeSetupId: flag.id })).status).toBe(400);
  });

  it('walks the transition table and refuses the rest with the spec messages', async () => {
    const p = (await create(alex, { stock: 'MSFT' })).body;
    expect((await setStatus(alex, p.id, 'Ready')).body.status).toBe('Ready');
    expect(await setStatus(alex, p.id, 'Ready')).toMatchObject({
      status: 409,
      body: { message: 'Trade plan is already in the requested status' },
    });
    expect((await setStatus(alex, p.id, 'Hold')).body.status).toBe('Hold');
    expect(await setStatus(alex, p.id, 'Draft')).toMatchObject({
      status: 409,
      body: { message: 'Cannot transition from Hold to Draft' },
    });
    expect((await setStatus(alex, p.id, 'Discarded')).body.status).toBe('Discarded');
    expect(await setStatus(alex, p.id, 'Open')).toMatchObject({
      status: 400,
      body: { message: 'Status must be one of Draft, Ready, Hold, Discarded' },
    });
    expect((await setStatus(alex, p.id, 'Draft')).body.status).toBe('Draft');
  });

  it('refuses edits to a discarded plan', async () => {
    const p = (await create(alex, { stock: 'DISC' })).body;
    await setStatus(alex, p.id, 'Discarded');
    expect(await alex.json('PUT', `/api/v1/tradeplans/${p.id}`, { entryPrice: 120 })).toEqual({
      status: 409,
      body: { message: 'Cannot update a discarded trade plan' },
    });
  });

  it('updates supplied fields only, checking stop < entry against the stored plan', async () => {
    const p = (await create(alex, { stock: 'NVDA', edgeIds: [trend.id] })).body;
    const upd = await alex.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${p.id}`, { entryPrice: 110 });
    expect(upd.body).toMatchObject({
      stock: 'NVDA',
      entryPrice: 110,
      stopLossPrice: 95,
      edges: [{ id: trend.id }],
    });
    const bad = await alex.json('PUT', `/api/v1/tradeplans/${p.id}`, { stopLossPrice: 111 });
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toBe('Stop loss price must be less than entry price');
    const noEdges = await alex.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${p.id}`, { edgeIds: [] });
    expect(noEdges.body.edges).toEqual([]);
  });

  describe('target price and notes (docs/product.md, "Trade plans")', () => {
    const put = (id: string, body: Record<string, unknown>) =>
      alex.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${id}`, body);
    const refusal = (field: string, message: string) => ({
      status: 400,
      body: { message, errors: [{ field, message }] },
    });
    const targetRefused = refusal('targetPrice', 'Target price must be greater than entry price');

    it('creates a plan with a target and notes and returns them on every read', async () => {
      const res = await create(alex, { stock: 'TGT', targetPrice: 112.5, notes: ' Earnings in May\n' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ targetPrice: 112.5, notes: 'Earnings in May' });
      const list = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
      expect(list.find((p) => p.id === res.body.id)).toEqual(res.body);
      expect((await alex.json('GET', `/api/v1/tradeplans/${res.body.id}`)).body).toEqual(res.body);
    });

    it('gives a plan made without them no target and empty notes', async () => {
      expect((await create(alex, { stock: 'BARE' })).body).toMatchObject({ targetPrice: null, notes: '' });
    });

    it('updates the target and the notes, keeps them on other edits and clears them with null', async () => {
      const p = (await create(alex, { stock: 'UPDT' })).body;
      expect((await put(p.id, { targetPrice: 120, notes: 'Watch volume' })).body).toMatchObject({
        targetPrice: 120,
        notes: 'Watch volume',
      });
      expect((await put(p.id, { probabilityOfSuccess: 55 })).body).toMatchObject({
        targetPrice: 120,
        notes: 'Watch volume',
        probabilityOfSuccess: 55,
      });
      expect((await put(p.id, { targetPrice: null, notes: null })).body).toMatchObject({
        targetPrice: null,
        notes: '',
      });
      expect((await alex.json<TradePlanDto>('GET', `/api/v1/tradeplans/${p.id}`)).body).toMatchObject({
        targetPrice: null,
        notes: '',
      });
    });

    it.each([
      [{ targetPrice: 100 }, targetRefused],
      [{ targetPrice: 80 }, targetRefused],
      [{ targetPrice: -5 }, targetRefused],
      [{ targetPrice: '120' }, refusal('targetPrice', 'Must be a number')],
      [{ notes: 'x'.repeat(2001) }, refusal('notes', 'Notes must be less than 2000 characters')],
      [{ notes: 'a\u0000b' }, refusal('notes', 'Text must not contain control characters')],
      [{ notes: 7 }, refusal('notes', 'Must be text')],
    ])('refuses a create with %j, writing nothing', async (fields, answer) => {
      const before = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body.length;
      expect(await create(alex, { stock: 'NOPE', ...fields })).toEqual(answer);
      expect((await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body.length).toBe(before);
    });

    it('accepts notes of exactly 2000 characters', async () => {
      const res = await create(alex, { stock: 'LONG', notes: 'n'.repeat(2000) });
      expect(res.status).toBe(201);
      expect(res.body.notes).toHaveLength(2000);
    });

    it('refuses updates that break the rules, leaving the plan as it was', async () => {
      const p = (await create(alex, { stock: 'KEEP', targetPrice: 110, notes: 'kept' })).body;
      expect(await put(p.id, { targetPrice: 99 })).toEqual(targetRefused);
      expect(await put(p.id, { notes: 'y'.repeat(2001) })).toEqual(
        refusal('notes', 'Notes must be less than 2000 characters'),
      );
      expect((await alex.json<TradePlanDto>('GET', `/api/v1/tradeplans/${p.id}`)).body).toEqual(p);
    });

    it('checks the stored target when an update changes only the entry', async () => {
      const p = (await create(alex, { stock: 'ENTRY', targetPrice: 110 })).body;
      expect(await put(p.id, { entryPrice: 110 })).toEqual(targetRefused);
      expect(await put(p.id, { entryPrice: 115 })).toEqual(targetRefused);
      expect((await alex.json<TradePlanDto>('GET', `/api/v1/tradeplans/${p.id}`)).body.entryPrice).toBe(100);
      expect((await put(p.id, { entryPrice: 105 })).body).toMatchObject({
        entryPrice: 105,
        targetPrice: 110,
      });
      // Moving both together is judged on the new pair; with the target cleared any entry goes.
      expect((await put(p.id, { entryPrice: 130, targetPrice: 150 })).body).toMatchObject({
        entryPrice: 130,
        targetPrice: 150,
      });
      expect((await put(p.id, { targetPrice: null })).body.targetPrice).toBeNull();
      expect((await put(p.id, { entryPrice: 200 })).body).toMatchObject({
        entryPrice: 200,
        targetPrice: null,
      });
    });
  });

  describe('one active plan per stock', () => {
    it('refuses a create while the stock has an active plan, case-insensitively', async () => {
      const p = (await create(alex, { stock: 'TSLA' })).body;
      await setStatus(alex, p.id, 'Ready');
      expect(await create(alex, { stock: 'tsla' })).toMatchObject({
        status: 409,
        body: { message: 'An active trade plan for this stock already exists' },
      });
      // Another trader may plan the same stock.
      expect((await create(sam, { stock: 'TSLA' })).status).toBe(201);
    });

    it('refuses making a second plan for the stock active, and a stock change onto an active stock', async () => {
      const a = (await create(alex, { stock: 'AMD' })).body;
      await setStatus(alex, a.id, 'Ready');
      await setStatus(alex, a.id, 'Discarded');
      const b = (await create(alex, { stock: 'AMD' })).body; // a is no longer active
      await setStatus(alex, b.id, 'Ready');
      await setStatus(alex, a.id, 'Draft');
      expect((await setStatus(alex, a.id, 'Ready')).body).toMatchObject({
        message: 'An active trade plan for this stock already exists',
      });
      const c = (await create(alex, { stock: 'INTC' })).body;
      await setStatus(alex, c.id, 'Ready');
      expect((await alex.json('PUT', `/api/v1/tradeplans/${c.id}`, { stock: 'amd' })).status).toBe(409);
    });

    it(`refuses a Draft plan's stock change onto a stock with an active plan, whatever the status (docs/product.md, "Trade plans")`, async () => {
      const active = (await create(alex, { stock: 'ORCL' })).body;
      await setStatus(alex, active.id, 'Ready');
      const draft = (await create(alex, { stock: 'CSCO' })).body;
      expect(await alex.json('PUT', `/api/v1/tradeplans/${draft.id}`, { stock: 'orcl' })).toEqual({
        status: 409,
        body: {
          message: 'An active trade plan for this stock already exists',
          errors: [{ field: 'stock', message: 'An active trade plan for this stock already exists' }],
        },
      });
      expect((await alex.json<TradePlanDto>('GET', `/api/v1/tradeplans/${draft.id}`)).body.stock).toBe(
        'CSCO',
      );
      // Sending the plan's own stock again is no change.
      expect((await alex.json('PUT', `/api/v1/tradeplans/${draft.id}`, { stock: 'CSCO' })).status).toBe(200);
    });

    it('lets parallel activations of the same stock end with exactly one active plan', async () => {
      const ids = await Promise.all(
        Array.from({ length: 6 }, async () => (await create(alex, { stock: 'RACE' })).body.id),
      );
      const results = await Promise.all(ids.map((id) => setStatus(alex, id, 'Ready')));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    });
  });

  it('makes creates with a client id idempotent, also under parallel replays', async () => {
    const id = '0196b0a0-0000-7000-8000-00000000abcd';
    const results = await Promise.all(Array.from({ length: 4 }, () => create(alex, { id, stock: 'IDEM' })));
    expect(results.every((r) => r.body.id === id)).toBe(true);
    const list = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    expect(list.filter((p) => p.stock === 'IDEM')).toHaveLength(1);
  });

  it('never brings a deleted plan back: a replayed create of its id is 410, 409 for another trader', async () => {
    const id = '0196b0a0-0000-7000-8000-00000000dead';
    expect((await create(alex, { id, stock: 'GONE' })).status).toBe(201);
    expect((await alex.call('DELETE', `/api/v1/tradeplans/${id}`)).status).toBe(204);
    expect(await create(alex, { id, stock: 'GONE' })).toEqual({
      status: 410,
      body: {
        message: 'This record was deleted',
        errors: [{ field: 'id', message: 'This record was deleted' }],
      },
    });
    expect((await alex.json('GET', `/api/v1/tradeplans/${id}`)).status).toBe(404);
    expect((await create(sam, { id, stock: 'GONE' })).body).toMatchObject({
      message: 'This id cannot be used',
    });
    expect((await create(sam, { id, stock: 'GONE' })).status).toBe(409);
  });

  it('deletes a plan; unknown, malformed and foreign ids are 404', async () => {
    const p = (await create(alex, { stock: 'DEL' })).body;
    expect((await sam.call('DELETE', `/api/v1/tradeplans/${p.id}`)).status).toBe(404);
    expect((await sam.json('GET', `/api/v1/tradeplans/${p.id}`)).status).toBe(404);
    expect((await sam.json('PUT', `/api/v1/tradeplans/${p.id}/status`, { status: 'Ready' })).status).toBe(
      404,
    );
    expect((await alex.call('DELETE', `/api/v1/tradeplans/${p.id}`)).status).toBe(204);
    expect(await alex.json('GET', `/api/v1/tradeplans/${p.id}`)).toEqual({
      status: 404,
      body: { message: 'Trade plan not found' },
    });
    expect((await alex.json('GET', '/api/v1/tradeplans/12345')).status).toBe(404);
  });
});
