import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '../../src/domain/backup.ts';
import { messages } from '../../src/domain/messages.ts';
import type { Account, Execution, SyncAnswer, Trade, TradePlanDto } from '../../src/domain/types.ts';
import { tradePlans } from '../../src/server/db/schema.ts';
import { type Client, signedInServer, signIn, startTestServer, type TestServer } from './harness.ts';

// A plan whose linked trades have all closed is done (docs/product.md, "Trade plans"): it keeps
// its status, takes no new trade by itself, and leaves its stock free for a new plan.

const { t, alex } = signedInServer();
let margin: Account;

beforeAll(async () => {
  margin = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
});

const HOUR = 3_600_000;
const later = (ms = HOUR) => {
  t.clock.advance(ms);
  return t.clock.now.toISOString();
};
const record = async (body: Record<string, unknown>, client: Client = alex) => {
  const res = await client.json<Execution>('POST', '/api/v1/executions', {
    accountId: margin.id,
    executedAt: later(),
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body;
};
const buy = (symbol: string, quantity = 100, price = 50) => record({ symbol, side: 'Buy', quantity, price });
const sell = (symbol: string, quantity = 100, price = 55) =>
  record({ symbol, side: 'Sell', quantity, price });

/** A new plan (entry 50, stop 45) set to Ready: the answers of both calls. */
async function readyPlan(stock: string, client: Client = alex) {
  const created = await client.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
    stock,
    entryPrice: 50,
    stopLossPrice: 45,
  });
  expect(created.status).toBe(201);
  const ready = await client.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${created.body.id}/status`, {
    status: 'Ready',
  });
  return { created: created.body, ready };
}
const planOf = async (id: string, client: Client = alex) =>
  (await client.json<TradePlanDto>('GET', `/api/v1/tradeplans/${id}`)).body;
const tradesOf = async (symbol: string, client: Client = alex) =>
  (await client.json<Trade[]>('GET', '/api/v1/trades')).body
    .filter((tr) => tr.symbol === symbol)
    .sort((a, b) => (a.openedAt < b.openedAt ? -1 : 1));

describe('a plan whose trade has closed', () => {
  let first: TradePlanDto;
  let closing: Execution;
  let second: TradePlanDto;

  it('is done at the close, and keeps its status', async () => {
    first = (await readyPlan('DONE')).created;
    await buy('DONE');
    expect((await planOf(first.id)).doneAt).toBeNull();
    closing = await sell('DONE');
    expect(await planOf(first.id)).toMatchObject({ status: 'Ready', doneAt: closing.executedAt });
    expect(await tradesOf('DONE')).toMatchObject([{ planId: first.id, rMultiple: 1 }]); // 500 ÷ (100 × 5)
  });

  it('takes no re-entry: the new trade is unplanned, and the plan keeps its R', async () => {
    await buy('DONE', 10, 52);
    expect(await tradesOf('DONE')).toMatchObject([
      { planId: first.id, rMultiple: 1, closedAt: closing.executedAt },
      { planId: null, planned: false, closedAt: null, initialStop: null },
    ]);
    expect((await planOf(first.id)).doneAt).toBe(closing.executedAt);
  });

  it('stays done when its stock is edited and that stock is traded: a write decides on both symbols', async () => {
    const { created } = await readyPlan('MOVA');
    await buy('MOVA');
    const closed = await sell('MOVA');
    expect((await alex.json('PUT', `/api/v1/tradeplans/${created.id}`, { stock: 'MOVB' })).status).toBe(200);
    // A fill of MOVB alone: the plan's trade of MOVA still says it is done, so it claims no new one.
    await buy('MOVB');
    expect(await planOf(created.id)).toMatchObject({ stock: 'MOVB', doneAt: closed.executedAt });
    expect(await tradesOf('MOVB')).toMatchObject([{ planId: null }]);
  });

  it('leaves the stock free: a new plan for it is made and set Ready', async () => {
    const made = await readyPlan('DONE');
    expect(made.ready.status).toBe(200);
    second = made.ready.body;
    expect(second).toMatchObject({ status: 'Ready', doneAt: null });
  });

  it('may still change status: the status is the trader’s, and the plan stays done', async () => {
    for (const status of ['Hold', 'Ready'] as const) {
      const res = await alex.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${first.id}/status`, { status });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status, doneAt: closing.executedAt });
    }
    // Edits never write doneAt.
    const edited = await alex.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${first.id}`, {
      notes: 'Took +1R',
      doneAt: null,
    });
    expect(edited.body).toMatchObject({ notes: 'Took +1R', doneAt: closing.executedAt });
  });

  it('stays done when its trade reopens while the new plan holds the stock', async () => {
    // The closing fill deleted: the first trade is open again, and takes the re-entry's shares.
    expect((await alex.call('DELETE', `/api/v1/executions/${closing.id}`)).status).toBe(204);
    expect(await tradesOf('DONE')).toMatchObject([{ planId: first.id, closedAt: null, openQuantity: 110 }]);
    expect((await planOf(first.id)).doneAt).toBe(closing.executedAt);
    expect((await planOf(second.id)).doneAt).toBeNull();
  });

  it('is active again once the new plan is discarded, at the next change of the trades', async () => {
    await alex.json('PUT', `/api/v1/tradeplans/${second.id}/status`, { status: 'Discarded' });
    await buy('OTHR');
    expect((await planOf(first.id)).doneAt).toBeNull();
    await sell('DONE', 110, 54);
    const [trade] = await tradesOf('DONE');
    expect((await planOf(first.id)).doneAt).toBe(trade!.closedAt);
  });
});

describe('a plan whose closing fill is deleted', () => {
  it('is active again: it holds its stock and counts for planned risk', async () => {
    const { created } = await readyPlan('REOPEN');
    await buy('REOPEN');
    const closing = await sell('REOPEN');
    expect((await planOf(created.id)).doneAt).toBe(closing.executedAt);

    expect((await alex.call('DELETE', `/api/v1/executions/${closing.id}`)).status).toBe(204);
    expect(await planOf(created.id)).toMatchObject({ status: 'Ready', doneAt: null });
    const refused = await alex.json('POST', '/api/v1/tradeplans', {
      stock: 'REOPEN',
      entryPrice: 50,
      stopLossPrice: 45,
    });
    expect(refused).toMatchObject({ status: 409, body: { message: messages.activePlanExists } });
  });
});

describe('a link the trader edits', () => {
  it('makes a plan done, or done no more, in the same write', async () => {
    const { created } = await readyPlan('LINK');
    await buy('LINK');
    const closing = await sell('LINK');
    await buy('LINK', 10, 52);
    const [, reentry] = await tradesOf('LINK');
    expect(reentry).toMatchObject({ planId: null });

    // Linked by hand to the done plan: an open trade of its own again.
    const linked = await alex.json<Trade>('PUT', `/api/v1/trades/${reentry!.id}`, {
      planId: created.id,
      initialStop: 45,
      notes: '',
    });
    expect(linked.status).toBe(200);
    expect((await planOf(created.id)).doneAt).toBeNull();

    const unlinked = await alex.json<Trade>('PUT', `/api/v1/trades/${reentry!.id}`, {
      planId: null,
      initialStop: null,
      notes: '',
    });
    expect(unlinked.status).toBe(200);
    expect((await planOf(created.id)).doneAt).toBe(closing.executedAt);
  });
});

describe('writes of one trader’s fills at the same time', () => {
  it('run one after the other: every one is saved, and the plan is marked as its trades say', async () => {
    const { created } = await readyPlan('RACE');
    const times = Array.from({ length: 8 }, () => later(60_000));
    // Four round trips of 10 shares, sent at once (two tabs and an import would do the same).
    const answers = await Promise.all(
      times.map((executedAt, i) =>
        alex.json('POST', '/api/v1/executions', {
          accountId: margin.id,
          symbol: 'RACE',
          side: i % 2 === 0 ? 'Buy' : 'Sell',
          quantity: 10,
          price: 50 + i,
          executedAt,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(times.map(() => 201));
    const trades = await tradesOf('RACE');
    expect(trades.every((tr) => tr.closedAt !== null)).toBe(true);
    const linked = trades.filter((tr) => tr.planId === created.id);
    expect(linked.length).toBeGreaterThan(0);
    const lastClose = linked
      .map((tr) => tr.closedAt as string)
      .sort()
      .at(-1);
    expect((await planOf(created.id)).doneAt).toBe(lastClose);
  });
});

describe('what the app is sent', () => {
  it('a delta sync after the closing fill carries the plan with its doneAt', async () => {
    const { created } = await readyPlan('SYNC');
    await buy('SYNC');
    const { cursor } = (await alex.json<SyncAnswer>('GET', '/api/v1/sync')).body;
    const closing = await sell('SYNC');
    const delta = (await alex.json<SyncAnswer>('GET', `/api/v1/sync?since=${cursor}`)).body;
    expect(delta.tradePlans.upserted.find((p) => p.id === created.id)).toMatchObject({
      doneAt: closing.executedAt,
      status: 'Ready',
    });
  });

  it('an import marks the plans a journal kept before doneAt existed', async () => {
    const { created } = await readyPlan('OLDJ');
    await buy('OLDJ');
    const closing = await sell('OLDJ');
    // As migration 0008 leaves a journal: the column is there, nothing set.
    await t.server.database.db.update(tradePlans).set({ doneAt: null }).where(eq(tradePlans.id, created.id));
    expect((await alex.json('POST', '/api/v1/trades/import')).status).toBe(200);
    expect((await planOf(created.id)).doneAt).toBe(closing.executedAt);
  });
});

describe('the backup', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  it('carries doneAt, and a restore takes a done plan beside the new active one of its stock', async () => {
    const { created: done } = await readyPlan('BKUP');
    await buy('BKUP');
    const closing = await sell('BKUP');
    const { created: next } = await readyPlan('BKUP');

    const backup = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    const held = new Map(backup.tradePlans.map((p) => [p.id, p]));
    expect(held.get(done.id)).toMatchObject({ status: 'Ready', doneAt: closing.executedAt });
    expect(held.get(next.id)).toMatchObject({ status: 'Ready', doneAt: null });

    const server = await startTestServer();
    servers.push(server);
    server.clock.now = t.clock.now;
    const target = await signIn(server.url, 'alex');
    const restored = await target.json('POST', '/api/v1/backup', backup);
    expect(restored.status).toBe(200);
    expect(await planOf(done.id, target)).toMatchObject({ status: 'Ready', doneAt: closing.executedAt });
    expect(await planOf(next.id, target)).toMatchObject({ status: 'Ready', doneAt: null });
    // And the restored journal's own trades agree: rebuilt at its next write, the plan is still done.
    await target.json('POST', '/api/v1/trades/import');
    expect((await planOf(done.id, target)).doneAt).toBe(closing.executedAt);
  });

  it('reads a backup made before doneAt as not done', async () => {
    const backup = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    const older = {
      ...backup,
      tradePlans: backup.tradePlans
        .filter((p) => p.doneAt === null)
        .map(({ doneAt: _gone, ...plan }) => plan),
      tradeAnnotations: [],
      executions: [],
    };
    const server = await startTestServer();
    servers.push(server);
    const target = await signIn(server.url, 'alex');
    expect((await target.json('POST', '/api/v1/backup', older)).status).toBe(200);
    const plans = (await target.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    expect(plans.length).toBe(older.tradePlans.length);
    expect(plans.every((p) => p.doneAt === null)).toBe(true);
  });
});
