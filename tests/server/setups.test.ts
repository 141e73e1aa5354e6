import { describe, expect, it } from 'vitest';
import type { Backup } from '../../src/domain/backup.ts';
import { successScore } from '../../src/domain/setups.ts';
import {
  TRADE_PLAN_STATUSES,
  type TradePlanDto,
  type TradePlanStatus,
  type TradeSetup,
} from '../../src/domain/types.ts';
import { backupSetupFixture } from '../fixtures/records.ts';
import { seededRandom } from './fuzz/random.ts';
import { signedInServer } from './harness.ts';

const { alex, sam } = signedInServer();

const setup = (name: string) => ({
  name,
  description: 'Tight flag after a strong pole',
  rules: [],
  entryCriteria: 'Break of the flag high on volume',
  exitCriteria: 'Close below the 10-day EMA',
  notes: '',
});

describe('trade setups', () => {
  it('creates, gets, lists, updates and deletes a setup', async () => {
    const created = await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', setup('Bull flag'));
    expect(created.status).toBe(201);
    const { rules: _ignored, ...fields } = setup('Bull flag');
    expect(created.body).toMatchObject({ ...fields, successScore: 0 });
    expect(created.body).not.toHaveProperty('rules');
    const id = created.body.id;
    expect((await alex.json('GET', `/api/v1/tradesetups/${id}`)).body).toEqual(created.body);
    expect((await alex.json<TradeSetup[]>('GET', '/api/v1/tradesetups')).body.map((s) => s.id)).toContain(id);

    const updated = await alex.json<TradeSetup>('PUT', `/api/v1/tradesetups/${id}`, {
      ...setup('Bull flag'),
      notes: 'Works best in uptrends',
    });
    expect(updated.body.notes).toBe('Works best in uptrends');

    expect((await alex.call('DELETE', `/api/v1/tradesetups/${id}`)).status).toBe(204);
    expect(await alex.json('GET', `/api/v1/tradesetups/${id}`)).toEqual({
      status: 404,
      body: { message: 'Trade setup not found' },
    });
  });

  it('refuses duplicate names case-insensitively, excluding itself on update', async () => {
    const a = (await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', setup('Cup and handle'))).body;
    const dup = await alex.json('POST', '/api/v1/tradesetups', setup('CUP AND HANDLE'));
    expect(dup.status).toBe(409);
    expect((dup.body as { message: string }).message).toBe('A trade setup with this name already exists');
    expect((await alex.json('PUT', `/api/v1/tradesetups/${a.id}`, setup('cup and handle'))).status).toBe(200);
  });

  it('validates lengths with the spec messages', async () => {
    const res = await alex.json('POST', '/api/v1/tradesetups', {
      ...setup(''),
      description: 'd'.repeat(501),
      notes: 'n'.repeat(1001),
    });
    expect(res.status).toBe(400);
    expect((res.body as { errors: unknown[] }).errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'description', message: 'Description must be less than 500 characters' },
      { field: 'notes', message: 'Notes must be less than 1000 characters' },
    ]);
  });

  it('takes long playbooks: criteria of 19,999 and 20,000 characters, not 20,001 (issue 40)', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const made = await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', {
      ...setup('Playbook'),
      entryCriteria: long(19_999),
      exitCriteria: long(20_000),
    });
    expect(made.status).toBe(201);
    expect([made.body.entryCriteria.length, made.body.exitCriteria.length]).toEqual([19_999, 20_000]);
    const tooLong = { field: 'entryCriteria', message: 'Criteria must be 20,000 characters or less' };
    expect(
      await alex.json('POST', '/api/v1/tradesetups', { ...setup('Too long'), entryCriteria: long(20_001) }),
    ).toEqual({ status: 400, body: { message: expect.any(String), errors: [tooLong] } });
    const put = await alex.json('PUT', `/api/v1/tradesetups/${made.body.id}`, {
      ...setup('Playbook'),
      entryCriteria: long(20_000),
      exitCriteria: long(20_001),
    });
    expect(put).toEqual({
      status: 400,
      body: { message: expect.any(String), errors: [{ ...tooLong, field: 'exitCriteria' }] },
    });
    // Nothing changed.
    expect((await alex.json('GET', `/api/v1/tradesetups/${made.body.id}`)).body).toEqual(made.body);
    expect(
      (
        await alex.json<TradeSetup>('PUT', `/api/v1/tradesetups/${made.body.id}`, {
          ...setup('Playbook'),
          entryCriteria: long(20_000),
        })
      ).body.entryCriteria,
    ).toHaveLength(20_000);
    expect((await alex.call('DELETE', `/api/v1/tradesetups/${made.body.id}`)).status).toBe(204);
  });

  it('restores long playbooks exactly as the API takes them (issue 40)', async () => {
    const backup = (await sam.json<Backup>('GET', '/api/v1/backup')).body;
    const record = (entryCriteria: string) => backupSetupFixture(entryCriteria, backup.exportedAt);
    const refused = await sam.json<{ errors: { field: string; message: string }[] }>(
      'POST',
      '/api/v1/backup',
      {
        ...backup,
        tradeSetups: [...backup.tradeSetups, record('x'.repeat(20_001))],
      },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({
      field: `tradeSetups[${backup.tradeSetups.length}].entryCriteria`,
      message: 'Criteria must be 20,000 characters or less',
    });
    const taken = record('x'.repeat(20_000));
    const restored = await sam.json('POST', '/api/v1/backup', {
      ...backup,
      tradeSetups: [...backup.tradeSetups, taken],
    });
    expect(restored.status).toBe(200);
    const held = (await sam.json<TradeSetup[]>('GET', '/api/v1/tradesetups')).body;
    expect(held.find((s) => s.id === taken.id)?.entryCriteria).toHaveLength(20_000);
    expect((await sam.call('DELETE', `/api/v1/tradesetups/${taken.id}`)).status).toBe(204);
  });

  it('computes successScore from non-discarded plans with a probability', async () => {
    const s = (await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', setup('Breakout'))).body;
    const plan = async (stock: string, probabilityOfSuccess: number | null) =>
      (
        await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
          stock,
          entryPrice: 50,
          stopLossPrice: 45,
          probabilityOfSuccess,
          tradeSetupId: s.id,
        })
      ).body;
    await plan('AAA', 60);
    await plan('BBB', 75);
    await plan('CCC', null);
    const discarded = await plan('DDD', 10);
    expect((await alex.json<TradeSetup>('GET', `/api/v1/tradesetups/${s.id}`)).body.successScore).toBe(48); // (60+75+10)/3 = 48.3
    await alex.json('PUT', `/api/v1/tradeplans/${discarded.id}/status`, { status: 'Discarded' });
    expect((await alex.json<TradeSetup>('GET', `/api/v1/tradesetups/${s.id}`)).body.successScore).toBe(68); // 67.5 rounds up
  });

  it('scores every setup as the domain rule does, on seeded random plans', async () => {
    const r = seededRandom(12);
    // How a Draft reaches each status through the allowed moves.
    const path: Record<TradePlanStatus, TradePlanStatus[]> = {
      Draft: [],
      Ready: ['Ready'],
      Hold: ['Ready', 'Hold'],
      Discarded: ['Discarded'],
    };
    const setupIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      setupIds.push(
        (await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', setup(`Random ${i}`))).body.id,
      );
    }
    for (let n = 0; n < 40; n++) {
      const probabilityOfSuccess = r.pick([null, r.int(101), r.int(100) + 0.5]);
      const plan = (
        await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
          stock: `RND${n}`,
          entryPrice: 20,
          stopLossPrice: 19,
          probabilityOfSuccess,
          tradeSetupId: r.chance(0.9) ? r.pick(setupIds) : null,
        })
      ).body;
      for (const status of path[r.pick(TRADE_PLAN_STATUSES)]) {
        expect((await alex.json('PUT', `/api/v1/tradeplans/${plan.id}/status`, { status })).status).toBe(200);
      }
    }
    const plans = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    const setups = (await alex.json<TradeSetup[]>('GET', '/api/v1/tradesetups')).body;
    const scores = setupIds.map((id) => setups.find((s) => s.id === id)?.successScore);
    expect(scores).toEqual(setupIds.map((id) => successScore(plans.filter((p) => p.tradeSetupId === id))));
    expect(new Set(scores).size).toBeGreaterThan(3); // varied data, not eight zeros
    // No trade yet: every score is the planned one, and one setup's answer agrees with the list's.
    for (const [i, id] of setupIds.entries()) {
      const one = await alex.json<TradeSetup>('GET', `/api/v1/tradesetups/${id}`);
      expect(one.body).toMatchObject({
        successScore: scores[i],
        successScoreBasis: 'planned',
        successScoreTrades: 0,
      });
      expect(setups.find((s) => s.id === id)).toEqual(one.body);
    }
  });

  it('leaves plans without a setup when their setup is deleted', async () => {
    const s = (await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', setup('Doomed'))).body;
    const p = (
      await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
        stock: 'ZZZ',
        entryPrice: 10,
        stopLossPrice: 9,
        tradeSetupId: s.id,
      })
    ).body;
    await alex.call('DELETE', `/api/v1/tradesetups/${s.id}`);
    expect((await alex.json<TradePlanDto>('GET', `/api/v1/tradeplans/${p.id}`)).body.tradeSetupId).toBeNull();
  });

  it('never brings a deleted setup back: a replayed create of its id is 410, 409 for another trader', async () => {
    const id = '0196b0a0-0000-7000-8000-00000000dead';
    const body = { ...setup('Replayed'), id };
    expect((await alex.json('POST', '/api/v1/tradesetups', body)).status).toBe(201);
    expect((await alex.call('DELETE', `/api/v1/tradesetups/${id}`)).status).toBe(204);
    expect(await alex.json('POST', '/api/v1/tradesetups', body)).toEqual({
      status: 410,
      body: {
        message: 'This record was deleted',
        errors: [{ field: 'id', message: 'This record was deleted' }],
      },
    });
    expect((await alex.json('GET', `/api/v1/tradesetups/${id}`)).status).toBe(404);
    expect(await sam.json('POST', '/api/v1/tradesetups', body)).toMatchObject({
      status: 409,
      body: { message: 'This id cannot be used' },
    });
  });

  it("hides one trader's setups from another", async () => {
    const s = (await alex.json<TradeSetup>('POST', '/api/v1/tradesetups', setup('Secret sauce'))).body;
    expect((await sam.json('GET', `/api/v1/tradesetups/${s.id}`)).status).toBe(404);
    expect((await sam.json('PUT', `/api/v1/tradesetups/${s.id}`, setup('Mine'))).status).toBe(404);
    expect((await sam.call('DELETE', `/api/v1/tradesetups/${s.id}`)).status).toBe(404);
    expect((await sam.json<TradeSetup[]>('GET', '/api/v1/tradesetups')).body).toEqual([]);
  });
});
