import { Hono } from 'hono';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_THROTTLE_MINUTES } from '../../src/domain/constants.ts';
import { messages } from '../../src/domain/messages.ts';
import type { Account, Execution, ImportResult, Trade, TradePlanDto } from '../../src/domain/types.ts';
import type { AccountService } from '../../src/server/accounts/accountService.ts';
import type { AppEnv } from '../../src/server/appEnv.ts';
import { errorResponse } from '../../src/server/http/errors.ts';
import { createHeavyCalls } from '../../src/server/http/fairShare.ts';
import { signedOut, unavailable } from '../../src/server/refusals.ts';
import { type BrokerImport, oneRunPerTrader } from '../../src/server/trades/brokerImport.ts';
import type { AccountName, TradeBook } from '../../src/server/trades/tradeBook.ts';
import { tradeRoutes } from '../../src/server/trades/tradeRoutes.ts';
import { type Client, firstAccount, signedInServer } from './harness.ts';

const { t, alex, sam } = signedInServer();
let margin: Account;
let samsAccount: Account;

beforeAll(async () => {
  [margin, samsAccount] = [await firstAccount(alex), await firstAccount(sam)];
});

const HOUR = 3_600_000;
const later = (ms = HOUR) => {
  t.clock.advance(ms);
  return t.clock.now.toISOString();
};
const record = async (client: Client, body: Record<string, unknown>) => {
  const res = await client.json<Execution>('POST', '/api/v1/executions', {
    accountId: client === sam ? samsAccount.id : margin.id,
    executedAt: later(),
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body;
};
const plan = async (client: Client, stock: string, status = 'Ready') => {
  const created = await client.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
    stock,
    entryPrice: 50,
    stopLossPrice: 45,
  });
  expect(created.status).toBe(201);
  if (status !== 'Draft')
    await client.json('PUT', `/api/v1/tradeplans/${created.body.id}/status`, { status });
  return created.body;
};
const trades = async (client = alex) => (await client.json<Trade[]>('GET', '/api/v1/trades')).body;
const tradeOf = async (symbol: string, client = alex) => {
  const found = (await trades(client)).filter((tr) => tr.symbol === symbol);
  expect(found).toHaveLength(1);
  return found[0] as Trade;
};
const put = (client: Client, id: string, body: Record<string, unknown>) =>
  client.json<Trade>('PUT', `/api/v1/trades/${id}`, { planId: null, initialStop: null, notes: '', ...body });

describe('trades from manual fills', () => {
  let planned: TradePlanDto;
  let round: Trade;

  it('builds a closed round trip from a buy and a sell, linked to the active plan of the stock', async () => {
    planned = await plan(alex, 'TRKA');
    const buy = await record(alex, { symbol: 'TRKA', side: 'Buy', quantity: 100, price: 50, fees: 1 });
    const sell = await record(alex, { symbol: 'trka', side: 'Sell', quantity: 100, price: 56, fees: 1.5 });
    round = await tradeOf('TRKA');
    expect(round).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      key: `${margin.id}|TRKA|${buy.executedAt}`,
      accountId: margin.id,
      accountName: margin.accountName,
      symbol: 'TRKA',
      direction: 'Long',
      openedAt: buy.executedAt,
      closedAt: sell.executedAt,
      entryQuantity: 100,
      openQuantity: 0,
      averageEntryPrice: 50,
      averageExitPrice: 56,
      grossPnl: 600,
      fees: 2.5,
      netPnl: 597.5,
      planId: planned.id,
      planned: true,
      initialStop: 45,
      initialRisk: 500,
      rMultiple: 1.195,
      notes: '',
      incomplete: false,
    });
    expect(new Set(round.executionIds)).toEqual(new Set([buy.id, sell.id]));
  });

  it('keeps the link when the plan is discarded later', async () => {
    const discarded = await alex.json('PUT', `/api/v1/tradeplans/${planned.id}/status`, {
      status: 'Discarded',
    });
    expect(discarded.status).toBe(200);
    expect(await tradeOf('TRKA')).toMatchObject({ planId: planned.id, planned: true, rMultiple: 1.195 });
  });

  it('leaves a trade unplanned when no plan of the stock was active as it opened', async () => {
    const draft = await plan(alex, 'TRKB', 'Draft');
    await record(alex, { symbol: 'TRKB', side: 'Buy', quantity: 10, price: 20 });
    expect(await tradeOf('TRKB')).toMatchObject({
      planId: null,
      planned: false,
      initialStop: null,
      initialRisk: null,
      rMultiple: null,
      closedAt: null,
      openQuantity: 10,
    });
    // Decided when the fill arrived: the Draft plan (made before the buy) turning Ready later
    // does not claim the trade, nor does the next fill of it.
    await alex.json('PUT', `/api/v1/tradeplans/${draft.id}/status`, { status: 'Ready' });
    await record(alex, { symbol: 'TRKB', side: 'Buy', quantity: 5, price: 21 });
    expect(await tradeOf('TRKB')).toMatchObject({ planId: null, planned: false, openQuantity: 15 });
  });

  it('unlinks, links, sets the stop and the notes; the answer is the trade as listed', async () => {
    const unlinked = await put(alex, round.id, { notes: 'Sold into strength' });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toMatchObject({ planId: null, planned: false, initialStop: null, rMultiple: null });
    expect(unlinked.body.notes).toBe('Sold into strength');
    expect(await tradeOf('TRKA')).toEqual(unlinked.body);

    const linked = await put(alex, round.id, { planId: planned.id, initialStop: 48, notes: '  Kept  ' });
    expect(linked.body).toMatchObject({
      planId: planned.id,
      planned: true,
      initialStop: 48,
      initialRisk: 200,
      rMultiple: 2.9875,
      notes: 'Kept',
    });
    expect(await tradeOf('TRKA')).toEqual(linked.body);
  });

  it("measures R from the trader's own initial risk when set, linked or not, and keeps it when left out", async () => {
    // Net 597.50: over the stop's 200, 2.9875R; over the trader's own 500, 1.195R.
    const own = await put(alex, round.id, {
      planId: planned.id,
      initialStop: 48,
      notes: 'Kept',
      ownInitialRisk: 500,
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ ownInitialRisk: 500, initialRisk: 500, rMultiple: 1.195 });
    const unlinked = await put(alex, round.id, { ownInitialRisk: 500 });
    expect(unlinked.body).toMatchObject({
      planId: null,
      initialStop: null,
      initialRisk: 500,
      rMultiple: 1.195,
    });
    // An app from before it sends none: what is stored stays; null clears it.
    const kept = await put(alex, round.id, { planId: planned.id, initialStop: 48, notes: 'Kept' });
    expect(kept.body).toMatchObject({ ownInitialRisk: 500, rMultiple: 1.195 });
    expect(await tradeOf('TRKA')).toEqual(kept.body);
    const cleared = await put(alex, round.id, {
      planId: planned.id,
      initialStop: 48,
      notes: 'Kept',
      ownInitialRisk: null,
    });
    expect(cleared.body).toMatchObject({ ownInitialRisk: null, initialRisk: 200, rMultiple: 2.9875 });
  });

  it('refuses an initial risk of 0, below 0, past its limit or not a number, and changes nothing', async () => {
    const field = (message: string) => ({
      status: 400,
      body: { message, errors: [{ field: 'ownInitialRisk', message }] },
    });
    const notPositive = 'Your initial risk must be greater than 0';
    expect(await put(alex, round.id, { ownInitialRisk: 0 })).toEqual(field(notPositive));
    expect(await put(alex, round.id, { ownInitialRisk: -100 })).toEqual(field(notPositive));
    expect(await put(alex, round.id, { ownInitialRisk: 'lots' })).toEqual(field('Must be a number'));
    expect(await put(alex, round.id, { ownInitialRisk: 2_000_000 })).toEqual(
      field('Initial risk must be at most 1,000,000'),
    );
    expect(await tradeOf('TRKA')).toMatchObject({
      planId: planned.id,
      ownInitialRisk: null,
      rMultiple: 2.9875,
    });
  });

  it('keeps what the trader set when more fills arrive and the trades are rebuilt', async () => {
    await record(alex, { symbol: 'OTHR', side: 'Buy', quantity: 1, price: 1 });
    expect(await tradeOf('TRKA')).toMatchObject({ planId: planned.id, initialStop: 48, notes: 'Kept' });
  });

  it('refuses a plan of another stock, of another trader, an unknown plan, and a bad stop or notes', async () => {
    const other = await plan(alex, 'TRKC');
    const samsPlan = await plan(sam, 'TRKA');
    const field = (f: string, message: string) => ({
      status: 400,
      body: { message, errors: [{ field: f, message }] },
    });
    expect(await put(alex, round.id, { planId: other.id })).toEqual(
      field('planId', 'The trade plan must be for the same stock as the trade'),
    );
    expect(await put(alex, round.id, { planId: samsPlan.id })).toEqual(
      field('planId', 'Trade plan not found'),
    );
    expect(await put(alex, round.id, { planId: '0196b0a0-0000-7000-8000-00000000beef' })).toEqual(
      field('planId', 'Trade plan not found'),
    );
    expect(await put(alex, round.id, { initialStop: 0 })).toEqual(
      field('initialStop', 'Initial stop must be greater than 0'),
    );
    expect(await put(alex, round.id, { notes: 'x'.repeat(2001) })).toEqual(
      field('notes', 'Notes must be less than 2000 characters'),
    );
    expect(await tradeOf('TRKA')).toMatchObject({ planId: planned.id, initialStop: 48, notes: 'Kept' });
  });

  it("answers 404 for an unknown trade and for another trader's", async () => {
    const notFound = { status: 404, body: { message: 'Trade not found' } };
    expect(await put(alex, '0196b0a0-0000-7000-8000-0000000000aa', {})).toEqual(notFound);
    expect(await put(alex, 'not-a-uuid', {})).toEqual(notFound);
    expect(await put(sam, round.id, { notes: 'mine now' })).toEqual(notFound);
    expect((await trades(sam)).map((tr) => tr.id)).not.toContain(round.id);
    expect((await tradeOf('TRKA')).notes).toBe('Kept');
  });

  it('unlinks the trades of a deleted plan', async () => {
    const doomed = await plan(alex, 'TRKD');
    await record(alex, { symbol: 'TRKD', side: 'Buy', quantity: 5, price: 50 });
    expect((await tradeOf('TRKD')).planId).toBe(doomed.id);
    expect((await alex.call('DELETE', `/api/v1/tradeplans/${doomed.id}`)).status).toBe(204);
    expect(await tradeOf('TRKD')).toMatchObject({ planId: null, planned: false });
  });
});

describe('importing from the broker', () => {
  let first: ImportResult;

  it("imports the demo broker's fills and answers what it did", async () => {
    const res = await alex.json<ImportResult>('POST', '/api/v1/trades/import');
    expect(res.status).toBe(200);
    first = res.body;
    expect(first.imported).toBeGreaterThan(0);
    expect(first.skipped).toBeGreaterThanOrEqual(0);
    const broker = (await alex.json<Execution[]>('GET', '/api/v1/executions')).body.filter(
      (e) => e.source === 'broker',
    );
    expect(broker).toHaveLength(first.imported);
    const newest = Math.max(...broker.map((e) => Date.parse(e.executedAt)));
    expect(first.latestExecutedAt).toBe(new Date(newest).toISOString());
  });

  it('imports nothing the second time: the fills seen again are skipped', async () => {
    t.clock.advance(IMPORT_THROTTLE_MINUTES * 60_000); // past the throttle: the broker is asked again
    const before = (await alex.json<Execution[]>('GET', '/api/v1/executions')).body.length;
    const second = (await alex.json<ImportResult>('POST', '/api/v1/trades/import')).body;
    expect(second.imported).toBe(0);
    expect(second.latestExecutedAt).toBe(first.latestExecutedAt);
    expect((await alex.json<Execution[]>('GET', '/api/v1/executions')).body).toHaveLength(before);
  });

  it('runs one import per trader at a time: concurrent calls share its answer, or the throttle names it', async () => {
    t.clock.advance(IMPORT_THROTTLE_MINUTES * 60_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => alex.json<ImportResult>('POST', '/api/v1/trades/import')),
    );
    const first = answers[0]?.body as ImportResult;
    expect(first).toMatchObject({ imported: 0, throttled: false });
    // A call that comes once the run is over is answered by the throttle: the same import either way.
    const { importedAt, latestExecutedAt } = first;
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body).toMatchObject({ imported: 0, importedAt, latestExecutedAt });
    }
  });

  it('lists the imported trades with their account names, for their trader only', async () => {
    const accounts = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body;
    const names = new Map(accounts.map((a) => [a.id, a.accountName]));
    const brokerFills = new Set(
      (await alex.json<Execution[]>('GET', '/api/v1/executions')).body
        .filter((e) => e.source === 'broker')
        .map((e) => e.id),
    );
    const all = await trades();
    const fromBroker = all.filter((tr) => tr.executionIds.some((id) => brokerFills.has(id)));
    expect(new Set(fromBroker.map((tr) => tr.accountName))).toEqual(
      new Set(accounts.map((a) => a.accountName)),
    );
    for (const tr of all) expect(tr.accountName).toBe(names.get(tr.accountId));
    expect(all.some((tr) => tr.closedAt !== null && tr.netPnl !== null)).toBe(true);
    // The demo broker reports the stop order of every entry: each of its closed trades has an R.
    const closedFromBroker = fromBroker.filter((tr) => tr.closedAt !== null);
    expect(closedFromBroker.length).toBeGreaterThan(5);
    for (const tr of closedFromBroker) {
      expect(tr.initialStop).toBeGreaterThan(0);
      expect(tr.rMultiple).not.toBeNull();
    }
    const samsIds = new Set((await trades(sam)).map((tr) => tr.id));
    expect(all.some((tr) => samsIds.has(tr.id))).toBe(false);
  });
});

describe('one import per trader at a time', () => {
  it('joins a call to the import already running for that trader, and runs anew after it', async () => {
    const releases: (() => void)[] = [];
    const runs: string[] = [];
    const importer = oneRunPerTrader(async (userId: string): Promise<ImportResult> => {
      runs.push(userId);
      await new Promise<void>((resolve) => releases.push(resolve));
      return {
        imported: runs.length,
        skipped: 0,
        skippedReasons: {},
        latestExecutedAt: null,
        importedAt: '',
        throttled: false,
      };
    });

    const first = importer.run('alex');
    const joined = importer.run('alex');
    const others = importer.run('sam');
    await vi.waitFor(() => expect(runs).toEqual(['alex', 'sam']));
    for (const release of releases.splice(0)) release();
    expect(await joined).toBe(await first);
    expect((await others).imported).toBe(2);

    const again = importer.run('alex');
    await vi.waitFor(() => expect(runs).toHaveLength(3));
    releases.splice(0).forEach((release) => {
      release();
    });
    expect((await again).imported).toBe(3);
  });
});

describe('while the broker is not answering', () => {
  it('lists the trades without account names; a sign-in the broker ended is still a 401', async () => {
    const namesAsked: AccountName[][] = [];
    const repo = {
      async list(_userId: string, names: AccountName[]) {
        namesAsked.push(names);
        return [];
      },
    } as unknown as TradeBook;
    let failure = unavailable(messages.brokerUnavailable);
    const accounts = {
      async list() {
        throw failure;
      },
    } as unknown as AccountService;
    const app = new Hono<AppEnv>();
    app.onError(errorResponse);
    app.use(async (c, next) => {
      c.set('user', { id: 'u1', displayName: 'U', brokerSessionExpiresAt: null, fillsImportedAt: null });
      await next();
    });
    app.route('/trades', tradeRoutes(repo, accounts, {} as BrokerImport, createHeavyCalls()));

    const res = await app.request('/trades');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(namesAsked).toEqual([[]]);
    failure = signedOut();
    expect((await app.request('/trades')).status).toBe(401);
  });
});
