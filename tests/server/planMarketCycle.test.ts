import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import type { MarketCycle, TradePlanDto } from '../../src/domain/types.ts';
import type { DailyCandle } from '../../src/server/brokers/broker.ts';
import type { BrokerAccess } from '../../src/server/brokers/brokerAccess.ts';
import { createMarketCycleService } from '../../src/server/marketCycle/marketCycleService.ts';
import { type Client, signedInServer } from './harness.ts';

const { alex } = signedInServer();

const create = (body: Record<string, unknown>) =>
  alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', { entryPrice: 100, stopLossPrice: 95, ...body });
const planOf = async (client: Client, id: string) =>
  (await client.json<TradePlanDto>('GET', `/api/v1/tradeplans/${id}`)).body;

describe('a plan remembers the market cycle it was made in', () => {
  it("stamps a create with the server's current cycle, and answers it in the list and the plan", async () => {
    const cycle = (await alex.json<MarketCycle>('GET', '/api/v1/market-cycle/current')).body;
    const res = await create({ stock: 'CYC1' });
    expect(res.status).toBe(201);
    expect(res.body.marketCycleAtCreation).toBe(cycle.cycleType);
    expect((await planOf(alex, res.body.id)).marketCycleAtCreation).toBe(cycle.cycleType);
    const listed = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    expect(listed.find((p) => p.id === res.body.id)?.marketCycleAtCreation).toBe(cycle.cycleType);
  });

  it('keeps the cycle an offline create stamped from the cached one, null included', async () => {
    const current = (await alex.json<MarketCycle>('GET', '/api/v1/market-cycle/current')).body.cycleType;
    const other = current === 'Downtrend' ? 'Uptrend' : 'Downtrend';
    expect((await create({ stock: 'CYC2', marketCycleAtCreation: other })).body.marketCycleAtCreation).toBe(
      other,
    );
    expect(
      (await create({ stock: 'CYC3', marketCycleAtCreation: null })).body.marketCycleAtCreation,
    ).toBeNull();
  });

  it.each([['Bull'], ['uptrend'], [3]])('refuses %j as a cycle with a 400', async (value) => {
    const res = await create({ stock: 'CYC4', marketCycleAtCreation: value });
    expect(res).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'marketCycleAtCreation', message: messages.cycleTypeInvalid }] },
    });
  });

  it('never changes it: an update that sends one is read without it', async () => {
    const plan = (await create({ stock: 'CYC5', marketCycleAtCreation: 'Sideways' })).body;
    const res = await alex.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${plan.id}`, {
      notes: 'Moved',
      marketCycleAtCreation: 'Uptrend',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ notes: 'Moved', marketCycleAtCreation: 'Sideways' });
    const bad = await alex.json('PUT', `/api/v1/tradeplans/${plan.id}`, { marketCycleAtCreation: 'Bull' });
    expect(bad.status).toBe(200);
    expect((await planOf(alex, plan.id)).marketCycleAtCreation).toBe('Sideways');
  });
});

describe('the market cycle service', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const candles: DailyCandle[] = Array.from({ length: 80 }, (_, i) => ({
    date: `2026-01-${String(i + 1).padStart(2, '0')}`,
    close: 100 * 1.01 ** i,
  }));
  const at = new Date('2026-11-20T15:00:00Z');
  const brokerWith = (dailyCandles: () => Promise<DailyCandle[]>) =>
    ({ dailyCandles: vi.fn(dailyCandles) }) as unknown as BrokerAccess & {
      dailyCandles: ReturnType<typeof vi.fn>;
    };

  it('stamps from the cache without asking the broker again', async () => {
    const broker = brokerWith(async () => candles);
    const cycles = createMarketCycleService(broker, 'SPY', () => at);
    const cycle = await cycles.current('u1');
    expect(cycle.series).toHaveLength(60);
    expect(cycle.series?.at(-1)).toMatchObject({ date: candles.at(-1)?.date, ema: cycle.currentEma });
    expect(await cycles.typeForNewPlan('u2')).toBe('Uptrend');
    expect(broker.dailyCandles).toHaveBeenCalledTimes(1);
  });

  it('gives null when the broker fails, and tries again on the next create', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    const broker = brokerWith(async () => {
      if (fail) throw new Error('down');
      return candles;
    });
    const cycles = createMarketCycleService(broker, 'SPY', () => at);
    expect(await cycles.typeForNewPlan('u1')).toBeNull();
    fail = false;
    expect(await cycles.typeForNewPlan('u1')).toBe('Uptrend');
    expect(broker.dailyCandles).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('gives up after 3 seconds on a slow broker; the late answer fills the cache', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answer: (c: DailyCandle[]) => void = () => {};
    const broker = brokerWith(() => new Promise((resolve) => (answer = resolve)));
    const cycles = createMarketCycleService(broker, 'SPY', () => at);
    const stamped = cycles.typeForNewPlan('u1');
    await vi.advanceTimersByTimeAsync(2_999);
    let settled = false;
    void stamped.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await stamped).toBeNull();
    answer(candles);
    expect(await cycles.typeForNewPlan('u1')).toBe('Uptrend');
    expect(broker.dailyCandles).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
