import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT_VERSION,
  type Backup,
  type BackupTradePlan,
  type RestoreResult,
} from '../../src/domain/backup.ts';
import { backupMessages } from '../../src/domain/backupMessages.ts';
import { messages } from '../../src/domain/messages.ts';
import type {
  Account,
  AuthStatus,
  Edge,
  Execution,
  ImportResult,
  Trade,
  TradePlanDto,
  TradeSetup,
} from '../../src/domain/types.ts';
import { backupCountsFixture, planFixture } from '../fixtures/records.ts';
import { type Client, signedInServer, signIn, startTestServer, type TestServer } from './harness.ts';

// The backup of docs/product.md, "Export and backup": a journal with every kind of record is
// downloaded, restored into fresh journals (another data folder) and compared field by field;
// conflicting and tampered backups are refused whole; another trader's ids are never touched.

const { t, alex, sam } = signedInServer();
const MINUTE = 60_000;
const ago = (minutes: number) => new Date(t.clock.now.getTime() - minutes * MINUTE).toISOString();

let accounts: Account[];
let trend: Edge;
let retired: Edge;
let breakout: TradeSetup;
let aapl: TradePlanDto;
let xmpl: TradePlanDto;
let backup: Backup;

const post = async <T>(client: Client, path: string, body: unknown, status = 201) => {
  // A second apart: the backup lists records in the order they were made.
  t.clock.advance(1000);
  const res = await client.json<T>('POST', `/api/v1${path}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};
const getBackup = async (client: Client) => {
  const res = await client.json<Backup>('GET', '/api/v1/backup');
  expect(res.status).toBe(200);
  return res.body;
};
const restore = (client: Client, body: unknown) => client.json<RestoreResult>('POST', '/api/v1/backup', body);
const withoutTime = ({ exportedAt: _, ...rest }: Backup) => rest;
/** A journal as another journal restores it: the trader's settings are under that trader's id there. */
const inAnyJournal = (b: Backup) => ({
  ...withoutTime(b),
  traderSettings: b.traderSettings.map(({ id: _, ...settings }) => settings),
});
const edge = (name: string, weightFactor = 0.5) =>
  post<Edge>(alex, '/edges', {
    name,
    description: `${name} d`,
    identificationNotes: `${name} n`,
    weightFactor,
  });

/** The cash account's settings and a setup with every text, as saved and as the backup must hold them. */
const CASH_SETTINGS = {
  originalBalance: 30_000,
  capitalRisk: 12.5,
  maxTradeRisk: 0.75,
  scaleOutFactor: 3,
  heatLimit: 4,
};
const BREAKOUT = {
  name: 'Breakout',
  description: 'Range break',
  entryCriteria: 'Close above the range\nwith volume',
  exitCriteria: '=stop under the range',
  notes: 'Works in uptrends',
  checklistRequired: true,
};
/** The AAPL plan's own fields, as saved and as the backup must hold them. */
const AAPL_PLAN = {
  entryPrice: 190.5,
  stopLossPrice: 185.25,
  targetPrice: 205,
  probabilityOfSuccess: 62.5,
  scanId: 'scan-1',
  notes: 'Earnings on the 30th, "tight" stop',
};

/** Alex's journal: something of every kind the backup holds, and what it must leave out. */
beforeAll(async () => {
  accounts = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body;
  const [margin, cash] = accounts as [Account, Account];
  await alex.json('PUT', `/api/v1/accounts/${cash.id}`, CASH_SETTINGS);
  trend = await edge('Trend', 0.8);
  retired = await edge('Retired', 0.3);
  const uncited = await edge('Uncited');
  breakout = await post<TradeSetup>(alex, '/tradesetups', { ...BREAKOUT, rules: [] });
  await post<TradeSetup>(alex, '/tradesetups', { name: 'Pullback', rules: [] });
  aapl = await post<TradePlanDto>(alex, '/tradeplans', {
    stock: 'aapl',
    ...AAPL_PLAN,
    tradeSetupId: breakout.id,
    edgeIds: [trend.id, retired.id],
    criteriaMet: ['Close above the range', 'with volume'],
  });
  await alex.json('PUT', `/api/v1/tradeplans/${aapl.id}/status`, { status: 'Ready' });
  xmpl = await post<TradePlanDto>(alex, '/tradeplans', { stock: 'XMPL', entryPrice: 50, stopLossPrice: 45 });
  await alex.json('PUT', `/api/v1/tradeplans/${xmpl.id}/status`, { status: 'Ready' });
  const msft = await post<TradePlanDto>(alex, '/tradeplans', {
    stock: 'MSFT',
    entryPrice: 400,
    stopLossPrice: 390,
    marketCycleAtCreation: 'Sideways',
  });
  await alex.json('PUT', `/api/v1/tradeplans/${msft.id}/status`, { status: 'Discarded' });
  await post(alex, '/tradeplans', {
    stock: 'NVDA',
    entryPrice: 120,
    stopLossPrice: 110,
    edgeIds: [trend.id],
    alertsOn: false,
  });
  // Cited by AAPL, then deactivated: kept. Never cited, deactivated: left out.
  await alex.json('DELETE', `/api/v1/edges/${retired.id}`);
  await alex.json('DELETE', `/api/v1/edges/${uncited.id}`);

  // By hand, after the plans: a round trip of XMPL (linked to its plan), and an open KO on the cash account.
  t.clock.advance(3 * 60 * MINUTE);
  await post<Execution>(alex, '/executions', {
    accountId: margin.id,
    symbol: 'XMPL',
    side: 'Buy',
    quantity: 100,
    price: 50.25,
    fees: 1.5,
    executedAt: ago(150),
  });
  await post<Execution>(alex, '/executions', {
    accountId: margin.id,
    symbol: 'XMPL',
    side: 'Sell',
    quantity: 100,
    price: 55.75,
    executedAt: ago(100),
  });
  await post<Execution>(alex, '/executions', {
    accountId: cash.id,
    symbol: 'KO',
    side: 'Buy',
    quantity: 20,
    price: 61.1,
    executedAt: ago(50),
  });
  // The broker's fills, with a note and a stop on one of their trades.
  expect((await alex.json<ImportResult>('POST', '/api/v1/trades/import')).status).toBe(200);
  const trades = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body;
  const ko = trades.find((tr) => tr.symbol === 'KO') as Trade;
  // Edited later than the fills stored them: an annotation never edited is the restore's to fill.
  t.clock.advance(1000);
  await alex.json('PUT', `/api/v1/trades/${ko.id}`, {
    planId: null,
    initialStop: 58,
    notes: '+dividend play',
    tags: ['Dividend', 'Defensive'],
    mistakes: ['oversized'],
    ownInitialRisk: 250,
  });
  const brokerTrade = trades.find((tr) => tr.symbol !== 'KO' && tr.symbol !== 'XMPL') as Trade;
  await alex.json('PUT', `/api/v1/trades/${brokerTrade.id}`, {
    planId: null,
    initialStop: null,
    notes: 'From the broker',
  });
  const { user } = (await alex.json<AuthStatus>('GET', '/api/v1/auth/status')).body;
  expect((await alex.json('PUT', `/api/v1/settings/${user.id}`, { nearEntryR: 0.4 })).status).toBe(200);

  backup = await getBackup(alex);
});

/** The API's own view of a journal, for comparing two of them. */
async function journalOf(client: Client) {
  const get = async <T>(path: string) => (await client.json<T>('GET', `/api/v1${path}`)).body;
  return {
    edges: await get<Edge[]>('/edges'),
    tradeSetups: await get<TradeSetup[]>('/tradesetups'),
    tradePlans: await get<TradePlanDto[]>('/tradeplans'),
    accounts: await get<Account[]>('/accounts'),
  };
}

/** A trade as the trader sees it, whatever the account's id in that journal and its fills' ids. */
const tradeView = ({ id: _id, key: _key, accountId: _a, executionIds: _e, ...rest }: Trade) => rest;

describe('GET /api/v1/backup', () => {
  it('holds the tags and mistakes of trades, the checklist of setups and the ticks of plans', () => {
    expect(backup.tradeSetups.find((s) => s.name === 'Breakout')?.checklistRequired).toBe(true);
    expect(backup.tradePlans.find((p) => p.stock === 'AAPL')?.criteriaMet).toEqual([
      'Close above the range',
      'with volume',
    ]);
    const ko = backup.tradeAnnotations.find((a) => a.key.includes('|KO|'));
    expect([ko?.tags, ko?.mistakes]).toEqual([['Dividend', 'Defensive'], ['oversized']]);
    expect(ko?.ownInitialRisk).toBe(250);
  });

  it('holds the format version, the export time and every record of the journal', () => {
    expect(backup.format).toBe('trade-tracker-backup');
    expect(backup.formatVersion).toBe(BACKUP_FORMAT_VERSION);
    expect(backup.exportedAt).toBe(t.clock.now.toISOString());
    expect(backup.accounts.map((a) => a.accountHash).sort()).toEqual(
      accounts.map((a) => a.accountHash).sort(),
    );
    expect(backup.accounts.find((a) => a.accountHash === accounts[1]?.accountHash)).toMatchObject({
      id: accounts[1]?.id,
      ...CASH_SETTINGS,
    });
    expect(backup.edges.map((e) => [e.name, e.isActive])).toEqual([
      ['Trend', true],
      ['Retired', false],
    ]);
    expect(backup.tradeSetups.map((s) => s.name)).toEqual(['Breakout', 'Pullback']);
    expect(backup.tradeSetups[0]).toEqual({
      id: breakout.id,
      ...BREAKOUT,
      createdAt: breakout.createdAt,
      updatedAt: breakout.updatedAt,
    });
    expect(backup.tradePlans.map((p) => [p.stock, p.status])).toEqual([
      ['AAPL', 'Ready'],
      ['XMPL', 'Ready'],
      ['MSFT', 'Discarded'],
      ['NVDA', 'Draft'],
    ]);
    const plan = backup.tradePlans[0] as BackupTradePlan;
    expect(plan).toMatchObject({
      id: aapl.id,
      ...AAPL_PLAN,
      tradeSetupId: breakout.id,
      marketCycleAtCreation: aapl.marketCycleAtCreation,
      createdAt: aapl.createdAt,
    });
    expect(plan.edgeIds.sort()).toEqual([trend.id, retired.id].sort());
    expect(backup.tradePlans[2]?.marketCycleAtCreation).toBe('Sideways');
    expect(backup.tradePlans.map((p) => p.alertsOn)).toEqual([true, true, true, false]);
    // Manual fills only: the broker's are imported again.
    expect(backup.executions.map((e) => [e.symbol, e.side, e.quantity, e.price, e.fees])).toEqual([
      ['XMPL', 'Buy', 100, 50.25, 1.5],
      ['XMPL', 'Sell', 100, 55.75, 0],
      ['KO', 'Buy', 20, 61.1, 0],
    ]);
    expect(Object.keys(backup.executions[0] as object).sort()).toEqual(
      ['accountId', 'createdAt', 'executedAt', 'fees', 'id', 'price', 'quantity', 'side', 'symbol'].sort(),
    );
    // A stored decision for every trade, broker ones included, with the links, stops and notes.
    expect(backup.tradeAnnotations.length).toBeGreaterThan(5);
    expect(backup.tradeAnnotations).toContainEqual(
      expect.objectContaining({ planId: xmpl.id, initialStop: 45, notes: '' }),
    );
    expect(backup.tradeAnnotations).toContainEqual(
      expect.objectContaining({ planId: null, initialStop: 58, notes: '+dividend play' }),
    );
    expect(backup.tradeAnnotations).toContainEqual(expect.objectContaining({ notes: 'From the broker' }));
  });

  it("is the signed-in trader's own: another trader downloads theirs, and nobody signed out", async () => {
    const sams = await getBackup(sam);
    expect(sams.edges).toEqual([]);
    expect(sams.tradePlans).toEqual([]);
    expect(sams.executions).toEqual([]);
    const anonymous = await fetch(`${t.url}/api/v1/backup`);
    expect(anonymous.status).toBe(401);
  });

  it('names a file to save it as', async () => {
    const res = await alex.call('GET', '/api/v1/backup');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="trade-tracker-backup-${t.clock.now.toISOString().slice(0, 10)}.json"`,
    );
    await res.arrayBuffer();
  });
});

describe('restoring into a fresh journal (another data folder)', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.stop())));
  const fresh = async () => {
    const server = await startTestServer();
    server.clock.now = t.clock.now;
    servers.push(server);
    return { server, alex: await signIn(server.url, 'alex') };
  };

  it('restores the plans of a backup made before alertsOn was kept with their alerts on', async () => {
    const target = await fresh();
    const older = { ...backup, tradePlans: backup.tradePlans.map(({ alertsOn: _, ...p }) => p) };
    expect((await restore(target.alex, older)).status).toBe(200);
    const plans = (await target.alex.json<TradePlanDto[]>('GET', '/api/v1/tradeplans')).body;
    expect(plans.map((p) => p.alertsOn)).toEqual([true, true, true, true]);
  });

  it('restores a backup made before tags and checklists with none: no tags, no ticks, no checklist required', async () => {
    const target = await fresh();
    const older = {
      ...backup,
      tradeSetups: backup.tradeSetups.map(({ checklistRequired: _, ...s }) => s),
      tradePlans: backup.tradePlans.map(({ criteriaMet: _, ...p }) => p),
      tradeAnnotations: backup.tradeAnnotations.map(
        ({ tags: _t, mistakes: _m, ownInitialRisk: _r, ...a }) => a,
      ),
    };
    expect((await restore(target.alex, older)).status).toBe(200);
    const restored = await getBackup(target.alex);
    expect(restored.tradeAnnotations.every((a) => a.ownInitialRisk === null)).toBe(true);
    expect(restored.tradeSetups.map((s) => s.checklistRequired)).toEqual([false, false]);
    expect(restored.tradePlans.map((p) => p.criteriaMet)).toEqual([[], [], [], []]);
    expect(restored.tradeAnnotations.every((a) => a.tags.length === 0 && a.mistakes.length === 0)).toBe(true);
  });

  it('gives back exactly what was exported, every field, and the same journal through the API', async () => {
    const target = await fresh();
    const res = await restore(target.alex, backup);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      restored: {
        accounts: backup.accounts.length,
        edges: 2,
        tradeSetups: 2,
        tradePlans: 4,
        executions: 3,
        tradeAnnotations: backup.tradeAnnotations.length,
        traderSettings: 1,
      },
      skipped: backupCountsFixture(),
    });
    expect(inAnyJournal(await getBackup(target.alex))).toEqual(inAnyJournal(backup));
    expect(backup.traderSettings).toMatchObject([{ nearEntryR: 0.4 }]);
    const { accounts: _, ...journal } = await journalOf(alex);
    expect(await journalOf(target.alex)).toEqual({ ...journal, accounts: expect.any(Array) });
    const manual = (await alex.json<Execution[]>('GET', '/api/v1/executions')).body.filter(
      (e) => e.source === 'manual',
    );
    expect((await target.alex.json<Execution[]>('GET', '/api/v1/executions')).body).toEqual(manual);

    // The broker's fills come back with the next import, and with them every trade as it was.
    await target.alex.json('POST', '/api/v1/trades/import');
    const before = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body;
    const after = (await target.alex.json<Trade[]>('GET', '/api/v1/trades')).body;
    expect(after.map(tradeView)).toEqual(before.map(tradeView));
    expect(after.map((tr) => tr.key)).toEqual(before.map((tr) => tr.key));
    // With the broker's fills back, the accounts' heat is the same too.
    expect(await journalOf(target.alex)).toEqual(await journalOf(alex));
  });

  it('skips what is already there: restoring the same backup twice writes nothing the second time', async () => {
    const target = await fresh();
    expect((await restore(target.alex, backup)).status).toBe(200);
    const again = await restore(target.alex, backup);
    expect(again.status).toBe(200);
    expect(again.body.restored).toEqual(backupCountsFixture());
    expect(again.body.skipped.tradePlans).toBe(4);
    expect(again.body.skipped.tradeAnnotations).toBe(backup.tradeAnnotations.length);
    expect(again.body.skipped.traderSettings).toBe(1);
    expect(inAnyJournal(await getBackup(target.alex))).toEqual(inAnyJournal(backup));
  });

  it('into a journal that already has the accounts and the broker fills: settings, links, stops and notes come back', async () => {
    const target = await fresh();
    // Signed in, the app lists the accounts (new ids here) and imports the broker's fills.
    const here = (await target.alex.json<Account[]>('GET', '/api/v1/accounts')).body;
    expect(here.map((a) => a.id)).not.toEqual(accounts.map((a) => a.id));
    await target.alex.json('POST', '/api/v1/trades/import');
    const res = await restore(target.alex, backup);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.restored.accounts).toBe(1); // the changed settings; the other account's are the defaults
    expect(res.body.skipped.accounts).toBe(1);

    const restored = await getBackup(target.alex);
    const idHere = new Map(
      backup.accounts.map((a) => [a.id, here.find((h) => h.accountHash === a.accountHash)?.id as string]),
    );
    expect(restored.executions).toEqual(
      backup.executions.map((e) => ({ ...e, accountId: idHere.get(e.accountId) })),
    );
    const settings = ({ id: _, createdAt: _c, updatedAt: _u, ...s }: Backup['accounts'][number]) => s;
    const byHash = (a: { accountHash: string }, b: { accountHash: string }) =>
      a.accountHash.localeCompare(b.accountHash);
    expect(restored.accounts.map(settings).sort(byHash)).toEqual(backup.accounts.map(settings).sort(byHash));
    expect(inAnyJournal({ ...restored, accounts: [], executions: [], tradeAnnotations: [] })).toEqual(
      inAnyJournal({ ...backup, accounts: [], executions: [], tradeAnnotations: [] }),
    );

    const before = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body;
    const after = (await target.alex.json<Trade[]>('GET', '/api/v1/trades')).body;
    expect(after.map(tradeView)).toEqual(before.map(tradeView));
  });
});

/**
 * Restores refused with `status` that change nothing: Alex's backup after each is the one read
 * before the block's tests (or again by `readBefore`, after a restore that took).
 */
function refusedRestores(status: number) {
  let before: Backup;
  const readBefore = async () => {
    before = await getBackup(alex);
  };
  beforeAll(readBefore);
  const refused = async (body: unknown) => {
    const res = await restore(alex, body);
    expect(res.status).toBe(status);
    expect(withoutTime(await getBackup(alex))).toEqual(withoutTime(before));
    return res.body as unknown as { message: string; errors: { field: string; message: string }[] };
  };
  return { refused, readBefore };
}

describe('a conflicting backup changes nothing and says why', () => {
  const newId = () => crypto.randomUUID();
  const { refused, readBefore } = refusedRestores(409);
  const plans = (change: (p: BackupTradePlan, i: number) => BackupTradePlan) => ({
    ...backup,
    tradePlans: backup.tradePlans.map(change),
  });
  const nextFreePlan = (over: Partial<BackupTradePlan>): BackupTradePlan => ({
    ...(backup.tradePlans[3] as BackupTradePlan),
    id: newId(),
    stock: 'FRESH',
    edgeIds: [],
    ...over,
  });

  it('a record of the same id with other content', async () => {
    const body = await refused(plans((p, i) => (i === 0 ? { ...p, entryPrice: 191 } : p)));
    expect(body.message).toBe(
      `Nothing was restored: the backup conflicts with your journal: trade plan AAPL (Ready): ${backupMessages.idHoldsOther}`,
    );
    expect(body.errors).toEqual([{ field: 'tradePlans[0].id', message: backupMessages.idHoldsOther }]);
  });

  /** A backup of these records alone (and the accounts). */
  const only = (records: Partial<Backup>): Backup => ({
    ...backup,
    edges: [],
    tradeSetups: [],
    tradePlans: [],
    executions: [],
    tradeAnnotations: [],
    ...records,
  });

  it('a name already used, ignoring case', async () => {
    const body = await refused(
      only({ edges: [{ ...(backup.edges[0] as Backup['edges'][number]), id: newId(), name: 'TREND' }] }),
    );
    expect(body.message).toBe(
      `Nothing was restored: the backup conflicts with your journal: edge "TREND": ${messages.edgeNameTaken}`,
    );
    expect(body.errors).toEqual([{ field: 'edges[0].name', message: messages.edgeNameTaken }]);
    const setup = await refused(
      only({
        tradeSetups: [
          { ...(backup.tradeSetups[0] as Backup['tradeSetups'][number]), id: newId(), name: 'breakout' },
        ],
      }),
    );
    expect(setup.errors).toEqual([{ field: 'tradeSetups[0].name', message: messages.setupNameTaken }]);
    // A deactivated edge's name is free: only active names must differ.
    const retiredAgain = { ...(backup.edges[1] as Backup['edges'][number]), id: newId(), name: 'Trend' };
    expect(retiredAgain.isActive).toBe(false);
    expect((await restore(alex, only({ edges: [retiredAgain] }))).status).toBe(200);
    await readBefore();
  });

  it('a second active plan for a stock', async () => {
    const body = await refused(only({ tradePlans: [nextFreePlan({ stock: 'AAPL', status: 'Hold' })] }));
    expect(body.errors).toEqual([{ field: 'tradePlans[0].stock', message: messages.activePlanExists }]);
  });

  it('all or nothing: the new records of a backup with one conflict are not written either', async () => {
    const fresh = nextFreePlan({});
    await refused({
      ...plans((p, i) => (i === 1 ? { ...p, notes: 'edited' } : p)),
      tradePlans: [fresh, ...plans((p, i) => (i === 1 ? { ...p, notes: 'edited' } : p)).tradePlans],
      edges: [
        ...backup.edges,
        { ...(backup.edges[0] as Backup['edges'][number]), id: newId(), name: 'Brand new' },
      ],
    });
    expect((await alex.json('GET', `/api/v1/tradeplans/${fresh.id}`)).status).toBe(404);
    expect((await alex.json<Edge[]>('GET', '/api/v1/edges')).body.map((e) => e.name)).not.toContain(
      'Brand new',
    );
  });

  it('names the first three conflicts and counts the rest', async () => {
    const body = await refused(plans((p) => ({ ...p, notes: `${p.notes}!` })));
    expect(body.message).toBe(
      `Nothing was restored: the backup conflicts with your journal: trade plan AAPL (Ready): ${backupMessages.idHoldsOther}; trade plan XMPL (Ready): ${backupMessages.idHoldsOther}; trade plan MSFT (Discarded): ${backupMessages.idHoldsOther}; and 1 more`,
    );
    expect(body.errors).toHaveLength(4);
  });

  it('a fill of the same id that differs, and a trade annotation that holds something else', async () => {
    const fill = await refused({
      ...backup,
      executions: backup.executions.map((e, i) => (i === 2 ? { ...e, quantity: 21 } : e)),
    });
    expect(fill.errors).toEqual([{ field: 'executions[2].id', message: backupMessages.idHoldsOther }]);
    const note = backup.tradeAnnotations.findIndex((a) => a.notes === '+dividend play');
    const annotation = await refused({
      ...backup,
      tradeAnnotations: backup.tradeAnnotations.map((a, i) => (i === note ? { ...a, notes: 'other' } : a)),
    });
    expect(annotation.errors).toEqual([
      { field: `tradeAnnotations[${note}].key`, message: backupMessages.idHoldsOther },
    ]);
  });
});

describe("another trader's ids are never touched", () => {
  let alexBefore: Backup;
  let samBefore: Backup;
  beforeAll(async () => {
    await sam.json('GET', '/api/v1/accounts');
    alexBefore = await getBackup(alex);
    samBefore = await getBackup(sam);
  });
  const refusedForSam = async (body: unknown) => {
    const res = await restore(sam, body);
    expect(res.status).toBe(409);
    expect(withoutTime(await getBackup(alex))).toEqual(withoutTime(alexBefore));
    expect(withoutTime(await getBackup(sam))).toEqual(withoutTime(samBefore));
    return res.body as unknown as { message: string; errors: { field: string; message: string }[] };
  };

  it("refuses Alex's backup restored into Sam's journal: every id is Alex's", async () => {
    const body = await refusedForSam(backup);
    expect(body.message).toMatch(/^Nothing was restored: the backup conflicts with your journal: account /);
    expect(body.message).toContain(messages.idInUse);
    expect(body.errors.every((e) => e.message === messages.idInUse)).toBe(true);
  });

  it("refuses a backup of Sam's own that uses one of Alex's plan ids, and Alex's plan stays as it was", async () => {
    const samsAccounts = (await sam.json<Account[]>('GET', '/api/v1/accounts')).body;
    const sams = await getBackup(sam);
    const stolen = {
      ...(backup.tradePlans[0] as BackupTradePlan),
      tradeSetupId: null,
      edgeIds: [],
      notes: 'mine now',
    };
    const body = await refusedForSam({ ...sams, tradePlans: [stolen] });
    expect(body.errors).toEqual([{ field: 'tradePlans[0].id', message: messages.idInUse }]);
    expect(samsAccounts.length).toBeGreaterThan(0);
    expect((await alex.json<TradePlanDto>('GET', `/api/v1/tradeplans/${aapl.id}`)).body.notes).toBe(
      aapl.notes,
    );
  });

  it("refuses the id of a record Alex deleted: it stays Alex's", async () => {
    const gone = await post<TradePlanDto>(alex, '/tradeplans', {
      stock: 'GONE',
      entryPrice: 10,
      stopLossPrice: 9,
    });
    await alex.json('DELETE', `/api/v1/tradeplans/${gone.id}`);
    alexBefore = await getBackup(alex);
    const sams = await getBackup(sam);
    const plan = { ...(backup.tradePlans[3] as BackupTradePlan), id: gone.id, edgeIds: [], stock: 'GONE' };
    const body = await refusedForSam({ ...sams, tradePlans: [plan] });
    expect(body.errors).toEqual([{ field: 'tradePlans[0].id', message: messages.idInUse }]);
  });

  it("refuses an account (and with it the trade notes) under Alex's account id", async () => {
    const sams = await getBackup(sam);
    const alexAccount = backup.accounts[0] as Backup['accounts'][number];
    const annotation = backup.tradeAnnotations.find((a) => a.key.startsWith(alexAccount.id));
    const body = await refusedForSam({
      ...sams,
      accounts: [...sams.accounts, { ...alexAccount, accountHash: 'someone-else' }],
      tradeAnnotations: [{ ...annotation, planId: null, notes: 'overwritten' }],
    });
    expect(body.errors[0]).toEqual({
      field: `accounts[${sams.accounts.length}].id`,
      message: messages.idInUse,
    });
  });
});

describe('a tampered backup changes nothing and says why', () => {
  const { refused: invalid } = refusedRestores(400);

  it('refuses a backup from a newer format version, saying so', async () => {
    const body = await invalid({ ...backup, formatVersion: BACKUP_FORMAT_VERSION + 1 });
    expect(body.message).toBe(backupMessages.formatTooNew(BACKUP_FORMAT_VERSION + 1, BACKUP_FORMAT_VERSION));
    expect(body.message).toMatch(/newer version of Trade Tracker/);
  });

  it('refuses what is not a backup, and malformed JSON', async () => {
    expect((await invalid({ edges: [] })).message).toBe(backupMessages.notABackup);
    expect((await invalid([backup])).message).toBe(backupMessages.notABackup);
    const res = await alex.call('POST', '/api/v1/backup', undefined, {
      body: '{"format": "trade-tracker-backup",',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(messages.invalidJson);
  });

  it('refuses invalid records with the API messages, naming the records', async () => {
    const body = await invalid({
      ...backup,
      tradePlans: backup.tradePlans.map((p, i) => (i === 0 ? { ...p, stopLossPrice: 200 } : p)),
      executions: backup.executions.map((e, i) => (i === 1 ? { ...e, quantity: -5 } : e)),
    });
    expect(body.message).toBe(
      `This backup cannot be restored, nothing was changed: trade plan AAPL (Ready): ${messages.stopLossNotBelowEntry}; fill Sell -5 XMPL at ${backup.executions[1]?.executedAt}: ${messages.quantityNotPositive}`,
    );
    expect(body.errors).toEqual([
      { field: 'tradePlans[0].stopLossPrice', message: messages.stopLossNotBelowEntry },
      { field: 'executions[1].quantity', message: messages.quantityNotPositive },
    ]);
  });

  it('refuses links to records the backup does not hold, and an id twice', async () => {
    const body = await invalid({
      ...backup,
      tradePlans: [
        ...backup.tradePlans.map((p, i) => (i === 3 ? { ...p, edgeIds: [crypto.randomUUID()] } : p)),
        backup.tradePlans[2],
      ],
    });
    expect(body.errors).toEqual([
      { field: 'tradePlans[4].id', message: backupMessages.duplicateId },
      { field: 'tradePlans[3].edgeIds', message: messages.edgeNotFound },
    ]);
  });
});

describe('size', () => {
  it('keeps every other call at 1 MB, and refuses a restore over its own limit', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const edgeRes = await alex.json('POST', '/api/v1/edges', {
      name: 'Big',
      description: big,
      identificationNotes: 'n',
      weightFactor: 1,
    });
    expect(edgeRes).toEqual({ status: 413, body: { message: messages.bodyTooLarge } });
    const huge = await alex.call('POST', '/api/v1/backup', undefined, {
      body: 'x'.repeat(51 * 1024 * 1024),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: backupMessages.tooLarge });
  });

  it('restores a journal of 10,000 plans and 5,000 fills in one call, past the 1 MB of other calls', async () => {
    const samsAccounts = (await sam.json<Account[]>('GET', '/api/v1/accounts')).body;
    const sams = await getBackup(sam);
    const at = ago(24 * 60);
    const tradePlans: BackupTradePlan[] = Array.from({ length: 10_000 }, (_, i) =>
      planFixture({
        id: crypto.randomUUID(),
        stock: `S${i.toString(36).toUpperCase()}`,
        entryPrice: 100 + (i % 50),
        stopLossPrice: 90,
        targetPrice: i % 2 ? 200 : null,
        probabilityOfSuccess: i % 100,
        status: (['Draft', 'Ready', 'Hold', 'Discarded'] as const)[i % 4] ?? 'Draft',
        notes: `Plan number ${i}`,
        createdAt: at,
        updatedAt: at,
      }),
    );
    const executions = Array.from({ length: 5_000 }, (_, i) => ({
      id: crypto.randomUUID(),
      accountId: samsAccounts[i % samsAccounts.length]?.id as string,
      symbol: `F${i % 300}`,
      side: i % 2 ? ('Sell' as const) : ('Buy' as const),
      quantity: 10,
      price: 20 + (i % 7),
      fees: 0.5,
      executedAt: ago(10_000 - i),
      createdAt: at,
    }));
    const large = { ...sams, tradePlans, executions };
    expect(JSON.stringify(large).length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await restore(sam, large);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body.restored).toMatchObject({ tradePlans: 10_000, executions: 5_000 });
    const back = await getBackup(sam);
    expect(back.tradePlans).toHaveLength(10_000);
    expect(back.executions).toHaveLength(5_000);
  }, 120_000);
});

describe('restoring into the same journal', () => {
  it('brings back a record deleted since, and a replayed create of it is the record again', async () => {
    const nvda = backup.tradePlans.find((p) => p.stock === 'NVDA') as BackupTradePlan;
    expect((await alex.json('DELETE', `/api/v1/tradeplans/${nvda.id}`)).status).toBe(204);
    const replay = { id: nvda.id, stock: 'NVDA', entryPrice: 120, stopLossPrice: 110 };
    expect((await alex.json('POST', '/api/v1/tradeplans', replay)).status).toBe(410);

    const res = await restore(alex, backup);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.restored).toEqual(backupCountsFixture({ tradePlans: 1 }));
    expect((await getBackup(alex)).tradePlans).toContainEqual(nvda);
    expect((await alex.json('POST', '/api/v1/tradeplans', replay)).status).toBe(200);
  });
});
