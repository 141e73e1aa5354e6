import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '../../src/domain/backup.ts';
import { expiresAt } from '../../src/domain/optionContract.ts';
import type { Account, Execution, SyncAnswer, Trade } from '../../src/domain/types.ts';
import { signedInServer, signIn, startTestServer, type TestServer } from './harness.ts';

// An option fill (docs/product.md, "Options") through the API, the sync and the backup: its
// contract is kept whole, a bad contract field is a 400 on that field, and a stock fill stays a
// stock fill (option null).

const { t, alex } = signedInServer();
let margin: Account;

beforeAll(async () => {
  margin = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
});

const minutesAgo = (minutes: number) => new Date(t.clock.now.getTime() - minutes * 60_000).toISOString();
const CALL = { expiration: '2026-12-18', strike: 200, putCall: 'Call' };
const optionFill = (body: Record<string, unknown> = {}) => ({
  accountId: margin.id,
  symbol: 'aapl',
  side: 'Buy',
  quantity: 2,
  price: 3.5,
  fees: 1.3,
  executedAt: minutesAgo(30),
  option: CALL,
  ...body,
});
const list = async () => (await alex.json<Execution[]>('GET', '/api/v1/executions')).body;

describe('option fills', () => {
  it('records an option fill with its contract, 100 shares a contract unless it says otherwise', async () => {
    const res = await alex.json<Execution>('POST', '/api/v1/executions', optionFill());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ symbol: 'AAPL', option: { ...CALL, multiplier: 100 } });
    const adjusted = await alex.json<Execution>(
      'POST',
      '/api/v1/executions',
      optionFill({ option: { ...CALL, putCall: 'Put', multiplier: 150 } }),
    );
    expect(adjusted.body.option).toEqual({ ...CALL, putCall: 'Put', multiplier: 150 });
    expect(await list()).toEqual(expect.arrayContaining([res.body, adjusted.body]));
  });

  it('records a stock fill as before, with no contract (null is none)', async () => {
    const res = await alex.json<Execution>('POST', '/api/v1/executions', optionFill({ option: null }));
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('option');
    expect((await list()).find((f) => f.id === res.body.id)).toEqual(res.body);
  });

  it.each([
    ['option', 'call', 'Option must be an object with expiration, strike and put/call, or null for a stock'],
    [
      'option.expiration',
      { ...CALL, expiration: '2026-02-30' },
      'Expiration must be a date written YYYY-MM-DD',
    ],
    ['option.expiration', { strike: 200, putCall: 'Call' }, 'Expiration must be a date written YYYY-MM-DD'],
    ['option.strike', { ...CALL, strike: 0 }, 'Strike must be greater than 0'],
    ['option.strike', { ...CALL, strike: '200' }, 'Must be a number'],
    ['option.putCall', { ...CALL, putCall: 'C' }, 'Put/call must be Call or Put'],
    ['option.multiplier', { ...CALL, multiplier: 0 }, 'Multiplier must be greater than 0 and at most 10000'],
    [
      'option.multiplier',
      { ...CALL, multiplier: 1e6 },
      'Multiplier must be greater than 0 and at most 10000',
    ],
  ])('refuses a bad %s (%j) with a 400 on that field, and writes nothing', async (field, option, message) => {
    const before = (await list()).length;
    const res = await alex.json('POST', '/api/v1/executions', optionFill({ option }));
    expect(res.status).toBe(400);
    expect((res.body as { errors: unknown }).errors).toEqual([{ field, message }]);
    expect((await list()).length).toBe(before);
  });

  it('sends the contract in a delta sync', async () => {
    const { cursor } = (await alex.json<SyncAnswer>('GET', '/api/v1/sync')).body;
    const made = (await alex.json<Execution>('POST', '/api/v1/executions', optionFill({ side: 'Sell' })))
      .body;
    const delta = (await alex.json<SyncAnswer>('GET', `/api/v1/sync?since=${cursor}`)).body;
    expect(delta.executions.upserted).toEqual([made]);
  });
});

describe('option fills in a backup', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.stop())));

  it('restores an option fill with its contract, and refuses a bad contract as the API does', async () => {
    const backup = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    const options = backup.executions.filter((f) => f.option);
    expect(options.length).toBeGreaterThan(0);
    const server = await startTestServer();
    server.clock.now = t.clock.now;
    servers.push(server);
    const target = await signIn(server.url, 'alex');
    const bad = {
      ...backup,
      executions: backup.executions.map((f, i) => (i === 0 ? { ...f, option: { ...CALL, strike: -5 } } : f)),
    };
    const refused = await target.json('POST', '/api/v1/backup', bad);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Strike must be greater than 0');
    expect((await target.json('POST', '/api/v1/backup', backup)).status).toBe(200);
    const restored = (await target.json<Backup>('GET', '/api/v1/backup')).body;
    expect(restored.executions.map((f) => f.option ?? null)).toEqual(
      backup.executions.map((f) => f.option ?? null),
    );
  });
});

describe('an option past its expiration', () => {
  it('closes at 0 as Expired once the clock passes the close of its expiration day', async () => {
    const trades = async () => (await alex.json<Trade[]>('GET', '/api/v1/trades')).body;
    // Tomorrow in New York, whatever the test clock says: expires at 4 p.m. there.
    const expiration = new Date(t.clock.now.getTime() + 36 * 3_600_000).toISOString().slice(0, 10);
    const option = { expiration, strike: 55, putCall: 'Put' };
    const made = (
      await alex.json<Execution>(
        'POST',
        '/api/v1/executions',
        optionFill({ symbol: 'xpry', option, price: 1.25 }),
      )
    ).body;
    const open = (await trades()).find((tr) => tr.executionIds.includes(made.id));
    expect(open).toMatchObject({ closedAt: null, openQuantity: 2 });
    t.clock.advance(4 * 24 * 3_600_000);
    const expired = (await trades()).find((tr) => tr.executionIds.includes(made.id));
    // Bought 2 at 1.25: −1.25 × 2 × 100 = −250, fees 1.30.
    expect(expired).toMatchObject({ closedBy: 'Expired', openQuantity: 0, grossPnl: -250, netPnl: -251.3 });
    expect(expired?.closedAt).toBe(expiresAt({ ...option, putCall: 'Put', multiplier: 100 }));
  });
});
