import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Backup } from '../../src/domain/backup.ts';
import { messages } from '../../src/domain/messages.ts';
import type { Account, AuthStatus, ImportResult, SyncAnswer } from '../../src/domain/types.ts';
import { type Broker, BrokerUnavailableError } from '../../src/server/brokers/broker.ts';
import { createBrokerShare, requestPools } from '../../src/server/brokers/brokerBudget.ts';
import { createDemoBroker } from '../../src/server/brokers/demo/demoBroker.ts';
import {
  createHeavyCalls,
  createTraderRequestLimiter,
  HEAVY_LANES,
  type HeavyKind,
  jsonInSlices,
  runInSlices,
} from '../../src/server/http/fairShare.ts';
import { type Client, signIn, startTestServer, type TestServer } from './harness.ts';

// docs/product.md, "Fair sharing" (issue 26, item 10): a trader's heavy calls (restore, backup,
// import, full sync) run one at a time, a few more wait their turn and any further one is refused
// with 429 before its body is read; every call counts against the trader's rate, over which the
// answer is 429 with Retry-After; another trader is served meanwhile. The timings are the bench's
// (scripts/benchFairness.ts): here only the behaviour.

/** A request whose answer is awaited separately: an upload can be held half sent. */
interface Held {
  req: ClientRequest;
  answer: Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>;
}

function send(
  t: TestServer,
  client: Client,
  method: string,
  path: string,
  body?: string,
  sendAll = true,
): Held {
  const url = new URL(path, t.url);
  const req = request(url, {
    method,
    headers: {
      Cookie: client.cookie,
      Origin: t.url,
      ...(body === undefined
        ? {}
        : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }),
    },
  });
  const answer = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      // A refused upload is answered and its connection closed before it is sent whole.
      req.on('error', reject);
    },
  );
  if (body !== undefined) req.write(sendAll ? body : body.slice(0, Math.floor(body.length / 2)));
  if (sendAll) req.end();
  return { req, answer };
}

/** Whether the answer comes within `ms`. */
const answeredWithin = async (held: Held, ms: number) =>
  Promise.race([held.answer.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe("one heavy call of a trader's at a time", () => {
  let t: TestServer;
  let alex: Client;
  let sam: Client;
  let alexId: string;
  const heavy = createHeavyCalls();
  /** Once Alex's heavy slot is in this state: a call sent has reached it. */
  const reached = (running: HeavyKind, waiting: number) =>
    vi.waitFor(() => expect(heavy.stateOf(alexId, 'journal')).toEqual({ running: [running], waiting }), {
      timeout: 10_000,
    });
  beforeAll(async () => {
    t = await startTestServer({}, { heavy });
    alex = await signIn(t.url, 'alex');
    sam = await signIn(t.url, 'sam');
    alexId = (await alex.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;
  });
  afterAll(() => t.stop());

  it('runs the first, lets two wait their turn, refuses the next at once; the other trader and light calls go on', async () => {
    const backup = (await alex.json<Backup>('GET', '/api/v1/backup')).body;
    const { cursor } = (await alex.json<SyncAnswer>('GET', '/api/v1/sync')).body;
    // A restore whose upload stalls halfway holds Alex's heavy slot.
    const body = JSON.stringify(backup);
    const restore = send(t, alex, 'POST', '/api/v1/backup', body, false);
    await reached('restore', 0);
    const download = send(t, alex, 'GET', '/api/v1/backup');
    await reached('restore', 1);
    const fullSync = send(t, alex, 'GET', '/api/v1/sync');
    await reached('restore', 2);
    expect(HEAVY_LANES.journal.waiting).toBe(2);
    // The fourth heavy call: refused at once, its upload unread, its connection closed.
    const refused = send(t, alex, 'POST', '/api/v1/trades/import');
    const third = await refused.answer;
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toEqual({ message: messages.heavyCallBusy });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    const anotherRestore = send(t, alex, 'POST', '/api/v1/backup', body, false);
    const unread = await anotherRestore.answer;
    expect(unread.status).toBe(429);
    expect(unread.headers.connection).toBe('close');
    anotherRestore.req.destroy();

    // Those waiting are not answered while the restore runs; Alex's light calls and Sam's heavy ones are.
    expect(await answeredWithin(download, 300)).toBe(false);
    expect(await answeredWithin(fullSync, 10)).toBe(false);
    expect(heavy.stateOf(alexId, 'journal')).toEqual({ running: ['restore'], waiting: 2 });
    const delta = await alex.json<SyncAnswer>('GET', `/api/v1/sync?since=${encodeURIComponent(cursor)}`);
    expect(delta.status).toBe(200);
    expect(delta.body.full).toBe(false);
    expect((await alex.json('GET', '/api/v1/tradeplans')).status).toBe(200);
    expect((await sam.json('GET', '/api/v1/backup')).status).toBe(200);
    expect((await sam.json('GET', '/api/v1/sync')).status).toBe(200);

    // The upload ends: the restore, then the two that waited, in turn.
    restore.req.end(body.slice(Math.floor(body.length / 2)));
    expect((await restore.answer).status).toBe(200);
    expect((await download.answer).status).toBe(200);
    const synced = await fullSync.answer;
    expect(synced.status).toBe(200);
    expect((JSON.parse(synced.body) as SyncAnswer).full).toBe(true);
    expect((await alex.json('POST', '/api/v1/trades/import')).status).toBe(200);
  });

  it('lets a second import join the one running: one answer, no second call to the broker', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => alex.json('POST', '/api/v1/trades/import')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
  });
});

describe("each trader's rate of requests", () => {
  let t: TestServer;
  let alex: Client;
  let sam: Client;
  beforeAll(async () => {
    // Two a second after a burst of twelve: few enough to pass in a test.
    t = await startTestServer({ TRADER_REQUESTS_PER_SECOND: '2' });
    alex = await signIn(t.url, 'alex');
    sam = await signIn(t.url, 'sam');
  });
  afterAll(() => t.stop());

  it('answers 429 with Retry-After and a message past it, to that trader only', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => alex.call('GET', '/api/v1/auth/status').then(async (r) => r)),
    );
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(10);
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(12);
    const [first] = refused as [Response];
    expect(await first.json()).toEqual({ message: messages.tooManyRequests });
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Writes count too, and are refused before anything is written.
    const plan = await alex.json('POST', '/api/v1/tradeplans', {
      stock: 'RATE',
      entryPrice: 10,
      stopLossPrice: 9,
    });
    expect(plan.status).toBe(429);
    // Sam's share is Sam's own.
    expect((await sam.json('GET', '/api/v1/tradeplans')).status).toBe(200);
    expect((await sam.json('GET', '/api/v1/auth/status')).status).toBe(200);
  });
});

describe("the broker's budget, shared among the traders (issue 26, item 11)", () => {
  const BUDGET = 18;
  /** The traders' own requests: 12, the rest the reserve for following orders (none here). */
  const OWN = requestPools(BUDGET).own;
  let t: TestServer;
  let alex: Client;
  let sam: Client;
  /** Every request the broker received in the last minute, by trader, as the broker counts them. */
  const sent: { trader: string; at: number }[] = [];
  const MINUTE = 60_000;

  /**
   * The demo broker with a budget of 18 requests a minute for the whole app, enforced as Schwab
   * enforces its 120 (src/server/brokers/schwab/schwabHttp.ts): each request first passes the server's gate (the trader's
   * share), then the app-wide limit, past which the broker is "not answering".
   */
  function smallBudgetBroker(): Broker {
    const demo = createDemoBroker();
    let gate = () => {};
    const request = (tokens: { accessToken: string }) => {
      gate();
      const at = t.clock.now.getTime();
      const recent = sent.filter((r) => r.at > at - MINUTE);
      if (recent.length >= BUDGET) throw new BrokerUnavailableError('app-wide limit reached');
      sent.push({ trader: tokens.accessToken.replace('demo:', ''), at });
    };
    return {
      ...demo,
      requestsPerMinute: BUDGET,
      setRequestGate(g) {
        gate = g;
      },
      async listAccounts(tokens) {
        request(tokens);
        return demo.listAccounts(tokens);
      },
      // Alex's year of fills takes three answers an account, as Schwab halves a full answer.
      async executions(tokens, hash, since, now) {
        const answers = tokens.accessToken === 'demo:alex' ? 3 : 1;
        for (let i = 0; i < answers; i++) request(tokens);
        return demo.executions(tokens, hash, since, now);
      },
      async dailyCandles(tokens, symbol, now) {
        request(tokens);
        return demo.dailyCandles(tokens, symbol, now);
      },
      async quotes(tokens, symbols, now) {
        request(tokens);
        return demo.quotes(tokens, symbols, now);
      },
    };
  }

  beforeAll(async () => {
    t = await startTestServer({}, { broker: smallBudgetBroker() });
    alex = await signIn(t.url, 'alex');
    sam = await signIn(t.url, 'sam');
  });
  afterAll(() => t.stop());

  it("keeps one trader's imports from spending the others' share: Sam's balances and import still come", async () => {
    t.clock.advance(2 * MINUTE);
    // Alone, Alex has half the traders' own requests: six. A first import asks for the accounts and three
    // answers for each of two accounts: seven. It stops at the share, and counts as no import, so
    // each try is refused at once, before the broker is asked.
    const answers: { status: number; body: unknown }[] = [];
    for (let i = 0; i < 4; i++) answers.push(await alex.json<ImportResult>('POST', '/api/v1/trades/import'));
    expect(answers.map((a) => a.status)).toEqual([429, 429, 429, 429]);
    expect(answers[0]?.body).toEqual({ message: messages.brokerShareUsed });
    const recent = () => sent.filter((r) => r.at > t.clock.now.getTime() - MINUTE);
    expect(recent().filter((r) => r.trader === 'alex').length).toBe(OWN / 2);

    // Sam finds room: balances, and an import of both accounts.
    const accounts = await sam.json<Account[]>('GET', '/api/v1/accounts');
    expect(accounts.status).toBe(200);
    expect(accounts.body.length).toBe(2);
    expect((await sam.json<ImportResult>('POST', '/api/v1/trades/import')).status).toBe(200);
    expect(recent().length).toBeLessThanOrEqual(BUDGET);

    // A minute on, Alex's requests have left the window: Alex's balances come from the broker again.
    t.clock.advance(MINUTE + 1000);
    const before = sent.length;
    expect((await alex.json('GET', '/api/v1/accounts')).status).toBe(200);
    expect(sent.slice(before).map((r) => r.trader)).toEqual(['alex']);
  });

  it('tells a trader over their share when to ask again', async () => {
    const res = await alex.call('POST', '/api/v1/trades/import');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("counts quotes in the asking trader's share: past it Alex sees his last prices, Sam's still come", async () => {
    const ready = async (client: Client, stock: string) => {
      const plan = await client.json<{ id: string }>('POST', '/api/v1/tradeplans', {
        stock,
        entryPrice: 100,
        stopLossPrice: 95,
      });
      await client.json('PUT', `/api/v1/tradeplans/${plan.body.id}/status`, { status: 'Ready' });
    };
    await ready(alex, 'NVDA');
    await ready(sam, 'AMD');
    t.clock.advance(2 * MINUTE);
    const quotes = (client: Client, symbol: string) =>
      client.json<{ stale: boolean }>('GET', `/api/v1/quotes?symbols=${symbol}`);
    expect((await quotes(alex, 'NVDA')).body.stale).toBe(false);
    // An import spends the rest of Alex's share (it needs more: refused).
    expect((await alex.json('POST', '/api/v1/trades/import')).status).toBe(429);
    const alexSent = () => sent.filter((r) => r.trader === 'alex' && r.at > t.clock.now.getTime() - MINUTE);
    expect(alexSent().length).toBe(OWN / 2);
    // 16 s on, NVDA's price is stale: asking again is past the share, so Alex sees the last one.
    t.clock.advance(16_000);
    const after = await quotes(alex, 'NVDA');
    expect(after).toMatchObject({ status: 200, body: { stale: true } });
    expect(alexSent().length).toBe(OWN / 2);
    expect((await quotes(sam, 'AMD')).body.stale).toBe(false);
  });
});

describe('the pieces of the fair share', () => {
  it('a broker share: half the budget alone, an equal share among those active, one kept for a newcomer', () => {
    let ms = 0;
    const share = createBrokerShare(12, () => ms);
    const take = (who: string, n: number) => Array.from({ length: n }, () => share.take(who));
    expect(take('a', 6)).toEqual(Array(6).fill(undefined));
    expect(share.take('a')).toBe(60);
    // With A active, B's share is 12 ÷ 3: four requests; A, over it already, stays refused.
    expect(take('b', 4)).toEqual(Array(4).fill(undefined));
    expect(share.take('b')).toBeGreaterThan(0);
    expect(share.take('a')).toBeGreaterThan(0);
    ms += 30_000;
    expect(share.take('a')).toBeGreaterThan(0);
    ms += 31_000;
    expect(share.take('a')).toBeUndefined();
    expect(createBrokerShare(undefined, () => ms).take('a')).toBeUndefined();
  });

  it('a bucket: a burst, then the rate, each trader alone; a trader refused is told when to come back', () => {
    let ms = 0;
    const limiter = createTraderRequestLimiter({ perSecond: 2, burst: 4, clockMs: () => ms });
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([undefined, undefined, undefined, undefined]);
    expect(limiter.take('a')).toBe(1);
    expect(limiter.take('b')).toBeUndefined();
    ms += 500;
    expect(limiter.take('a')).toBeUndefined();
    expect(limiter.take('a')).toBe(1);
    ms += 10_000;
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('a heavy slot: first come, first served; a wait too long is refused', async () => {
    const calls = createHeavyCalls({
      lanes: { ...HEAVY_LANES, journal: { running: 1, waiting: 1, retrySeconds: 5 } },
      waitMs: 50,
    });
    const order: string[] = [];
    let release = () => {};
    const first = calls.run(
      'a',
      'restore',
      () => new Promise<void>((r) => (release = () => r(order.push('first') as never))),
    );
    const second = calls.run('a', 'backup', async () => {
      order.push('second');
    });
    await expect(calls.run('a', 'full sync', async () => 'x')).rejects.toMatchObject({ kind: 'limited' });
    await expect(second).rejects.toMatchObject({ kind: 'limited', retryAfterSeconds: 5 });
    expect(await calls.run('b', 'restore', async () => 'other trader')).toBe('other trader');
    release();
    await first;
    expect(await calls.run('a', 'backup', async () => 'free again')).toBe('free again');
    expect(order).toEqual(['first']);
  });

  it('serializes an answer a slice at a time into exactly what JSON.stringify writes', async () => {
    const value = {
      cursor: 'v1.x',
      full: true,
      skip: undefined,
      when: new Date('2026-01-02T03:04:05.000Z'),
      list: Array.from({ length: 1_234 }, (_, i) => ({
        i,
        text: `"${i}"\n`,
        none: undefined,
        at: new Date(i),
      })),
      small: [1, 'two', null],
      nested: { deep: Array.from({ length: 600 }, (_, i) => [i, undefined]) },
    };
    expect(await runInSlices(jsonInSlices(value))).toBe(JSON.stringify(value));
    expect(await runInSlices(jsonInSlices([]))).toBe('[]');
  });
});
