import { beforeAll, describe, expect, it } from 'vitest';
import type { AlertPayload, SentAlert } from '../../src/domain/alerts.ts';
import type { Account, Trade, TradePlanDto } from '../../src/domain/types.ts';
import { PUSH_TTL_SECONDS } from '../../src/server/alerts/pushSender.ts';
import { demoQuote } from '../../src/server/brokers/demo/demoQuotes.ts';
import { pushSubscriptions } from '../../src/server/db/schema.ts';
import { type RunningServer, startServer } from '../../src/server/server.ts';
import {
  decryptPush,
  signedInServerWithPush,
  type TestSubscription,
  testSubscription,
  vapidClaims,
} from './fakePushService.ts';
import { type Client, clientFor, createReadyPlan, firstAccount, recordFill } from './harness.ts';

// The test clock starts on Friday 2026-11-20 at 10:30 in New York: the session is open. The demo
// broker's price of a symbol at that moment is `demoQuote(symbol, clock)`: plans are made around it.
const HOUR = 3_600_000;
/** The waits before a failed push is tried again: short, so the test need not wait seconds. */
const RETRY_DELAYS_MS = [50, 100];

// The watcher is driven by the test's ticks, not by its interval.
const { push, t, alex, sam } = signedInServerWithPush({ retryDelaysMs: RETRY_DELAYS_MS });
let publicKey: string;

beforeAll(async () => {
  publicKey = (await alex.json<{ publicKey: string }>('GET', '/api/v1/push/key')).body.publicKey;
});

const priceOf = (symbol: string) => demoQuote(symbol, t.clock.now).last;
const cents = (n: number) => Math.round(n * 100) / 100;

const readyPlan = createReadyPlan;

/** A Ready plan whose entry the demo price has reached. */
const planAtEntry = (client: Client, stock: string) =>
  readyPlan(client, {
    stock,
    entryPrice: cents(priceOf(stock) - 0.5),
    stopLossPrice: cents(priceOf(stock) - 3),
  });

const subscribe = async (client: Client, subscription: TestSubscription) =>
  client.json('PUT', '/api/v1/push/subscription', {
    endpoint: subscription.endpoint,
    keys: subscription.keys,
    expirationTime: null,
  });

const pushesTo = (subscription: TestSubscription) =>
  push.received.filter((p) => p.device === subscription.device);

const payloadOf = (subscription: TestSubscription, index: number): AlertPayload =>
  JSON.parse(decryptPush((pushesTo(subscription)[index] as { body: Buffer }).body, subscription));

const storedEndpoints = async (db: RunningServer['database']['db']) =>
  (await db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)).map((r) => r.endpoint);

describe('push subscriptions', () => {
  it("answers the server's VAPID public key to a signed-in trader only", async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect((await fetch(`${t.url}/api/v1/push/key`)).status).toBe(401);
  });

  it('refuses a write from another site, and one without a session', async () => {
    const device = testSubscription(push.origin);
    const crossSite = await alex.call('PUT', '/api/v1/push/subscription', device, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const anonymous = await clientFor(t.url).call('PUT', '/api/v1/push/subscription', device);
    expect(anonymous.status).toBe(401);
    expect(await storedEndpoints(t.server.database.db)).toEqual([]);
  });
});

describe('alerts by Web Push', () => {
  const phone = () => testSubscription(push.origin, 'alex-phone');
  let alexPhone: TestSubscription;
  let entryPlan: TradePlanDto;
  let alertedPrice: number;

  beforeAll(async () => {
    alexPhone = phone();
    expect((await subscribe(alex, alexPhone)).status).toBe(200);
  });

  it("sends a Ready plan's entry once, encrypted to the device, signed with the server's VAPID key", async () => {
    entryPlan = await planAtEntry(alex, 'ALRT');
    const figures = await t.server.alertWatcher.tick();
    expect(figures).toMatchObject({ alerts: 1, pushes: 1 });
    expect(pushesTo(alexPhone)).toHaveLength(1);
    const received = pushesTo(alexPhone)[0] as (typeof push.received)[number];
    expect(received.headers).toMatchObject({
      ttl: String(PUSH_TTL_SECONDS),
      'content-encoding': 'aes128gcm',
      urgency: 'high',
    });
    const claims = vapidClaims(received.headers.authorization as string, publicKey);
    expect(claims.aud).toBe(push.origin);
    expect(claims.sub).toBe('mailto:trade-tracker@localhost');
    const inSeconds = claims.exp - Date.now() / 1000;
    expect(inSeconds).toBeGreaterThan(0);
    expect(inSeconds).toBeLessThanOrEqual(24 * 3600);

    alertedPrice = priceOf('ALRT');
    const price = alertedPrice;
    expect(payloadOf(alexPhone, 0)).toEqual({
      title: 'ALRT reached its entry',
      body: `$${price.toFixed(2)} at 10:30 New York time (entry $${entryPlan.entryPrice.toFixed(2)})`,
      url: `/trade-plans?plan=${entryPlan.id}`,
      tag: `entry:${entryPlan.id}`,
      badge: 1,
    });

    // The next looks find it sent: nothing more, whatever the time in the same session.
    t.clock.advance(60_000);
    expect(await t.server.alertWatcher.tick()).toMatchObject({ alerts: 0, pushes: 0 });
    expect(pushesTo(alexPhone)).toHaveLength(1);
  });

  it('lists the alerts sent to their trader only', async () => {
    const listed = await alex.json<SentAlert[]>('GET', '/api/v1/alerts');
    expect(listed.body).toEqual([
      {
        id: expect.any(String),
        planId: entryPlan.id,
        tradeKey: null,
        kind: 'entry',
        symbol: 'ALRT',
        price: alertedPrice,
        sentAt: expect.any(String),
      },
    ]);
    expect((await sam.json('GET', '/api/v1/alerts')).body).toEqual([]);
    expect((await fetch(`${t.url}/api/v1/alerts`)).status).toBe(401);
  });

  it("alerts an open trade's target and stop, once each", async () => {
    const account = (await alex.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;
    const buy = (symbol: string, price: number) =>
      alex.json('POST', '/api/v1/executions', {
        accountId: account.id,
        symbol,
        side: 'Buy',
        quantity: 10,
        price,
        executedAt: new Date(t.clock.now.getTime() - 60_000).toISOString(),
      });
    const p = priceOf('TGT');
    const target = await readyPlan(alex, {
      stock: 'TGT',
      entryPrice: cents(p - 2),
      stopLossPrice: cents(p - 4),
      targetPrice: cents(p - 1),
    });
    const q = priceOf('STP');
    const stop = await readyPlan(alex, {
      stock: 'STP',
      entryPrice: cents(q + 5),
      stopLossPrice: cents(q + 0.5),
    });
    expect((await buy('TGT', cents(p - 2))).status).toBe(201);
    expect((await buy('STP', cents(q + 5))).status).toBe(201);
    const trades = (await alex.json<Trade[]>('GET', '/api/v1/trades')).body;
    const linked = (symbol: string) => trades.find((tr) => tr.symbol === symbol && tr.closedAt === null);
    expect(linked('TGT')?.planId).toBe(target.id);
    expect(linked('STP')?.planId).toBe(stop.id);

    expect(await t.server.alertWatcher.tick()).toMatchObject({ alerts: 2, pushes: 2 });
    const titles = [payloadOf(alexPhone, 1), payloadOf(alexPhone, 2)].map((x) => x.title).sort();
    expect(titles).toEqual(['STP reached its stop', 'TGT reached its target']);
    expect(await t.server.alertWatcher.tick()).toMatchObject({ alerts: 0 });
    const kinds = (await alex.json<SentAlert[]>('GET', '/api/v1/alerts')).body.map((a) => [
      a.kind,
      a.tradeKey,
    ]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['target', linked('TGT')?.key],
        ['stop', linked('STP')?.key],
      ]),
    );
  });

  it('sends nothing for a plan with alerts off, nor for its open trade, while one with them on alerts', async () => {
    const before = pushesTo(alexPhone).length;
    const quiet = await readyPlan(alex, {
      stock: 'QUIET',
      entryPrice: cents(priceOf('QUIET') - 0.5),
      stopLossPrice: cents(priceOf('QUIET') - 3),
      alertsOn: false,
    });
    expect(quiet.alertsOn).toBe(false);
    // Turned off after it was made: the stored switch is what the watcher reads.
    const hushed = await planAtEntry(alex, 'HUSH');
    expect(hushed.alertsOn).toBe(true);
    const off = await alex.json<TradePlanDto>('PUT', `/api/v1/tradeplans/${hushed.id}`, { alertsOn: false });
    expect(off.body.alertsOn).toBe(false);
    // An open trade of a plan with alerts off, priced through its stop.
    const q = priceOf('MUTE');
    await readyPlan(alex, {
      stock: 'MUTE',
      entryPrice: cents(q + 5),
      stopLossPrice: cents(q + 0.5),
      alertsOn: false,
    });
    const account = await firstAccount(alex);
    await recordFill(t, alex, { accountId: account.id, symbol: 'MUTE', quantity: 10, price: cents(q + 5) });
    const loud = await planAtEntry(alex, 'LOUD');

    expect(await t.server.alertWatcher.tick()).toMatchObject({ alerts: 1, pushes: 1 });
    expect(pushesTo(alexPhone)).toHaveLength(before + 1);
    // The badge counts ALRT and LOUD, at their entries with alerts on; not QUIET or HUSH.
    expect(payloadOf(alexPhone, before)).toMatchObject({ title: 'LOUD reached its entry', badge: 2 });
    const sent = (await alex.json<SentAlert[]>('GET', '/api/v1/alerts')).body;
    expect(sent.filter((a) => a.planId === loud.id).map((a) => a.kind)).toEqual(['entry']);
    expect(sent.map((a) => a.symbol)).not.toEqual(expect.arrayContaining(['QUIET']));
    expect(sent.map((a) => a.symbol)).not.toEqual(expect.arrayContaining(['HUSH']));
    expect(sent.map((a) => a.symbol)).not.toEqual(expect.arrayContaining(['MUTE']));
  });

  it("never lets another trader delete one's device, and forgets a device the push service says is gone", async () => {
    const tablet = testSubscription(push.origin, 'alex-tablet');
    expect((await subscribe(alex, tablet)).status).toBe(200);
    expect(
      (await sam.call('DELETE', '/api/v1/push/subscription', { endpoint: tablet.endpoint })).status,
    ).toBe(204);
    expect(await storedEndpoints(t.server.database.db)).toContain(tablet.endpoint);

    push.answer.set('alex-tablet', 410);
    await planAtEntry(alex, 'GONE');
    expect(await t.server.alertWatcher.tick()).toMatchObject({ alerts: 1, pushes: 2 });
    expect(pushesTo(tablet)).toHaveLength(1);
    expect(await storedEndpoints(t.server.database.db)).not.toContain(tablet.endpoint);
    expect(await storedEndpoints(t.server.database.db)).toContain(alexPhone.endpoint);
  });

  it('tries a push again after a passing fault of the push service, and not after a refusal', async () => {
    const flaky = testSubscription(push.origin, 'alex-flaky');
    const refusing = testSubscription(push.origin, 'alex-refusing');
    for (const device of [flaky, refusing]) expect((await subscribe(alex, device)).status).toBe(200);
    // Two faults, then the push goes through; a 400 is the push's own fault: trying again repeats it.
    push.next.set('alex-flaky', [503, 429]);
    push.answer.set('alex-refusing', 400);
    const plan = await planAtEntry(alex, 'FLKY');
    expect(await t.server.alertWatcher.tick()).toMatchObject({ alerts: 1 });
    expect(pushesTo(flaky)).toHaveLength(3);
    expect(pushesTo(refusing)).toHaveLength(1);
    // Each try carries the same alert.
    for (const i of [0, 1, 2]) expect(payloadOf(flaky, i).tag).toBe(`entry:${plan.id}`);
    // Never more than the waits allow: a service that keeps failing gets three tries in all.
    push.answer.set('alex-flaky', 500);
    await planAtEntry(alex, 'FLKZ');
    await t.server.alertWatcher.tick();
    expect(pushesTo(flaky)).toHaveLength(6);
    for (const device of [flaky, refusing]) {
      expect(
        (await alex.call('DELETE', '/api/v1/push/subscription', { endpoint: device.endpoint })).status,
      ).toBe(204);
    }
  });

  it('stops a device on DELETE: its trader gets no more pushes there', async () => {
    const laptop = testSubscription(push.origin, 'alex-laptop');
    expect((await subscribe(alex, laptop)).status).toBe(200);
    expect(
      (await alex.call('DELETE', '/api/v1/push/subscription', { endpoint: laptop.endpoint })).status,
    ).toBe(204);
    await planAtEntry(alex, 'OFF');
    await t.server.alertWatcher.tick();
    expect(pushesTo(laptop)).toHaveLength(0);
  });

  it('sends nothing outside the session', async () => {
    const saved = t.clock.now;
    t.clock.now = new Date('2026-11-21T15:30:00.000Z'); // a Saturday
    await planAtEntry(alex, 'WKND');
    expect(await t.server.alertWatcher.tick()).toEqual({ traders: 0, quoteAsks: 0, alerts: 0, pushes: 0 });
    t.clock.now = saved;
  });

  it("is not held up by another trader's slow push service", async () => {
    const samSlow = testSubscription(push.origin, 'sam-slow');
    expect((await subscribe(sam, samSlow)).status).toBe(200);
    push.delay.set('sam-slow', 1500);
    await planAtEntry(sam, 'SLOW');
    const before = push.received.length;
    await planAtEntry(alex, 'FAST');
    const started = Date.now();
    const ticking = t.server.alertWatcher.tick();
    // Alex's push arrives while Sam's push service still holds its answer.
    while (!pushesTo(alexPhone).some((p) => p.at >= started) && Date.now() - started < 5000) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const alexAfter = Date.now() - started;
    await ticking;
    const tickTook = Date.now() - started;
    expect(alexAfter).toBeLessThan(1000);
    expect(tickTook).toBeGreaterThanOrEqual(1400);
    expect(pushesTo(samSlow)).toHaveLength(1);
    expect(push.received.slice(before).filter((p) => p.device === 'alex-phone').length).toBeGreaterThan(0);
  });
});

describe('once per crossing across restarts', () => {
  it('never sends again after a restart on the same database', async () => {
    const device = testSubscription(push.origin, 'restart');
    expect((await subscribe(alex, device)).status).toBe(200);
    await planAtEntry(alex, 'RSTR');
    expect((await t.server.alertWatcher.tick()).alerts).toBe(1);
    const sent = pushesTo(device).length;
    expect(sent).toBe(1);

    await t.server.close();
    const again = await startServer({
      config: t.config,
      now: () => t.clock.now,
      alerts: { everyMs: HOUR, ...push.sending },
    });
    try {
      expect(await again.alertWatcher.tick()).toMatchObject({ alerts: 0, pushes: 0 });
      expect(pushesTo(device)).toHaveLength(sent);
      // The same VAPID key after the restart: the devices' subscriptions still hold.
      const key = await clientFor(`http://127.0.0.1:${again.port}`, alex.cookie).json<{ publicKey: string }>(
        'GET',
        '/api/v1/push/key',
      );
      expect(key.body.publicKey).toBe(publicKey);
    } finally {
      await again.close();
    }
    // t.stop() closes the first server again (a no-op) and drops the database.
  });
});
