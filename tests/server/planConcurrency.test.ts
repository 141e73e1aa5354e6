import { describe, expect, it } from 'vitest';
import type { TradePlanDto } from '../../src/domain/types.ts';
import { signedInServer } from './harness.ts';

// Each check and its write must be one atomic step: two requests at once on one plan must end
// as if they had run one after the other. Also run on PostgreSQL with a pool (TEST_DATABASE_URL).

const ROUNDS = 20;

// Hundreds of requests in a second, faster than any app sends them: past the trader's fair rate
// (tested in fairShare.test.ts), which is not what this file is about.
const { alex } = signedInServer({ TRADER_REQUESTS_PER_SECOND: '1000000' });

const readyPlan = async (stock: string): Promise<TradePlanDto> => {
  const plan = await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
    stock,
    entryPrice: 100,
    stopLossPrice: 95,
  });
  expect((await setStatus(plan.body.id, 'Ready')).status).toBe(200);
  return plan.body;
};
const setStatus = (id: string, status: string) =>
  alex.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${id}/status`, { status });
const get = async (id: string) => (await alex.json<TradePlanDto>('GET', `/api/v1/tradeplans/${id}`)).body;

describe('concurrent changes to one plan', () => {
  it('Ready→Discarded and Ready→Hold at once end Discarded: Discarded→Hold is never taken', async () => {
    const wrong: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const plan = await readyPlan(`DH${round}`);
      const [discard, hold] = await Promise.all([
        setStatus(plan.id, 'Discarded'),
        setStatus(plan.id, 'Hold'),
      ]);
      const final = (await get(plan.id)).status;
      // Either order is legal (Hold→Discarded is allowed), and the discard never loses.
      expect(discard.status).toBe(200);
      expect([200, 409]).toContain(hold.status);
      if (final !== 'Discarded') wrong.push(`round ${round}: hold ${hold.status}, final ${final}`);
    }
    expect(wrong).toEqual([]);
  });

  it('an edit that answers 200 never edited a discarded plan', async () => {
    const wrong: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const plan = await readyPlan(`ED${round}`);
      const [edit, discard] = await Promise.all([
        alex.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${plan.id}`, { entryPrice: 101 }),
        setStatus(plan.id, 'Discarded'),
      ]);
      expect(discard.status).toBe(200);
      expect([200, 409]).toContain(edit.status);
      if (edit.status === 200 && edit.body.status === 'Discarded')
        wrong.push(`round ${round}: edit answered Discarded`);
      const final = await get(plan.id);
      expect(final.status).toBe('Discarded');
      expect(final.entryPrice).toBe(edit.status === 200 ? 101 : 100);
    }
    expect(wrong).toEqual([]);
  });

  it('a plan created while its setup is deleted is refused like an unknown setup, never a 500', async () => {
    const statuses = new Set<number>();
    for (let round = 0; round < ROUNDS; round++) {
      const setup = await alex.json<{ id: string }>('POST', '/api/v1/tradesetups', {
        name: `Doomed ${round}`,
      });
      const [plan, removal] = await Promise.all([
        alex.json('POST', '/api/v1/tradeplans', {
          stock: `SD${round}`,
          entryPrice: 10,
          stopLossPrice: 9,
          tradeSetupId: setup.body.id,
        }),
        alex.call('DELETE', `/api/v1/tradesetups/${setup.body.id}`),
      ]);
      expect(removal.status).toBe(204);
      statuses.add(plan.status);
      if (plan.status === 400) {
        expect(plan.body).toEqual({
          message: 'Trade setup not found',
          errors: [{ field: 'tradeSetupId', message: 'Trade setup not found' }],
        });
      }
    }
    expect([...statuses].every((s) => s === 201 || s === 400)).toBe(true);
  });
});
