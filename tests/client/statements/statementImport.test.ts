import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StatementMapping } from '../../../src/domain/statements/mapping.ts';
import { defaultSettings } from '../../../src/domain/traderSettings.ts';
import { withFakeApi } from '../fakeApi.ts';
import { accountFixture, deltaSync, executionFixture, requestPaths, seed } from '../fixtures.ts';

// Trades → "Import statement" (docs/product.md, "Importing statements"): the file read on the
// device through the trader's column mapping, previewed against the account's cached fills, and
// imported on the one write path, online or offline.

const api = withFakeApi();
let statements: typeof import('../../../src/client/statements/statementImport.ts');
let dbModule: typeof import('../../../src/client/db/db.ts');

beforeAll(async () => {
  statements = await import('../../../src/client/statements/statementImport.ts');
  dbModule = await import('../../../src/client/db/db.ts');
});

// Hand-worked: AAPL bought 100 at 150.25 (09:31:05 New York, EDT: 13:31:05Z) and sold 100 at
// 152.75 (14:15:30Z): gross 250.00, fees 1.00 + 1.00 + 0.05 = 2.05, net 247.95. Line 4 is a
// deposit (no symbol), line 5 a quantity that is not a number.
const CSV = readFileSync('tests/fixtures/statements/trader-mapped.csv', 'utf8');
const MAPPING: StatementMapping = {
  header: ['Trade Date', 'Time', 'Ticker', 'Action', 'Shares', 'Fill Price', 'Commission', 'Reg Fee'],
  executedAt: 'Trade Date',
  time: 'Time',
  symbol: 'Ticker',
  side: 'Action',
  quantity: 'Shares',
  price: 'Fill Price',
  fees: ['Commission', 'Reg Fee'],
};
const ACCOUNT = 'acc-1';
const FILE = { name: 'trades.csv', text: CSV };

const preview = async () => {
  const result = await statements.previewImport(
    await statements.readOnDevice(CSV, 'auto', [MAPPING]),
    ACCOUNT,
  );
  if (!result.ok) throw new Error('not read');
  return result;
};

describe('the preview', () => {
  it('reads the file through the mapping whose header fits, with each skipped row and its line', async () => {
    const result = await preview();
    expect(result).toMatchObject({ format: 'mapped', name: 'Your column mapping' });
    expect(result.plan.add.map((f) => [f.side, f.quantity, f.price, f.fees, f.executedAt, f.source])).toEqual(
      [
        ['Buy', 100, 150.25, 1, '2026-03-16T13:31:05.000Z', 'statement'],
        ['Sell', 100, 152.75, 1.05, '2026-03-16T14:15:30.000Z', 'statement'],
      ],
    );
    expect(result.skipped).toEqual([
      { line: 4, reason: 'instrument', detail: '' },
      { line: 5, reason: 'unreadable', detail: 'Quantity is not a number' },
    ]);
  });

  it('counts as already here a fill of the account recorded by hand within a minute, not another account’s', async () => {
    const sell = { side: 'Sell', symbol: 'AAPL', quantity: 100, price: 152.75 } as const;
    await seed('executions', [
      executionFixture({ ...sell, id: 'hand', executedAt: '2026-03-16T14:16:00.000Z' }),
      executionFixture({
        id: 'other',
        accountId: 'acc-2',
        price: 150.25,
        executedAt: '2026-03-16T13:31:05.000Z',
      }),
    ]);
    const result = await preview();
    expect(result.plan.add.map((f) => f.side)).toEqual(['Buy']);
    expect(result.plan.alreadyHere).toEqual([{ line: 3, id: 'hand' }]);
  });

  it('says a file no format and no mapping reads is unrecognised, with its header for the mapping', async () => {
    expect(await statements.previewImport(await statements.readOnDevice(CSV, 'auto', []), ACCOUNT)).toEqual({
      ok: false,
      reason: 'unrecognised',
      header: MAPPING.header,
    });
  });
});

describe('a file of several broker accounts', () => {
  const flex = readFileSync('tests/fixtures/statements/ibkr-flex.csv', 'utf8');
  const twoAccounts = flex.replace(/"U1234567"(,"USD","STK","TSLA")/g, '"U7654321"$1');
  const read = () => statements.readOnDevice(twoAccounts, 'auto', []);

  it("previews the one ending with the account's digits, the others' fills skipped, and imports naming it", async () => {
    await seed('accounts', [accountFixture({ id: ACCOUNT, accountNumber: '****4321' })]);
    const result = await statements.previewImport(await read(), ACCOUNT);
    if (!result.ok) throw new Error('not read');
    expect([result.brokerAccounts, result.brokerAccount]).toEqual([['U1234567', 'U7654321'], 'U7654321']);
    expect(result.plan.add.map((f) => f.symbol)).toEqual(['TSLA', 'TSLA']);
    expect(result.skipped.filter((s) => s.reason === 'otherAccount').map((s) => s.detail)).toEqual(
      Array(result.skipped.filter((s) => s.reason === 'otherAccount').length).fill('U1234567'),
    );
    // Another of the file's accounts, chosen by the trader.
    const other = await statements.previewImport(await read(), ACCOUNT, 'U1234567');
    if (!other.ok) throw new Error('not read');
    expect(other.brokerAccount).toBe('U1234567');
    expect(other.plan.add.some((f) => f.symbol === 'TSLA')).toBe(false);

    const answer = { format: 'ibkr-flex', name: 'x', added: 2, alreadyHere: 0, skipped: [], addedIds: [] };
    api.routes['POST /api/v1/fills/import'] = { status: 200, body: answer };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
    await statements.importStatement({ name: 'flex.csv', text: twoAccounts }, ACCOUNT, result);
    expect(api.received[0]?.key).toBe(
      'POST /api/v1/fills/import?account=acc-1&format=ibkr-flex&brokerAccount=U7654321',
    );
  });

  it('takes the first of them when none ends with the digits, and a file of one account as it is', async () => {
    await seed('accounts', [accountFixture({ id: ACCOUNT, accountNumber: '****9999' })]);
    const result = await statements.previewImport(await read(), ACCOUNT);
    if (!result.ok) throw new Error('not read');
    expect(result.brokerAccount).toBe('U1234567');
    const one = await statements.previewImport(await statements.readOnDevice(flex, 'auto', []), ACCOUNT);
    if (!one.ok) throw new Error('not read');
    expect([one.brokerAccounts, one.brokerAccount]).toEqual([['U1234567'], null]);
  });
});

describe('the import', () => {
  it('online: sends the text in the previewed format, answers with the server’s counts, then syncs', async () => {
    const answer = { format: 'mapped', name: 'x', added: 2, alreadyHere: 0, skipped: [{}, {}], addedIds: [] };
    api.routes['POST /api/v1/fills/import'] = { status: 200, body: answer };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
    const summary = await statements.importStatement(FILE, ACCOUNT, await preview());
    expect(summary).toEqual({ outcome: 'saved', added: 2, alreadyHere: 0, skipped: 2, balance: null });
    expect(requestPaths(api.received)).toEqual(['POST /api/v1/fills/import', 'GET /api/v1/sync']);
    expect(api.received[0]?.key).toBe('POST /api/v1/fills/import?account=acc-1&format=mapped');
    expect(api.received[0]?.body).toBe(CSV);
    // Nothing applied here: the sync brings the server's fills.
    expect(await dbModule.db.executions.count()).toBe(0);
  });

  it('offline: applies the fills and rebuilds the trade at once, and queues the file', async () => {
    await seed('accounts', [accountFixture({ id: ACCOUNT })]);
    api.unreachable = true;
    const summary = await statements.importStatement(FILE, ACCOUNT, await preview());
    expect(summary).toEqual({ outcome: 'queued', added: 2, alreadyHere: 0, skipped: 2, balance: null });
    const [trade, ...more] = await dbModule.db.trades.toArray();
    expect(more).toEqual([]);
    expect(trade).toMatchObject({
      symbol: 'AAPL',
      grossPnl: 250,
      fees: 2.05,
      netPnl: 247.95,
      pendingSync: true,
    });
    const [queued] = await dbModule.db.outbox.toArray();
    expect(queued).toMatchObject({
      body: CSV,
      contentType: 'text/csv',
      label: 'Import statement trades.csv',
    });
    expect(queued?.localIds).toEqual(trade?.executionIds);
  });
});

describe('the saved mappings', () => {
  it('replace one made for the same header, keep the 20 newest, and are saved as a setting', async () => {
    const older = Array.from({ length: 20 }, (_, i) => ({ ...MAPPING, header: [`Column ${i}`] }));
    const current = { ...defaultSettings('alex', '2026-11-20T15:00:00.000Z'), statementMappings: older };
    api.routes['PUT /api/v1/settings/alex'] = { status: 200, body: current };
    api.routes['GET /api/v1/sync'] = { status: 200, body: deltaSync() };
    await statements.saveMapping(current, { ...MAPPING, header: ['Column 19'] });
    const mappingsSent = (n: number) =>
      (api.received[n]?.body as { statementMappings: StatementMapping[] } | undefined)?.statementMappings ??
      [];
    const sent = mappingsSent(0);
    expect(sent.map((m) => m.header[0])).toEqual([
      ...older.slice(0, 19).map((m) => m.header[0]),
      'Column 19',
    ]);
    await statements.saveMapping(current, MAPPING);
    const again = mappingsSent(2);
    expect(again).toHaveLength(20);
    expect(again[0]?.header).toEqual(['Column 1']);
    expect(again.at(-1)).toEqual(MAPPING);
  });
});
