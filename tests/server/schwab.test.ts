import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_THROTTLE_MINUTES } from '../../src/domain/constants.ts';
import { messages } from '../../src/domain/messages.ts';
import type { QuoteAnswer } from '../../src/domain/quotes.ts';
import type {
  Account,
  AuthStatus,
  Edge,
  Execution,
  ImportResult,
  MarketCycle,
  Trade,
  TradePlanDto,
} from '../../src/domain/types.ts';
import { SIGN_IN_WINDOW_MS } from '../../src/server/auth/signInLimit.ts';
import { createTokenCipher, DATA_KEY_FILE } from '../../src/server/auth/tokenCipher.ts';
import { createSchwabBroker } from '../../src/server/brokers/schwab/schwabBroker.ts';
import { brokerTokens, sessions } from '../../src/server/db/schema.ts';
import { FAKE_LOGINS, type FakeSchwab } from './brokers/schwab/fakeSchwab.ts';
import {
  CALLBACK,
  CLIENT_ID,
  CLIENT_SECRET,
  schwabEnv,
  startFakeSchwab,
} from './brokers/schwab/schwabApp.ts';
import {
  fee,
  option,
  schwabReceiveAndDeliver,
  schwabReverseSplit,
  schwabStockSplit,
  schwabTrade,
  schwabTransfer,
} from './brokers/schwab/schwabTrades.ts';
import { type Client, clientFor, cookieNamed, startTestServer, type TestServer } from './harness.ts';

/**
 * The real server with BROKER=schwab against a fake of Schwab's endpoints on loopback, sharing
 * the test clock. Schwab calls back on the registered https URL; the test, like a browser,
 * follows that redirect to the server under test.
 */
const MINUTE = 60_000;

let t: TestServer;
let fake: FakeSchwab;

beforeAll(async () => {
  fake = await startFakeSchwab(() => t?.clock.now ?? new Date());
  t = await startTestServer(schwabEnv(fake));
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});
beforeEach(() => {
  fake.rateLimit(undefined);
  fake.tokenDelayMs = 0;
  // Past the 30-second balance cache and the sign-in limit's window: each test sees Schwab's
  // answer of its own, and may sign in as often as it needs.
  t.clock.advance(SIGN_IN_WINDOW_MS);
});

/** Schwab's consent page, approved at once, and back to the server: what a browser does. */
async function toSchwabAndBack(login = 'alice') {
  fake.login = login;
  const authorize = await fetch(`${t.url}/api/v1/auth/authorize`, { redirect: 'manual' });
  // The browser keeps the oauth cookie (Secure: the public callback is https) for the way back.
  const oauthCookie = cookieNamed(authorize, 'tt_oauth');
  const schwab = new URL(authorize.headers.get('location') as string);
  const approved = await fetch(schwab, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location') as string);
  return {
    schwab,
    callback,
    oauthCookie,
    follow: (search = callback.search, cookie = oauthCookie) =>
      fetch(`${t.url}${callback.pathname}${search}`, { redirect: 'manual', headers: { Cookie: cookie } }),
  };
}

async function signInSchwab(login = 'alice'): Promise<Client> {
  const res = await (await toSchwabAndBack(login)).follow();
  expect(res.headers.get('location')).toBe('/?status=success');
  return clientFor(t.url, cookieNamed(res, '__Host-tt_session'));
}

describe('signing in with Schwab', () => {
  it('sends the browser to Schwab with exactly the documented parameters', async () => {
    const { schwab } = await toSchwabAndBack();
    expect(`${schwab.origin}${schwab.pathname}`).toBe(`${fake.url}/v1/oauth/authorize`);
    expect([...schwab.searchParams.keys()].sort()).toEqual([
      'client_id',
      'redirect_uri',
      'response_type',
      'state',
    ]);
    expect(schwab.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(schwab.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(schwab.searchParams.get('response_type')).toBe('code');
    expect(schwab.searchParams.get('state')).toMatch(/^[\w-]{32,}$/);
  });

  it('exchanges the code decoded exactly once, with Basic auth and a form body', async () => {
    const before = fake.tokenCalls('authorization_code').length;
    const { callback, follow } = await toSchwabAndBack();
    expect(callback.search).toContain('%40');
    const res = await follow();
    expect(res.headers.get('location')).toBe('/?status=success');
    // The public callback is https (a TLS proxy in front), so the cookie is Secure, and its
    // __Host- prefix keeps it to this host and path /.
    const session = res.headers.getSetCookie().find((c) => c.startsWith('__Host-tt_session=')) as string;
    expect(session).toMatch(/HttpOnly.*Secure|Secure.*HttpOnly/);
    expect(session).toMatch(/; Path=\/(;|$)/);
    expect(session).not.toMatch(/Domain=/i);
    const [call] = fake.tokenCalls('authorization_code').slice(before);
    expect(call?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
    );
    expect(call?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(call?.body);
    expect(form.get('code')).toBe(callback.searchParams.get('code'));
    expect(form.get('code')).toMatch(/@$/);
    expect(call?.body).not.toContain('%2540');
    expect(form.get('redirect_uri')).toBe(CALLBACK);
  });

  it('refuses a callback with a forged state without calling Schwab', async () => {
    const before = fake.tokenCalls().length;
    const { callback, follow } = await toSchwabAndBack();
    const forged = new URLSearchParams(callback.search);
    forged.set('state', 'forged-state-forged-state-forged-state');
    const res = await follow(`?${forged}`);
    expect(res.headers.get('location')).toBe('/?status=error');
    expect(fake.tokenCalls().length).toBe(before);
  });

  it("refuses Schwab's callback in a browser that did not start the sign-in, without calling Schwab", async () => {
    const authorize = await fetch(`${t.url}/api/v1/auth/authorize`, { redirect: 'manual' });
    // Over https in public, so the oauth cookie is Secure; Lax, so Schwab's redirect carries it.
    const oauth = authorize.headers.getSetCookie().find((c) => c.startsWith('tt_oauth=')) as string;
    expect(oauth).toMatch(/Secure/);
    expect(oauth).toMatch(/SameSite=Lax/);

    const before = fake.tokenCalls().length;
    const attacker = await toSchwabAndBack();
    const victim = await attacker.follow(attacker.callback.search, '');
    expect(victim.headers.get('location')).toBe('/?status=error');
    expect(victim.headers.getSetCookie().some((c) => c.includes('tt_session='))).toBe(false);
    const otherBrowser = await toSchwabAndBack();
    const mixed = await attacker.follow(attacker.callback.search, otherBrowser.oauthCookie);
    expect(mixed.headers.get('location')).toBe('/?status=error');
    expect(fake.tokenCalls().length).toBe(before);
  });

  it("accepts writes from the registered callback's origin: behind a TLS proxy that is the app's", async () => {
    const alice = await signInSchwab();
    const logout = (origin: string) =>
      alice.call('POST', '/api/v1/auth/logout', undefined, { headers: { Origin: origin } });
    expect((await logout(t.url.replace('http:', 'https:'))).status).toBe(403);
    expect((await logout(new URL(CALLBACK).origin)).status).toBe(204);
  });

  it('refuses a code used twice (Schwab refuses the second exchange)', async () => {
    const first = await toSchwabAndBack();
    expect((await first.follow()).headers.get('location')).toBe('/?status=success');
    // The same code with a state the server did issue: only Schwab can refuse it now.
    const second = await toSchwabAndBack();
    const replay = new URLSearchParams(first.callback.search);
    replay.set('state', second.callback.searchParams.get('state') as string);
    const res = await second.follow(`?${replay}`);
    expect(res.headers.get('location')).toBe('/?status=error');
  });

  it('tells when the broker sign-in ends: 7 days after signing in', async () => {
    const alice = await signInSchwab();
    const status = await alice.json<AuthStatus>('GET', '/api/v1/auth/status');
    expect(status.body.brokerSessionExpiresAt).toBe(
      new Date(t.clock.now.getTime() + 7 * 24 * 60 * MINUTE).toISOString(),
    );
    expect(status.body.user.displayName).toBe('Schwab ...678');
  });

  it('keeps one journal per Schwab login: the same login is the same trader next week, another is not', async () => {
    const alice = await signInSchwab('alice');
    const edge = await alice.json<Edge>('POST', '/api/v1/edges', {
      name: `Alice's edge ${Date.now()}`,
      description: 'd',
      identificationNotes: 'n',
      weightFactor: 0.5,
    });
    expect(edge.status).toBe(201);
    const bob = await signInSchwab('bob');
    expect((await bob.json<Edge[]>('GET', '/api/v1/edges')).body).toEqual([]);
    expect((await bob.json<Account[]>('GET', '/api/v1/accounts')).body.map((a) => a.accountName)).toEqual([
      'Bob Margin',
    ]);
    const aliceAgain = await signInSchwab('alice');
    expect((await aliceAgain.json<Edge[]>('GET', '/api/v1/edges')).body.map((e) => e.id)).toContain(
      edge.body.id,
    );
  });
});

describe('Schwab data', () => {
  it('maps the MARGIN and the CASH account from the three account calls', async () => {
    const alice = await signInSchwab();
    const res = await alice.json<Account[]>('GET', '/api/v1/accounts');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject([
      {
        accountName: 'Individual',
        accountNumber: '****5678',
        accountHash: 'F61ED39B2E0C08D21D9F7D896541E140B7F3A66D6EAFE977C7706C16EFF0443A',
        currentBalance: 53120.4,
        availableFundsForTrading: 10531.7,
      },
      {
        accountName: 'Cash Trading',
        accountNumber: '****4321',
        accountHash: 'B1D89BE1ACC6588EB3358DF65975B2E78CB43F6011CE82E7511033D96B5008E9',
        currentBalance: 9875.25,
        availableFundsForTrading: 2350,
      },
    ]);
  });

  it('computes the market cycle from Schwab daily candles, asked up to now', async () => {
    t.clock.advance(24 * 60 * MINUTE); // a trading day whose candles nobody asked for yet
    const alice = await signInSchwab();
    const before = fake.apiCalls('/marketdata/v1/pricehistory').length;
    const res = await alice.json<MarketCycle>('GET', '/api/v1/market-cycle/current');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ symbol: '$SPX', cycleType: 'Uptrend' });
    expect(res.body.emaChangePercent).toBeCloseTo(0.5, 1);
    const [call] = fake.apiCalls('/marketdata/v1/pricehistory').slice(before);
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      symbol: '$SPX',
      periodType: 'year',
      period: '1',
      frequencyType: 'daily',
      frequency: '1',
      endDate: String(t.clock.now.getTime()),
    });
  });
});

describe('Schwab rate budget', () => {
  it('fetches daily candles once per symbol per trading day, for all traders together', async () => {
    const alice = await signInSchwab('alice');
    const bob = await signInSchwab('bob');
    t.clock.advance(16 * MINUTE); // past the 15-minute market cycle cache
    const history = () => fake.apiCalls('/marketdata/v1/pricehistory').length;
    expect((await alice.call('GET', '/api/v1/market-cycle/current')).status).toBe(200);
    const afterFirst = history();
    t.clock.advance(16 * MINUTE);
    expect((await bob.call('GET', '/api/v1/market-cycle/current')).status).toBe(200);
    expect(history()).toBe(afterFirst);
    t.clock.advance(24 * 60 * MINUTE);
    const alice2 = await signInSchwab('alice'); // a day later: a fresh sign-in, fresh tokens
    expect((await alice2.call('GET', '/api/v1/market-cycle/current')).status).toBe(200);
    expect(history()).toBe(afterFirst + 1);
  });
});

describe('Schwab tokens', () => {
  it('refreshes ahead of expiry once, however many requests need it at the same time', async () => {
    const alice = await signInSchwab();
    t.clock.advance(26 * MINUTE); // 4 minutes left of 30: inside the 5-minute lead
    fake.tokenDelayMs = 150;
    const before = fake.tokenCalls('refresh_token').length;
    const answers = await Promise.all([
      alice.call('GET', '/api/v1/accounts'),
      alice.call('GET', '/api/v1/market-cycle/current'),
      alice.call('GET', '/api/v1/tradeplans'),
      alice.call('GET', '/api/v1/accounts'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(fake.tokenCalls('refresh_token').length - before).toBe(1);
    const refresh = new URLSearchParams(fake.tokenCalls('refresh_token').at(-1)?.body);
    expect(refresh.get('refresh_token')).toMatch(/^RT-/);
  });

  it('on a 401 refreshes once and retries once', async () => {
    const alice = await signInSchwab();
    t.clock.advance(MINUTE);
    fake.expireAccessTokens(); // Schwab revoked it early; our clock says it is still good
    const refreshes = fake.tokenCalls('refresh_token').length;
    const res = await alice.json<Account[]>('GET', '/api/v1/accounts');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(fake.tokenCalls('refresh_token').length - refreshes).toBe(1);
  });

  it('ends the session cleanly when Schwab refuses the refresh token: 401, then sign in again', async () => {
    const alice = await signInSchwab();
    t.clock.advance(MINUTE);
    fake.expireAccessTokens();
    fake.expireRefreshTokens();
    const res = await alice.json('GET', '/api/v1/accounts');
    expect(res).toEqual({ status: 401, body: { message: 'Authentication required' } });
    expect((await alice.call('GET', '/api/v1/auth/status')).status).toBe(401);
    expect((await alice.call('GET', '/api/v1/edges')).status).toBe(401);
  });

  it('ends the session when the 7 days are over, without asking Schwab', async () => {
    const alice = await signInSchwab();
    const calls = fake.requests.length;
    t.clock.advance(7 * 24 * 60 * MINUTE);
    expect((await alice.call('GET', '/api/v1/auth/status')).status).toBe(401);
    expect((await alice.call('GET', '/api/v1/accounts')).status).toBe(401);
    expect(fake.requests.length).toBe(calls);
  });

  it("relaunches without Schwab's page during the 7-day grant, and goes to Schwab once it is over", async () => {
    const alice = await signInSchwab();
    const relaunch = () => alice.call('GET', '/api/v1/auth/authorize');
    const calls = fake.requests.length;
    t.clock.advance(7 * 24 * 60 * MINUTE - MINUTE);
    expect((await relaunch()).headers.get('location')).toBe('/?status=success');
    expect(fake.requests.length).toBe(calls);
    t.clock.advance(MINUTE);
    const after = new URL((await relaunch()).headers.get('location') as string);
    expect(`${after.origin}${after.pathname}`).toBe(`${fake.url}/v1/oauth/authorize`);
  });

  it('keeps tokens only encrypted: not in the row, not in the database files, unreadable with another key', async () => {
    const alice = await signInSchwab();
    expect((await alice.call('GET', '/api/v1/accounts')).status).toBe(200);
    const issued = fake.tokenCalls().length;
    expect(issued).toBeGreaterThan(0);
    const secrets = fake.issuedTokens();
    const rows = await t.server.database.db.select().from(brokerTokens);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const secret of secrets) expect(row.data).not.toContain(secret);
      expect(() => createTokenCipher(Buffer.alloc(32, 7)).decrypt(row.data, row.userId)).toThrow();
    }
    if (!t.config.databaseUrl) {
      const files = listFiles(t.config.dataDir).filter((f) => !f.endsWith(DATA_KEY_FILE));
      const leaks = files.filter((f) => secrets.some((s) => readFileSync(f).includes(s)));
      expect(leaks).toEqual([]);
    }
    expect(statSync(join(t.config.dataDir, DATA_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it("keeps the tokens while another of the trader's devices is signed in, and deletes them with the last", async () => {
    const { database } = t.server;
    const first = await signInSchwab('bob');
    const { id } = (await first.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user;
    // Bob's sessions of the tests before end here: only the two below are alive.
    await database.db.delete(sessions).where(eq(sessions.userId, id));
    const [phone, laptop] = [await signInSchwab('bob'), await signInSchwab('bob')];
    const tokens = async () =>
      (await database.db.select().from(brokerTokens).where(eq(brokerTokens.userId, id))).length;

    expect((await phone.call('POST', '/api/v1/auth/logout')).status).toBe(204);
    expect(await tokens()).toBe(1);
    const calls = fake.requests.length;
    expect((await laptop.call('GET', '/api/v1/auth/authorize')).headers.get('location')).toBe(
      '/?status=success',
    );
    expect(fake.requests.length).toBe(calls); // no Schwab page, no token call
    expect((await laptop.call('GET', '/api/v1/accounts')).status).toBe(200);

    expect((await laptop.call('POST', '/api/v1/auth/logout')).status).toBe(204);
    expect(await tokens()).toBe(0);
  });
});

describe('when Schwab cannot answer', () => {
  it('answers from the last balances on a 429, then backs off instead of calling again', async () => {
    const alice = await signInSchwab();
    const fresh = await alice.json<Account[]>('GET', '/api/v1/accounts');
    t.clock.advance(MINUTE);
    fake.rateLimit(0);
    const limited = await alice.json<Account[]>('GET', '/api/v1/accounts');
    expect(limited).toEqual(fresh);
    const calls = fake.apiCalls().length;
    t.clock.advance(MINUTE / 2);
    expect((await alice.json<Account[]>('GET', '/api/v1/accounts')).body).toEqual(fresh.body);
    expect(fake.apiCalls().length).toBe(calls);
    fake.rateLimit(undefined);
    t.clock.advance(MINUTE);
    expect((await alice.call('GET', '/api/v1/accounts')).status).toBe(200);
    expect(fake.apiCalls().length).toBeGreaterThan(calls);
  });

  it('says so clearly when there are no balances to fall back on (5xx)', async () => {
    const carol = await signInSchwab('carol'); // never loaded her balances
    fake.failNext(500, { message: 'Internal error' });
    const res = await carol.json('GET', '/api/v1/accounts');
    expect(res).toEqual({ status: 503, body: { message: messages.brokerUnavailable } });
  });

  it('answers 503 with the spec message when Schwab has no price history (404)', async () => {
    t.clock.advance(24 * 60 * MINUTE); // past the market cycle cache and the day's candles
    const alice = await signInSchwab();
    fake.failNext(404);
    const res = await alice.json('GET', '/api/v1/market-cycle/current');
    expect(res).toEqual({ status: 503, body: { message: 'Failed to fetch market cycle data' } });
  });

  it('creates a plan without its market cycle rather than refusing it', async () => {
    t.clock.advance(24 * 60 * MINUTE); // past the market cycle cache and the day's candles
    const alice = await signInSchwab();
    // Balances first, so the failure below is the price history's, not theirs.
    expect((await alice.call('GET', '/api/v1/accounts')).status).toBe(200);
    const asked = fake.apiCalls('/marketdata/v1/pricehistory').length;
    fake.failNext(404);
    const res = await alice.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
      stock: 'NOCYC',
      entryPrice: 10,
      stopLossPrice: 9,
    });
    expect(res.status).toBe(201);
    expect(res.body.marketCycleAtCreation).toBeNull();
    expect(res.body.positionSizes.length).toBeGreaterThan(0);
    expect(fake.apiCalls('/marketdata/v1/pricehistory').length).toBe(asked + 1);
  });
});

describe('Schwab fills', () => {
  const DANA = FAKE_LOGINS.dana?.accounts[0]?.hash as string;
  const ago = (ms: number) => new Date(t.clock.now.getTime() - ms);
  let dana: Client;
  let seeded: { buy: Date; call: Date; sell: Date; today: Date };

  beforeAll(async () => {
    const day = 24 * 60 * MINUTE;
    seeded = { buy: ago(3 * day), call: ago(2 * day), sell: ago(day), today: ago(60 * MINUTE) };
    fake.seedTransactions(DANA, [
      schwabTrade({
        activityId: 91001,
        time: seeded.buy,
        symbol: 'AAPL',
        amount: 10,
        price: 225.5,
        fees: [fee('COMMISSION', 0.65), fee('SEC_FEE', 0), fee('TAF_FEE', 0)],
      }),
      schwabTrade({
        activityId: 91002,
        time: seeded.call,
        symbol: 'AAPL',
        amount: 1,
        price: 4.2,
        instrument: option('AAPL'),
      }),
      schwabTrade({
        activityId: 91003,
        time: seeded.sell,
        symbol: 'AAPL',
        amount: -10,
        price: 231.25,
        fees: [fee('COMMISSION', 0.65), fee('SEC_FEE', 0.06), fee('TAF_FEE', 0.01)],
      }),
      schwabTrade({ activityId: 91004, time: seeded.today, symbol: 'MSFT', amount: 5, price: 410 }),
    ]);
  });

  const importNow = () => dana.json<ImportResult>('POST', '/api/v1/trades/import');

  it("imports the account's fills with their fees, today's too, the option's with its contract", async () => {
    dana = await signInSchwab('dana');
    const before = fake.apiCalls().length;
    const res = await importNow();
    expect(res).toEqual({
      status: 200,
      body: {
        imported: 4,
        skipped: 0,
        skippedReasons: {},
        latestExecutedAt: seeded.today.toISOString(),
        importedAt: t.clock.now.toISOString(),
        throttled: false,
      },
    });
    // A first import reaches back a year: two calls, neither over a year (the fake would refuse it).
    const calls = fake
      .apiCalls()
      .slice(before)
      .filter((c) => c.path.endsWith('/transactions'));
    expect(calls.length).toBe(2);
    expect(calls.at(-1)?.query.get('endDate')).toBe(
      new Date(t.clock.now.getTime() + 24 * 60 * MINUTE).toISOString(),
    );

    const [account] = (await dana.json<Account[]>('GET', '/api/v1/accounts')).body;
    const fills = await dana.json<Execution[]>('GET', '/api/v1/executions');
    expect(fills.status).toBe(200);
    expect(
      fills.body.map(
        ({ accountId, symbol, side, quantity, price, fees, executedAt, source, brokerExecutionId }) => ({
          accountId,
          symbol,
          side,
          quantity,
          price,
          fees,
          executedAt,
          source,
          brokerExecutionId,
        }),
      ),
    ).toEqual([
      {
        accountId: account?.id,
        symbol: 'MSFT',
        side: 'Buy',
        quantity: 5,
        price: 410,
        fees: 0,
        executedAt: seeded.today.toISOString(),
        source: 'broker',
        brokerExecutionId: '91004',
      },
      {
        accountId: account?.id,
        symbol: 'AAPL',
        side: 'Sell',
        quantity: 10,
        price: 231.25,
        fees: 0.72,
        executedAt: seeded.sell.toISOString(),
        source: 'broker',
        brokerExecutionId: '91003',
      },
      {
        accountId: account?.id,
        symbol: 'AAPL',
        side: 'Buy',
        quantity: 1,
        price: 4.2,
        fees: 0,
        executedAt: seeded.call.toISOString(),
        source: 'broker',
        brokerExecutionId: '91002',
      },
      {
        accountId: account?.id,
        symbol: 'AAPL',
        side: 'Buy',
        quantity: 10,
        price: 225.5,
        fees: 0.65,
        executedAt: seeded.buy.toISOString(),
        source: 'broker',
        brokerExecutionId: '91001',
      },
    ]);
    // The call is a trade of its own beside the shares' (docs/product.md, "Options").
    expect(fills.body.find((f) => f.brokerExecutionId === '91002')?.option).toEqual({
      expiration: '2026-12-18',
      strike: 250,
      putCall: 'Call',
      multiplier: 100,
    });
    const trades = (await dana.json<Trade[]>('GET', '/api/v1/trades')).body.filter(
      (tr) => tr.symbol === 'AAPL',
    );
    expect(trades.map((tr) => [tr.option?.strike ?? null, tr.closedAt === null, tr.grossPnl])).toEqual([
      [250, true, 0],
      [null, false, 57.5],
    ]);
  });

  it('imports nothing new the second time, from a day before the newest fill', async () => {
    const before = fake.apiCalls().length;
    const res = await importNow();
    expect(res.body).toMatchObject({ imported: 0, latestExecutedAt: seeded.today.toISOString() });
    const calls = fake
      .apiCalls()
      .slice(before)
      .filter((c) => c.path.endsWith('/transactions'));
    expect(calls.map((c) => c.query.get('startDate'))).toEqual([
      new Date(seeded.today.getTime() - 24 * 60 * MINUTE).toISOString(),
    ]);
    expect((await dana.json<Execution[]>('GET', '/api/v1/executions')).body).toHaveLength(4);
  });

  it('on a 401 refreshes once and retries the import once', async () => {
    fake.expireAccessTokens();
    const refreshes = fake.tokenCalls('refresh_token').length;
    expect((await importNow()).body).toMatchObject({ imported: 0 });
    expect(fake.tokenCalls('refresh_token').length - refreshes).toBe(1);
  });

  it('answers 503 with the spec message when Schwab cannot answer the import', async () => {
    expect((await dana.call('GET', '/api/v1/accounts')).status).toBe(200); // balances cached
    fake.failNext(500, { message: 'Internal error' });
    expect(await importNow()).toEqual({ status: 503, body: { message: messages.brokerUnavailable } });
  });
});

describe(`imports at most once per trader every ${IMPORT_THROTTLE_MINUTES} minutes`, () => {
  const importBy = (client: Client) => client.json<ImportResult>('POST', '/api/v1/trades/import');

  it("answers a second import within the throttle without asking Schwab, from any of the trader's browsers", async () => {
    const phone = await signInSchwab('carol');
    const laptop = await signInSchwab('carol');
    const first = (await importBy(phone)).body;
    expect(first).toMatchObject({ throttled: false, importedAt: t.clock.now.toISOString() });
    const asked = fake.requests.length;

    t.clock.advance(IMPORT_THROTTLE_MINUTES * MINUTE - 1000);
    for (const client of [laptop, phone, laptop]) {
      expect(await importBy(client)).toEqual({
        status: 200,
        body: {
          imported: 0,
          skipped: 0,
          skippedReasons: {},
          latestExecutedAt: first.latestExecutedAt,
          importedAt: first.importedAt,
          throttled: true,
        },
      });
    }
    expect(fake.requests.length).toBe(asked);
    // Every tab learns when, from the sign-in check as from the import.
    const status = await laptop.json<AuthStatus>('GET', '/api/v1/auth/status');
    expect(status.body.fillsImportedAt).toBe(first.importedAt);

    // Another trader is not held back by it.
    const alice = await signInSchwab('alice');
    expect((await importBy(alice)).body.throttled).toBe(false);
    expect(fake.requests.length).toBeGreaterThan(asked);

    // Once the throttle is over, the trader's next import asks Schwab again.
    t.clock.advance(1000);
    const before = fake.apiCalls().filter((c) => c.path.endsWith('/transactions')).length;
    const again = (await importBy(laptop)).body;
    expect(again).toMatchObject({ throttled: false, importedAt: t.clock.now.toISOString() });
    expect(fake.apiCalls().filter((c) => c.path.endsWith('/transactions')).length).toBeGreaterThan(before);
  });

  it('does not count an import Schwab could not answer: the next one asks again at once', async () => {
    const carol = await signInSchwab('carol');
    expect((await carol.call('GET', '/api/v1/accounts')).status).toBe(200); // balances cached
    const before = (await carol.json<AuthStatus>('GET', '/api/v1/auth/status')).body.fillsImportedAt;
    fake.failNext(500, { message: 'Internal error' });
    expect((await importBy(carol)).status).toBe(503);
    expect((await carol.json<AuthStatus>('GET', '/api/v1/auth/status')).body.fillsImportedAt).toBe(before);
    t.clock.advance(1000);
    expect((await importBy(carol)).body).toMatchObject({
      throttled: false,
      importedAt: t.clock.now.toISOString(),
    });
  });
});

describe('Schwab splits and transfers', () => {
  const ERIN = FAKE_LOGINS.erin?.accounts[0]?.hash as string;
  const DAY = 24 * 60 * MINUTE;
  let seededAt: number;
  const ago = (days: number) => new Date(seededAt - days * DAY);
  let erin: Client;

  beforeAll(async () => {
    seededAt = t.clock.now.getTime();
    const expiration = {
      ...schwabReceiveAndDeliver({
        activityId: 92009,
        time: ago(6),
        description: 'REMOVAL OF OPTION',
        legs: [],
      }),
      transferItems: [{ instrument: option('AAPL'), amount: 1, cost: 0, positionEffect: 'CLOSING' }],
    };
    fake.seedTransactions(ERIN, [
      // 100 ABCD at $1, a 1-for-100 reverse split, the 1 share sold at $150.
      schwabTrade({ activityId: 92001, time: ago(10), symbol: 'ABCD', amount: 100, price: 1 }),
      schwabReverseSplit(92002, ago(5), 'ABCD', [100, 1]),
      schwabTrade({
        activityId: 92003,
        time: ago(2),
        symbol: 'ABCD',
        amount: -1,
        price: 150,
        // The trading activity fee of a small sale is a fraction of a cent: kept as Schwab gives it.
        fees: [fee('COMMISSION', 0.65), fee('SEC_FEE', 0.01), fee('TAF_FEE', 0.00119)],
      }),
      // 10 NVDA at $1,200, a 10-for-1 split delivering 90 more, the 100 sold at $130.
      schwabTrade({ activityId: 92006, time: ago(9), symbol: 'NVDA', amount: 10, price: 1200 }),
      schwabStockSplit(92007, ago(8), 'NVDA', 90),
      schwabTrade({ activityId: 92008, time: ago(1), symbol: 'NVDA', amount: -100, price: 130 }),
      // 50 XYZ transferred in at a cost of $600, 20 of them transferred out again.
      schwabTransfer(92004, ago(4), 'XYZ', 50, 600),
      schwabTransfer(92005, ago(3), 'XYZ', -20),
      // An option removed at expiration (read: it closes at 0), and a merger into another company (not read).
      expiration,
      schwabReceiveAndDeliver({
        activityId: 92010,
        time: ago(7),
        description: 'MANDATORY MERGER',
        legs: [
          { symbol: 'OLDCO', amount: -100 },
          { symbol: 'NEWCO', amount: 50 },
        ],
      }),
    ]);
    erin = await signInSchwab('erin');
  });

  const tradeIn = (trades: Trade[], symbol: string) => trades.find((tr) => tr.symbol === symbol) as Trade;

  it('reads the splits and transfers, adjusts the positions, and says what it could not read', async () => {
    const res = await erin.json<ImportResult>('POST', '/api/v1/trades/import');
    expect(res.body).toMatchObject({
      imported: 9,
      skipped: 1,
      skippedReasons: { corporateAction: 1 },
    });

    const trades = (await erin.json<Trade[]>('GET', '/api/v1/trades')).body;
    // The option removed closes at 0 a position opened before the history held: incomplete.
    expect(trades.map((tr) => tr.symbol).sort()).toEqual(['AAPL', 'ABCD', 'NVDA', 'XYZ']);
    expect(tradeIn(trades, 'AAPL')).toMatchObject({ closedBy: 'Expired', incomplete: true });
    // Closed by the one share left after the reverse split: $150 for what cost $100.
    expect(tradeIn(trades, 'ABCD')).toMatchObject({
      closedAt: ago(2).toISOString(),
      openQuantity: 0,
      entryQuantity: 100,
      averageEntryPrice: 1,
      averageExitPrice: 1.5,
      grossPnl: 50,
      fees: 0.66119,
      netPnl: 49.34,
      incomplete: false,
    });
    expect(tradeIn(trades, 'NVDA')).toMatchObject({
      closedAt: ago(1).toISOString(),
      entryQuantity: 10,
      averageEntryPrice: 1200,
      averageExitPrice: 1300,
      grossPnl: 1000,
      incomplete: false,
    });
    // Still holding 30 of the 50 transferred in; a transfer out leaves the trade out of R.
    expect(tradeIn(trades, 'XYZ')).toMatchObject({
      closedAt: null,
      openQuantity: 30,
      averageEntryPrice: 12,
      incomplete: true,
    });

    // The trade's details list the adjustments among its fills.
    const fills = (await erin.json<Execution[]>('GET', '/api/v1/executions')).body;
    const byId = new Map(fills.map((f) => [f.brokerExecutionId, f]));
    expect(tradeIn(trades, 'ABCD').executionIds).toEqual(
      ['92001', '92002', '92003'].map((id) => byId.get(id)?.id),
    );
    expect(byId.get('92002')).toMatchObject({
      kind: 'split',
      symbol: 'ABCD',
      side: 'Sell',
      quantity: 99,
      price: 0,
      fees: 0,
      source: 'broker',
      executedAt: ago(5).toISOString(),
    });
    expect(byId.get('92007')).toMatchObject({ kind: 'split', side: 'Buy', quantity: 90 });
    expect(byId.get('92004')).toMatchObject({ kind: 'transfer', side: 'Buy', quantity: 50, price: 12 });
    expect(byId.get('92005')).toMatchObject({ kind: 'transfer', side: 'Sell', quantity: 20, price: 0 });
    expect(byId.get('92001')).toMatchObject({ kind: 'fill' });
  });

  it('imports them once: a second import finds them already held', async () => {
    t.clock.advance(IMPORT_THROTTLE_MINUTES * MINUTE);
    const before = (await erin.json<Execution[]>('GET', '/api/v1/executions')).body.length;
    const res = await erin.json<ImportResult>('POST', '/api/v1/trades/import');
    expect(res.body).toMatchObject({ imported: 0 });
    expect(res.body.skippedReasons.alreadyImported).toBeGreaterThan(0);
    expect((await erin.json<Execution[]>('GET', '/api/v1/executions')).body).toHaveLength(before);
  });

  it('keeps adjustments out of a backup, which holds manual fills only', async () => {
    const backup = (await erin.json<{ executions: unknown[] }>('GET', '/api/v1/backup')).body;
    expect(backup.executions).toEqual([]);
  });
});

describe("quotes from Schwab's market data", () => {
  let alice: Client;
  let bob: Client;
  const ready = async (client: Client, stock: string) => {
    const plan = await client.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
      stock,
      entryPrice: 100,
      stopLossPrice: 95,
    });
    await client.json('PUT', `/api/v1/tradeplans/${plan.body.id}/status`, { status: 'Ready' });
  };
  const quotesOf = (client: Client, symbols: string) =>
    client.json<QuoteAnswer & { message?: string }>('GET', `/api/v1/quotes?symbols=${symbols}`);
  const quoteCalls = () => fake.apiCalls('/marketdata/v1/quotes');

  beforeAll(async () => {
    // The next weekday at 10:00 in New York: the session is open, so a quote is kept 15 s.
    const next = new Date(`${t.clock.now.toISOString().slice(0, 10)}T15:00:00.000Z`);
    do next.setUTCDate(next.getUTCDate() + 1);
    while (next.getUTCDay() === 0 || next.getUTCDay() === 6);
    t.clock.now = next;
    fake.prices.set('AAPL', 190.5).set('MSFT', 410.25);
    alice = await signInSchwab('alice');
    bob = await signInSchwab('bob');
    for (const stock of ['AAPL', 'MSFT', 'ZZZZ']) await ready(alice, stock);
    await ready(bob, 'AAPL');
  });

  it('asks for the symbols in one call with fields=quote, and maps the documented answer', async () => {
    const before = quoteCalls().length;
    const res = await quotesOf(alice, 'AAPL,MSFT,ZZZZ');
    expect(res.status).toBe(200);
    const calls = quoteCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get('symbols')).toBe('AAPL,MSFT,ZZZZ');
    expect(calls[0]?.query.get('fields')).toBe('quote');
    expect(calls[0]?.headers.authorization).toMatch(/^Bearer /);
    const at = t.clock.now.getTime();
    // ZZZZ is not a symbol Schwab knows: left out.
    expect(res.body.quotes).toEqual([
      {
        symbol: 'AAPL',
        last: 190.5,
        bid: 190.48,
        ask: 190.52,
        close: 188.6,
        netChange: 1.9,
        tradeTime: new Date(at - 1000).toISOString(),
        fetchedAt: t.clock.now.toISOString(),
      },
      expect.objectContaining({ symbol: 'MSFT', last: 410.25 }),
    ]);
  });

  it('serves every trader watching a symbol from one call', async () => {
    const before = quoteCalls().length;
    await quotesOf(alice, 'AAPL,MSFT');
    t.clock.advance(5000);
    expect((await quotesOf(bob, 'AAPL')).body.quotes[0]).toMatchObject({ symbol: 'AAPL', last: 190.5 });
    expect(quoteCalls()).toHaveLength(before + 1);
  });

  it('while Schwab limits the rate, answers the last prices known as stale; with none known, 503', async () => {
    await ready(bob, 'MSFT');
    await ready(bob, 'NFLX');
    fake.prices.set('NFLX', 99);
    t.clock.advance(MINUTE);
    fake.rateLimit(0);
    const stale = await quotesOf(bob, 'AAPL,MSFT');
    expect(stale).toMatchObject({
      status: 200,
      body: { stale: true, quotes: [{ last: 190.5 }, { last: 410.25 }] },
    });
    const none = await quotesOf(bob, 'NFLX');
    expect(none).toMatchObject({ status: 503, body: { message: messages.brokerUnavailable } });
    fake.rateLimit(undefined);
  });

  it('splits more than 100 symbols into calls of at most 100', async () => {
    const broker = createSchwabBroker({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      callbackUrl: CALLBACK,
      baseUrl: fake.url,
      now: () => t.clock.now,
    });
    const symbols = Array.from({ length: 150 }, (_, i) => `Q${i}`);
    for (const s of symbols) fake.prices.set(s, 10);
    const before = quoteCalls().length;
    await signInSchwab('carol');
    const accessToken = fake.accessTokenOf('carol') as string;
    const tokens = { accessToken, refreshToken: null, accessExpiresAt: null, refreshExpiresAt: null };
    const quotes = await broker.quotes(tokens, symbols, t.clock.now);
    expect(quotes.map((q) => q.symbol)).toEqual(symbols);
    const sizes = quoteCalls()
      .slice(before)
      .map((c) => c.query.get('symbols')?.split(',').length);
    expect(sizes).toEqual([100, 50]);
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)],
  );
}
