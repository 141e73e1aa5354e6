import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup, BackupTradePlan } from '../../src/domain/backup.ts';
import { backupMessages } from '../../src/domain/backupMessages.ts';
import { JOURNAL_LIMITS, JOURNAL_NOTES_MAX_BYTES } from '../../src/domain/constants.ts';
import { jsonTextBytes } from '../../src/domain/journalLimits.ts';
import { messages } from '../../src/domain/messages.ts';
import type {
  Account,
  AuthStatus,
  Execution,
  Trade,
  TradePlanDto,
  TradeSetup,
} from '../../src/domain/types.ts';
import { edges, executions, tradePlans, tradeSetups } from '../../src/server/db/schema.ts';
import { backupSetupFixture, planFixture } from '../fixtures/records.ts';
import { type Client, signIn, startTestServer, type TestServer } from './harness.ts';

// docs/product.md, "Journal limits" (issue 26, item 12): each limit refuses with its message,
// through the API and in a restore alike; a restore adds no account the broker does not report
// and no link of a trade to a plan of another stock; and no statement's parameters grow with the
// journal, so every query stays within PostgreSQL's 65,535 at any size.

let t: TestServer;
/** Every statement's parameter count, while `counting` is on. */
let counting = false;
const paramCounts: number[] = [];
let alex: Client;
let sam: Client;

beforeAll(async () => {
  t = await startTestServer(
    {},
    {
      onQuery: (_query, params) => {
        if (counting) paramCounts.push(params.length);
      },
    },
  );
  alex = await signIn(t.url, 'alex');
  sam = await signIn(t.url, 'sam');
});
afterAll(() => t.stop());

const db = () => t.server.database.db;
const userIdOf = async (client: Client) =>
  (await client.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;
const at = () => new Date(t.clock.now.getTime() - 86_400_000);

/** Rows straight into the database, 1,000 a statement: a journal grown to its limit in seconds. */
async function seed(table: Parameters<ReturnType<typeof db>['insert']>[0], rows: object[]) {
  for (let i = 0; i < rows.length; i += 1000)
    await db()
      .insert(table)
      .values(rows.slice(i, i + 1000));
}
const planRows = (userId: string, n: number, notes = '') =>
  Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    userId,
    stock: `L${i.toString(36).toUpperCase()}`,
    entryPrice: 10,
    stopLossPrice: 9,
    notes,
    createdAt: at(),
    updatedAt: at(),
  }));
const fillRows = (userId: string, accountId: string, n: number, symbol = 'SEED') =>
  Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    userId,
    accountId,
    symbol,
    side: i % 2 ? ('Sell' as const) : ('Buy' as const),
    quantity: 1,
    price: 10,
    fees: 0,
    executedAt: new Date(at().getTime() - (n - i) * 60_000),
    source: 'manual' as const,
    createdAt: at(),
  }));

describe('the journal limits, through the API', () => {
  it(`takes a trade plan up to ${JOURNAL_LIMITS.tradePlans.toLocaleString('en-US')}, then refuses with the limit's message`, async () => {
    const me = await userIdOf(sam);
    await seed(tradePlans, planRows(me, JOURNAL_LIMITS.tradePlans - 1));
    const plan = (stock: string) => ({ stock, entryPrice: 10, stopLossPrice: 9 });
    expect((await sam.json('POST', '/api/v1/tradeplans', plan('LAST'))).status).toBe(201);
    expect(await sam.json('POST', '/api/v1/tradeplans', plan('MORE'))).toEqual({
      status: 409,
      body: { message: messages.journalFull('tradePlans') },
    });
    expect(messages.journalFull('tradePlans')).toBe(
      'Your journal holds 10,000 trade plans, the most it can: delete some to make room',
    );
    // Another trader's journal is their own: Alex still makes plans.
    expect((await alex.json('POST', '/api/v1/tradeplans', plan('ALEX'))).status).toBe(201);
    await db().execute(sql`delete from trade_plans where user_id = ${me}`);
  }, 120_000);

  it('refuses an edge and a setup past their limits; deleted edges count', async () => {
    const me = await userIdOf(sam);
    const row = (i: number) => ({ id: randomUUID(), userId: me, createdAt: at(), updatedAt: at(), i });
    await seed(
      edges,
      Array.from({ length: JOURNAL_LIMITS.edges }, (_, i) => {
        const { i: _i, ...r } = row(i);
        return {
          ...r,
          name: `Edge ${i}`,
          description: 'd',
          identificationNotes: 'n',
          weightFactor: 0.5,
          isActive: i > 0,
        };
      }),
    );
    const edge = { name: 'One more', description: 'd', identificationNotes: 'n', weightFactor: 0.5 };
    expect(await sam.json('POST', '/api/v1/edges', edge)).toEqual({
      status: 409,
      body: { message: messages.journalFull('edges') },
    });
    await seed(
      tradeSetups,
      Array.from({ length: JOURNAL_LIMITS.tradeSetups }, (_, i) => {
        const { i: _i, ...r } = row(i);
        return { ...r, name: `Setup ${i}`, description: '', entryCriteria: '', exitCriteria: '', notes: '' };
      }),
    );
    expect(await sam.json('POST', '/api/v1/tradesetups', { name: 'One more' })).toEqual({
      status: 409,
      body: { message: messages.journalFull('tradeSetups') },
    });
    await db().execute(sql`delete from trade_setups where user_id = ${me}`);
    await db().execute(sql`delete from edges where user_id = ${me}`);
  });

  it('writes a fill at the limit (the trades of 30,000 fills linked in one write), refuses the next, and an import past it', async () => {
    const me = await userIdOf(sam);
    const [account] = (await sam.json<Account[]>('GET', '/api/v1/accounts')).body as [Account];
    await seed(executions, fillRows(me, account.id, JOURNAL_LIMITS.executions - 1));
    const fill = {
      accountId: account.id,
      symbol: 'LAST',
      side: 'Buy',
      quantity: 1,
      price: 10,
      executedAt: t.clock.now.toISOString(),
    };
    const first = await sam.json<Execution>('POST', '/api/v1/executions', fill);
    expect(first.status).toBe(201);
    // Every trade of the seeded fills got its annotation in that one write, a chunk at a time.
    const [{ n }] = (
      (await db().execute(sql`select count(*)::int as n from trade_annotations where user_id = ${me}`)) as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    // 29,999 fills: 14,999 round trips and an open one, and the new fill's trade.
    expect(n).toBe(JOURNAL_LIMITS.executions / 2 + 1);
    expect(await sam.json('POST', '/api/v1/executions', { ...fill, symbol: 'MORE' })).toEqual({
      status: 409,
      body: { message: messages.journalFull('executions') },
    });
    // The broker's fills would pass the limit: none is kept.
    await db().execute(sql`delete from executions where user_id = ${me} and symbol = 'SEED' and quantity = 1 and
      id in (select id from executions where user_id = ${me} and symbol = 'SEED' order by executed_at limit 2)`);
    const imported = await sam.json('POST', '/api/v1/trades/import');
    expect(imported).toEqual({ status: 409, body: { message: messages.journalFull('executions') } });
    const [{ held }] = (
      (await db().execute(sql`select count(*)::int as held from executions where user_id = ${me}`)) as {
        rows: { held: number }[];
      }
    ).rows as [{ held: number }];
    expect(held).toBe(JOURNAL_LIMITS.executions - 2);
    await db().execute(sql`delete from trade_annotations where user_id = ${me}`);
    await db().execute(sql`delete from executions where user_id = ${me}`);
  }, 180_000);

  it('refuses notes past the budget on a plan and a trade; a shorter note is taken', async () => {
    const me = await userIdOf(sam);
    // Full 2,000-character notes, two bytes a character, up to one byte short of the budget.
    const full = 'é'.repeat(2000);
    const plans = Math.floor(JOURNAL_NOTES_MAX_BYTES / jsonTextBytes(full));
    await seed(tradePlans, planRows(me, plans, full));
    const rest = JOURNAL_NOTES_MAX_BYTES - plans * jsonTextBytes(full);
    const plan = { stock: 'NOTE', entryPrice: 10, stopLossPrice: 9 };
    expect((await sam.json('POST', '/api/v1/tradeplans', { ...plan, notes: 'x'.repeat(rest) })).status).toBe(
      201,
    );
    const refused = await sam.json('POST', '/api/v1/tradeplans', { ...plan, stock: 'NOTE2', notes: 'y' });
    expect(refused).toEqual({
      status: 409,
      body: {
        message: messages.journalNotesFull,
        errors: [{ field: 'notes', message: messages.journalNotesFull }],
      },
    });
    expect(messages.journalNotesFull).toBe(
      'Your notes fill the 10 MB a journal holds: shorten some to make room',
    );
    const [account] = (await sam.json<Account[]>('GET', '/api/v1/accounts')).body as [Account];
    await sam.json('POST', '/api/v1/executions', {
      accountId: account.id,
      symbol: 'NOTE',
      side: 'Buy',
      quantity: 1,
      price: 10,
      executedAt: t.clock.now.toISOString(),
    });
    const trade = (await sam.json<Trade[]>('GET', '/api/v1/trades')).body.find(
      (tr) => tr.symbol === 'NOTE',
    ) as Trade;
    const note = { planId: null, initialStop: null, notes: 'a note' };
    expect((await sam.json('PUT', `/api/v1/trades/${trade.id}`, note)).status).toBe(409);
    // Tags, mistakes and a plan's ticked criteria are texts of the budget too.
    const tagged = { ...note, notes: '', tags: ['t'] };
    expect((await sam.json('PUT', `/api/v1/trades/${trade.id}`, tagged)).status).toBe(409);
    const mistaken = { ...note, notes: '', mistakes: ['m'] };
    expect((await sam.json('PUT', `/api/v1/trades/${trade.id}`, mistaken)).status).toBe(409);
    const mine = (await sam.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body.find(
      (p) => p.stock === 'NOTE',
    );
    expect((await sam.json('PUT', `/api/v1/tradeplans/${mine?.id}`, { criteriaMet: ['c'] })).status).toBe(
      409,
    );
    // Room made by shortening a plan's notes: the trade's note goes in.
    expect((await sam.json('PUT', `/api/v1/tradeplans/${mine?.id}`, { notes: '' })).status).toBe(200);
    expect((await sam.json('PUT', `/api/v1/trades/${trade.id}`, note)).status).toBe(200);
    expect((await sam.json('PUT', `/api/v1/trades/${trade.id}`, { ...note, tags: ['t'] })).status).toBe(200);
    await db().execute(sql`delete from trade_annotations where user_id = ${me}`);
    await db().execute(sql`delete from executions where user_id = ${me}`);
    await db().execute(sql`delete from trade_plans where user_id = ${me}`);
  }, 120_000);
});

describe("a setup's criteria in the notes budget (issue 40)", () => {
  it('takes criteria up to the budget, refuses past it on their field, through the API and in a restore', async () => {
    const me = await userIdOf(sam);
    const full = 'é'.repeat(2000);
    const plans = Math.floor(JOURNAL_NOTES_MAX_BYTES / jsonTextBytes(full));
    await seed(tradePlans, planRows(me, plans, full));
    const rest = JOURNAL_NOTES_MAX_BYTES - plans * jsonTextBytes(full);
    const made = await sam.json<TradeSetup>('POST', '/api/v1/tradesetups', {
      name: 'Fits',
      entryCriteria: 'x'.repeat(rest),
    });
    expect(made.status).toBe(201);
    const full409 = (field: string) => ({
      status: 409,
      body: { message: messages.journalNotesFull, errors: [{ field, message: messages.journalNotesFull }] },
    });
    expect(await sam.json('POST', '/api/v1/tradesetups', { name: 'Over', exitCriteria: 'y' })).toEqual(
      full409('exitCriteria'),
    );
    const edit = (entryCriteria: string) =>
      sam.json('PUT', `/api/v1/tradesetups/${made.body.id}`, { name: 'Fits', entryCriteria });
    expect(await edit('x'.repeat(rest + 1))).toEqual(full409('entryCriteria'));
    expect((await edit('x'.repeat(rest - 5))).status).toBe(200);
    // A restore counts the criteria it adds with those held (5 bytes of room), as a backup's own
    // check counts those it holds.
    const backup = (await sam.json<Backup>('GET', '/api/v1/backup')).body;
    const setupOf = (entryCriteria: string) => backupSetupFixture(entryCriteria, backup.exportedAt);
    const wholeOver = await sam.json<{ errors: unknown[] }>('POST', '/api/v1/backup', {
      ...backup,
      tradeSetups: [...backup.tradeSetups, setupOf('z'.repeat(6))],
    });
    expect([wholeOver.status, wholeOver.body.errors]).toEqual([
      400,
      [{ field: 'notes', message: messages.journalNotesFull }],
    ]);
    const over = await sam.json<{ errors: unknown[] }>('POST', '/api/v1/backup', {
      ...backup,
      tradePlans: [],
      tradeSetups: [...backup.tradeSetups, setupOf('z'.repeat(6))],
    });
    expect([over.status, over.body.errors]).toEqual([
      409,
      [{ field: 'backup', message: messages.journalNotesFull }],
    ]);
    const fits = await sam.json('POST', '/api/v1/backup', {
      ...backup,
      tradeSetups: [...backup.tradeSetups, setupOf('z'.repeat(5))],
    });
    expect(fits.status).toBe(200);
    await db().execute(sql`delete from trade_setups where user_id = ${me}`);
    await db().execute(sql`delete from trade_plans where user_id = ${me}`);
  }, 120_000);
});

describe('the journal limits and the API checks, in a restore', () => {
  let base: Backup;
  beforeAll(async () => {
    base = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
  });
  const restore = (body: unknown) =>
    alex.json<{ message: string; errors: { field: string; message: string }[] }>(
      'POST',
      '/api/v1/backup',
      body,
    );
  const planOf = (stock: string, over: Partial<BackupTradePlan> = {}): BackupTradePlan =>
    planFixture({
      id: randomUUID(),
      stock,
      entryPrice: 10,
      stopLossPrice: 9,
      createdAt: base.exportedAt,
      updatedAt: base.exportedAt,
      ...over,
    });

  it('refuses plans that would pass the limit with those the journal holds', async () => {
    const me = await userIdOf(alex);
    const held = (await alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body.length;
    await seed(tradePlans, planRows(me, JOURNAL_LIMITS.tradePlans - held - 1));
    const res = await restore({ ...base, tradePlans: [...base.tradePlans, planOf('R1'), planOf('R2')] });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      {
        field: 'backup',
        message: messages.journalWouldOverflow('tradePlans', JOURNAL_LIMITS.tradePlans + 1),
      },
    ]);
    expect((await restore({ ...base, tradePlans: [...base.tradePlans, planOf('R1')] })).status).toBe(200);
    await db().execute(sql`delete from trade_plans where user_id = ${me} and stock like 'L%'`);
  }, 120_000);

  it('refuses an edge description of megabytes (every /edges answer would carry it) on its field', async () => {
    const edge = {
      id: randomUUID(),
      name: 'Huge',
      description: 'x'.repeat(5_000_000),
      identificationNotes: 'n',
      weightFactor: 0.5,
      isActive: true,
      createdAt: base.exportedAt,
      updatedAt: base.exportedAt,
    };
    const res = await restore({ ...base, edges: [...base.edges, edge] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({
      field: `edges[${base.edges.length}].description`,
      message: messages.edgeDescriptionTooLong,
    });
  });

  it('refuses an account the broker does not report for the trader; one it reports is restored', async () => {
    const theirs = base.accounts[0] as Backup['accounts'][number];
    const stranger = { ...theirs, id: randomUUID(), accountHash: 'not-at-the-broker' };
    const res = await restore({ ...base, accounts: [...base.accounts, stranger] });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual([
      { field: `accounts[${base.accounts.length}].accountHash`, message: backupMessages.accountNotAtBroker },
    ]);
    expect(
      (await alex.json<Account[]>('GET', '/api/v1/accounts')).body.map((a) => a.accountHash),
    ).not.toContain('not-at-the-broker');
  });

  it('refuses a trade linked to a plan of another stock, unless the plan was edited after the link', async () => {
    const [account] = base.accounts as [Backup['accounts'][number]];
    const plan = planOf('MSFT', { updatedAt: base.exportedAt });
    const annotation = {
      key: `${account.id}|AAPL|2026-01-05T15:00:00.000Z`,
      planId: plan.id,
      initialStop: 99.99,
      notes: '',
      createdAt: base.exportedAt,
      updatedAt: base.exportedAt,
    };
    const refused = await restore({
      ...base,
      tradePlans: [...base.tradePlans, plan],
      tradeAnnotations: [...base.tradeAnnotations, annotation],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        field: `tradeAnnotations[${base.tradeAnnotations.length}].planId`,
        message: messages.tradePlanOtherSymbol,
      },
    ]);
    // The plan's stock was changed after the trade was linked, as the API allows: restored as it was.
    const later = new Date(Date.parse(base.exportedAt) + 60_000).toISOString();
    const edited = await restore({
      ...base,
      tradePlans: [...base.tradePlans, { ...plan, updatedAt: later }],
      tradeAnnotations: [...base.tradeAnnotations, annotation],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  });
});

describe('no statement grows with the journal', () => {
  /** A journal of `plans` plans and twice as many fills, restored; then every call that reads or writes much. */
  async function callsAt(client: Client, plans: number): Promise<number> {
    const accounts = (await client.json<Account[]>('GET', '/api/v1/accounts')).body;
    const base = (await client.json<Backup>('GET', '/api/v1/backup')).body;
    const stamp = base.exportedAt;
    const journal: Backup = {
      ...base,
      tradeAnnotations: [],
      tradePlans: Array.from({ length: plans }, (_, i) =>
        planFixture({
          id: randomUUID(),
          stock: `G${i.toString(36).toUpperCase()}`,
          entryPrice: 10,
          stopLossPrice: 9,
          status: i % 2 ? 'Ready' : 'Draft',
          createdAt: stamp,
          updatedAt: stamp,
        }),
      ),
      executions: Array.from({ length: plans * 2 }, (_, i) => ({
        id: randomUUID(),
        accountId: (accounts[i % accounts.length] as Account).id,
        symbol: `G${Math.floor(i / 2)
          .toString(36)
          .toUpperCase()}`,
        side: i % 2 ? 'Sell' : 'Buy',
        quantity: 1,
        price: 10,
        fees: 0,
        executedAt: new Date(Date.parse(stamp) - (plans * 2 - i) * 60_000).toISOString(),
        createdAt: stamp,
      })),
    };
    paramCounts.length = 0;
    counting = true;
    const expectOk = async (method: string, path: string, body?: unknown) => {
      const res = await client.json(method, path, body);
      expect(res.status, `${method} ${path}: ${String(JSON.stringify(res.body)).slice(0, 200)}`).toBeLessThan(
        300,
      );
      return res.body;
    };
    await expectOk('POST', '/api/v1/backup', journal);
    const fill = await expectOk('POST', '/api/v1/executions', {
      accountId: (accounts[0] as Account).id,
      symbol: 'ONE',
      side: 'Buy',
      quantity: 1,
      price: 10,
      executedAt: t.clock.now.toISOString(),
    });
    await expectOk('DELETE', `/api/v1/executions/${(fill as Execution).id}`);
    for (const path of [
      '/tradeplans',
      '/sync',
      '/backup',
      '/trades',
      '/stats?by=setup',
      '/accounts',
      '/tradesetups',
    ]) {
      await expectOk('GET', `/api/v1${path}`);
    }
    await expectOk('POST', '/api/v1/backup', journal);
    counting = false;
    return Math.max(...paramCounts);
  }

  it('the most parameters any statement takes is the same at 600 plans and 1,200 (chunks hold 500)', async () => {
    const small = await callsAt(alex, 600);
    const large = await callsAt(sam, 1_200);
    expect(large).toBe(small);
    expect(large).toBeLessThan(65_535);
  }, 180_000);
});
