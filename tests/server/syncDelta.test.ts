import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toTradePlan } from '../../src/domain/tradePlanDto.ts';
import { allowedTransitions } from '../../src/domain/tradePlans.ts';
import type {
  Account,
  AuthStatus,
  SyncAnswer,
  Trade,
  TradePlan,
  TradePlanDto,
  TradeSetup,
} from '../../src/domain/types.ts';
import { executions } from '../../src/server/db/schema.ts';
import { uuidv7 } from '../../src/server/db/uuidv7.ts';
import { fillRow } from '../../src/server/trades/fillRepository.ts';
import { generator } from '../fixtures/seeded.ts';
import { signedInServer } from './harness.ts';

// A delta sync resends trades and setups only when a change can affect them
// (src/server/sync/syncService.ts): a plan change counts only past the stamps of what a trade's
// link or a setup's score reads of it. Whatever it leaves out, a client that applies every delta
// as the app does (client/sync/applySync.ts) must hold what a full sync answers.

const { t, alex } = signedInServer({ TRADER_REQUESTS_PER_SECOND: '100000' });
const SEQUENCES = 3;
const STEPS = 40;
const STOCKS = ['AA', 'BB', 'CC'];

const sync = async (since?: string) => {
  const res = await alex.json<SyncAnswer>('GET', `/api/v1/sync${since ? `?since=${since}` : ''}`);
  expect(res.status).toBe(200);
  return res.body;
};

/** What the app's cache holds: plans, fills and edges merged, setups and trades whole. */
interface Mirror {
  plans: Map<string, TradePlan>;
  fills: Map<string, unknown>;
  setups: TradeSetup[];
  trades: Trade[];
  cursor: string;
}

function apply(mirror: Mirror | undefined, answer: SyncAnswer): Mirror {
  const m: Mirror =
    mirror && !answer.full
      ? mirror
      : { plans: new Map(), fills: new Map(), setups: [], trades: [], cursor: '' };
  for (const id of answer.tradePlans.deleted) m.plans.delete(id);
  for (const p of answer.tradePlans.upserted) m.plans.set(p.id, toTradePlan(p));
  for (const id of answer.executions.deleted) m.fills.delete(id);
  for (const f of answer.executions.upserted) m.fills.set(f.id, f);
  if (answer.tradeSetups) m.setups = answer.tradeSetups;
  if (answer.trades) m.trades = answer.trades;
  m.cursor = answer.cursor;
  return m;
}

const byId = <T extends { id: string }>(rows: Iterable<T>) =>
  [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));

/**
 * A manual fill written straight into the database, now: no write of trades froze a link for it,
 * so its trade follows the plans as they are at the next read.
 */
async function insertFillDirectly(
  userId: string,
  fill: { accountId: string; symbol: string; side: 'Buy' | 'Sell'; quantity: number },
) {
  const at = t.clock.now.toISOString();
  await t.server.database.db.insert(executions).values(
    fillRow(userId, {
      id: uuidv7(t.clock.now.getTime()),
      ...fill,
      price: 100,
      fees: 0,
      executedAt: at,
      kind: 'fill',
      source: 'manual',
      brokerExecutionId: null,
      positionEffect: null,
      createdAt: at,
    }),
  );
}

describe('a delta sync after a plan change', () => {
  it('resends neither trades nor setups after a Draft edit, and trades after a link moves', async () => {
    const me = (await alex.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;
    const account = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
    const plan = async (stock: string) =>
      (
        await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
          stock,
          entryPrice: 100,
          stopLossPrice: 95,
        })
      ).body;
    const draft = await plan('DRF');
    const ready = await plan('RDY');
    expect(
      (await alex.json('PUT', `/api/v1/tradeplans/${ready.id}/status`, { status: 'Ready' })).status,
    ).toBe(200);
    // A fill no write of trades froze a link for: its trade follows the Ready plan as it is now.
    t.clock.advance(60_000);
    await insertFillDirectly(me, { accountId: account.id, symbol: 'RDY', side: 'Buy', quantity: 10 });
    // On PostgreSQL the cursor is the whole server's oldest open transaction (docs/architecture.md,
    // "The sync protocol"), which another test file's, on another database, can hold back: take it
    // once a delta sync finds nothing new (on PGlite, and on PostgreSQL alone, the first does).
    let { cursor } = await sync();
    for (let settling = 0; settling < 10; settling++) {
      const next = await sync(cursor);
      cursor = next.cursor;
      if (next.tradePlans.upserted.length === 0 && next.executions.upserted.length === 0) break;
    }

    expect(
      (await alex.json('PUT', `/api/v1/tradeplans/${draft.id}`, { notes: 'n', stopLossPrice: 90 })).status,
    ).toBe(200);
    const afterDraft = await sync(cursor);
    expect(afterDraft.tradePlans.upserted.map((p) => p.id)).toEqual([draft.id]);
    expect(afterDraft).not.toHaveProperty('trades');
    expect(afterDraft).not.toHaveProperty('tradeSetups');

    expect((await alex.json('PUT', `/api/v1/tradeplans/${ready.id}`, { notes: 'n' })).status).toBe(200);
    expect(await sync(afterDraft.cursor)).not.toHaveProperty('trades');

    expect((await alex.json('PUT', `/api/v1/tradeplans/${ready.id}`, { stopLossPrice: 91 })).status).toBe(
      200,
    );
    const afterStop = await sync(afterDraft.cursor);
    expect(afterStop.trades?.find((x) => x.symbol === 'RDY')).toMatchObject({
      planId: ready.id,
      initialStop: 91,
    });
  });

  it(`leaves the client as a full sync would, after every step of ${SEQUENCES} random sequences`, async () => {
    const me = (await alex.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;
    const account = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
    for (let seed = 1; seed <= SEQUENCES; seed++) {
      const rnd = generator(seed);
      let mirror = apply(undefined, await sync());
      const steps: string[] = [];
      for (let step = 0; step < STEPS; step++) {
        t.clock.advance((1 + rnd.int(30)) * 60_000);
        const plans = [...mirror.plans.values()];
        const plan = rnd.pick(plans);
        const roll = rnd.int(14);
        let name: string;
        if (roll <= 1) {
          name = 'create plan';
          const setup = rnd.next() < 0.4 ? rnd.pick(mirror.setups) : undefined;
          await alex.json('POST', '/api/v1/tradeplans', {
            stock: rnd.pick(STOCKS),
            entryPrice: 100,
            stopLossPrice: 90 + rnd.int(9),
            ...(setup ? { tradeSetupId: setup.id, probabilityOfSuccess: 40 + rnd.int(50) } : {}),
          });
        } else if (roll <= 3) {
          name = 'edit notes';
          if (plan) await alex.json('PUT', `/api/v1/tradeplans/${plan.id}`, { notes: `n${rnd.int(99)}` });
        } else if (roll === 4) {
          name = 'edit stop';
          if (plan)
            await alex.json('PUT', `/api/v1/tradeplans/${plan.id}`, { stopLossPrice: 90 + rnd.int(9) });
        } else if (roll === 5) {
          name = 'edit stock';
          if (plan) await alex.json('PUT', `/api/v1/tradeplans/${plan.id}`, { stock: rnd.pick(STOCKS) });
        } else if (roll === 6) {
          name = 'edit setup';
          const setup = rnd.next() < 0.7 ? rnd.pick(mirror.setups) : undefined;
          if (plan)
            await alex.json('PUT', `/api/v1/tradeplans/${plan.id}`, {
              tradeSetupId: setup?.id ?? null,
              probabilityOfSuccess: rnd.next() < 0.8 ? 40 + rnd.int(50) : null,
            });
        } else if (roll <= 8) {
          name = 'status';
          const to = plan && rnd.pick(allowedTransitions(plan.status));
          if (plan && to) await alex.json('PUT', `/api/v1/tradeplans/${plan.id}/status`, { status: to });
        } else if (roll === 9) {
          name = 'delete plan';
          if (plan) await alex.call('DELETE', `/api/v1/tradeplans/${plan.id}`);
        } else if (roll === 10) {
          name = 'fill';
          await alex.json('POST', '/api/v1/executions', {
            id: randomUUID(),
            accountId: account.id,
            symbol: rnd.pick(STOCKS),
            side: rnd.next() < 0.6 ? 'Buy' : 'Sell',
            quantity: 1 + rnd.int(3),
            price: 100,
            fees: 0,
            executedAt: t.clock.now.toISOString(),
          });
        } else if (roll === 11) {
          // A row no write of trades froze a link for: its trade follows the plans as they are now.
          name = 'direct fill';
          await insertFillDirectly(me, {
            accountId: account.id,
            symbol: rnd.pick(STOCKS) as string,
            side: rnd.next() < 0.7 ? 'Buy' : 'Sell',
            quantity: 1 + rnd.int(3),
          });
        } else if (roll === 12) {
          name = 'annotate';
          const trade = rnd.pick(mirror.trades);
          const linked = rnd.pick(plans.filter((p) => trade && p.stock === trade.symbol));
          if (trade)
            await alex.json('PUT', `/api/v1/trades/${trade.id}`, {
              planId: rnd.next() < 0.6 ? (linked?.id ?? null) : null,
              initialStop: rnd.next() < 0.5 ? null : 80 + rnd.int(10),
              notes: '',
            });
        } else {
          name = 'setup';
          await alex.json('POST', '/api/v1/tradesetups', { name: `S${seed}-${step}`, rules: [] });
        }
        steps.push(name);
        mirror = apply(mirror, await sync(mirror.cursor));
        const full = apply(undefined, await sync());
        const context = `seed ${seed}, steps ${steps.join(', ')}`;
        expect(byId(mirror.plans.values()), context).toEqual(byId(full.plans.values()));
        expect(mirror.setups, context).toEqual(full.setups);
        expect(mirror.trades, context).toEqual(full.trades);
      }
    }
  }, 300_000);
});
