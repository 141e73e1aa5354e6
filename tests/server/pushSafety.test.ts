import { isIP } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { AlertPayload } from '../../src/domain/alerts.ts';
import { messages } from '../../src/domain/messages.ts';
import type { TradePlanDto } from '../../src/domain/types.ts';
import type { StoredSubscription } from '../../src/server/alerts/alertRepository.ts';
import type { Resolve } from '../../src/server/alerts/publicAddress.ts';
import { createPushSender } from '../../src/server/alerts/pushSender.ts';
import { demoQuote } from '../../src/server/brokers/demo/demoQuotes.ts';
import { DEFAULT_PUSH_SERVICE_HOSTS } from '../../src/server/config.ts';
import { pushSubscriptions } from '../../src/server/db/schema.ts';
import {
  decryptPush,
  type FakePushService,
  PUSH_HOST,
  startFakePushService,
  type TestSubscription,
  testSubscription,
} from './fakePushService.ts';
import { type Client, signIn, startTestServer, type TestServer } from './harness.ts';

// The server posts to the endpoints devices give it (docs/product.md, "Alerts"): only to a push
// service's host, read by one parser, on a public address checked as the connection is made; and
// a device's endpoint never moves to another trader with other keys. The test clock is Friday
// 2026-11-20, 10:30 in New York: in session.
const HOUR = 3_600_000;

let push: FakePushService;
/** As configured in production: the browsers' push services, no loopback. */
let production: TestServer;
/** The fake push service's host allowed, and what it resolves to checked as in production. */
let noLoopback: TestServer;
/** The fake push service on loopback, as tests allow (fakePushService.ts `sending`). */
let testing: TestServer;

/** The host names `noLoopback` looked up. */
const asked: string[] = [];

beforeAll(async () => {
  push = await startFakePushService();
  production = await startTestServer({}, { alerts: { everyMs: HOUR } });
  const resolve: Resolve = (hostname) => {
    asked.push(hostname);
    return push.resolve(hostname);
  };
  noLoopback = await startTestServer(
    { PUSH_SERVICE_HOSTS: push.hosts },
    { alerts: { everyMs: HOUR, agent: push.sending.agent, resolve, retryDelaysMs: [] } },
  );
  testing = await startTestServer(
    { PUSH_SERVICE_HOSTS: push.hosts },
    { alerts: { everyMs: HOUR, ...push.sending } },
  );
});
afterAll(async () => {
  await Promise.all([production?.stop(), noLoopback?.stop(), testing?.stop()]);
  await push?.close();
});

const cents = (n: number) => Math.round(n * 100) / 100;

async function planAtEntry(t: TestServer, client: Client, stock: string): Promise<TradePlanDto> {
  const last = demoQuote(stock, t.clock.now).last;
  const plan = await client.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
    stock,
    entryPrice: cents(last - 0.5),
    stopLossPrice: cents(last - 3),
  });
  expect(plan.status).toBe(201);
  expect(
    (await client.json('PUT', `/api/v1/tradeplans/${plan.body.id}/status`, { status: 'Ready' })).status,
  ).toBe(200);
  return plan.body;
}

const subscribe = (client: Client, endpoint: string, keys: TestSubscription['keys']) =>
  client.json<{ message: string; errors?: unknown[] }>('PUT', '/api/v1/push/subscription', {
    endpoint,
    keys,
    expirationTime: null,
  });

const stored = async (t: TestServer) =>
  t.server.database.db
    .select({
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions);

const pushesTo = (device: string) => push.received.filter((p) => p.device === device);

describe('an endpoint every parser reads alike, on the production host list', () => {
  const { keys } = testSubscription('https://x.test');

  it('refuses the endpoint that sent pushes to 127.0.0.1, and its kin, with a 400 on endpoint', async () => {
    const alex = await signIn(production.url, 'alex');
    const invalid: string[] = [
      // WHATWG reads the host "127.0.0.1;.fcm.googleapis.com", Node's url.parse "127.0.0.1".
      'https://127.0.0.1;.fcm.googleapis.com/x',
      'https://127.0.0.1\\.fcm.googleapis.com/x',
      'https://fcm.googleapis.com\\@127.0.0.1/x',
      'https://fcm.googleapis.com@127.0.0.1/x',
      'https://user@fcm.googleapis.com/x',
      'https://127.0.0.1%2f.fcm.googleapis.com/x',
      'https://127.0.0.1 .fcm.googleapis.com/x',
      'https://127.0.0.1\t.fcm.googleapis.com/x',
      'https://127.0.0.1/fcm/send/x',
      'https://2130706433/x',
      'https://0x7f.0.0.1/x',
      'https://[::1]/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://FCM.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com./fcm/send/x',
      'https://fcm.googleapis.com:443/fcm/send/x',
      'https://fcm.googleapis.com/fcm/../send/x',
      'https://fcm.googleapis.com/fcm/send/x#y',
      'https://fcm.googleapis.com/fcm/send/x;y',
      'https://fcm.googleapis.com/fcm/send/x%zz',
    ];
    const refused: string[] = [
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://evilfcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      `https://${PUSH_HOST}/push/x`,
    ];
    for (const [endpoints, message] of [
      [invalid, messages.pushEndpointInvalid],
      [refused, messages.pushServiceRefused],
    ] as const) {
      for (const endpoint of endpoints) {
        const answer = await subscribe(alex, endpoint, keys);
        expect({ endpoint, status: answer.status, body: answer.body }).toEqual({
          endpoint,
          status: 400,
          body: { message, errors: [{ field: 'endpoint', message }] },
        });
      }
    }
    expect(await stored(production)).toEqual([]);
  });

  it("accepts the endpoints the browsers' push services give", async () => {
    const sam = await signIn(production.url, 'sam');
    const token = 'dGhpcy1pcy1hLXRva2Vu_-0123456789abcdefghijklmnopqrstuvwxyz';
    const real = [
      `https://fcm.googleapis.com/fcm/send/cX3k:APA91b${token}`, // Chrome, Edge on Android, Opera
      `https://fcm.googleapis.com/wp/cX3k:APA91b${token}`,
      `https://updates.push.services.mozilla.com/wpush/v2/gAAAAABm${token}==`, // Firefox
      `https://updates.push.services.mozilla.com/wpush/v1/gAAAAABm${token}`,
      `https://web.push.apple.com/QGuQyavXut${token}`, // Safari
      `https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD${token}%2b%2f%3d%3d`, // Edge on Windows
    ];
    for (const endpoint of real) {
      const answer = await subscribe(sam, endpoint, keys);
      expect({ endpoint, status: answer.status }).toEqual({ endpoint, status: 200 });
    }
    expect((await stored(production)).map((s) => s.endpoint).sort()).toEqual([...real].sort());
  });
});

describe('posting only to the public address the endpoint resolves to, checked at connect', () => {
  const vapid = webpush.generateVAPIDKeys();
  const payload: AlertPayload = { title: 'T', body: 'B', url: '/trade-plans', tag: 'entry:x', badge: 1 };
  const device = (name: string): [TestSubscription, StoredSubscription] => {
    const s = testSubscription(push.origin, name);
    return [s, { id: name, endpoint: s.endpoint, ...s.keys }];
  };
  /** A resolver that answers `push.test` with `addresses`, and counts what it was asked. */
  const resolving = (...addresses: string[]) => {
    const asked: string[] = [];
    const resolve: Resolve = async (hostname) => {
      asked.push(hostname);
      return addresses.map((address) => ({ address, family: isIP(address) }));
    };
    return { asked, resolve };
  };
  const sender = (resolve: Resolve, pushToLoopback = false, hosts = [push.hosts]) =>
    createPushSender(vapid, 'mailto:test@example.com', {
      hosts,
      agent: push.sending.agent,
      resolve,
      pushToLoopback,
      retryDelaysMs: [],
    });

  it('never connects to loopback, private, link-local, CGNAT or unspecified addresses', async () => {
    const refused = [
      ['127.0.0.1'],
      ['127.8.9.10'],
      ['10.1.2.3'],
      ['172.16.5.4'],
      ['192.168.1.1'],
      ['169.254.169.254'],
      ['100.64.0.1'],
      ['0.0.0.0'],
      ['::1'],
      ['::'],
      ['fe80::1'],
      ['fd12:3456::1'],
      ['::ffff:127.0.0.1'],
      ['::ffff:a00:1'],
      ['64:ff9b::10.0.0.1'],
      // One such address among public ones is enough.
      ['203.0.113.7', '127.0.0.1'],
      ['203.0.113.7', '10.0.0.1'],
    ];
    const loopback = new Set(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']);
    const [, subscription] = device('private');
    for (const addresses of refused) {
      const { asked, resolve } = resolving(...addresses);
      // Even with loopback allowed for tests, every other kind stays refused.
      const anyOther = addresses.some((a) => !loopback.has(a) && a !== '203.0.113.7');
      for (const toLoopback of anyOther ? [false, true] : [false]) {
        expect({
          addresses,
          toLoopback,
          outcome: await sender(resolve, toLoopback).send(subscription, payload),
        }).toEqual({ addresses, toLoopback, outcome: 'refused' });
      }
      expect(asked.every((h) => h === PUSH_HOST)).toBe(true);
    }
    expect(pushesTo('private')).toEqual([]);
  });

  it('connects to the address it checked: one lookup a push, no second one to rebind', async () => {
    const [phone, subscription] = device('checked');
    const { asked, resolve } = resolving('127.0.0.1');
    // push.test exists in no DNS: the push arrives only through the address the check was given.
    expect(await sender(resolve, true).send(subscription, payload)).toBe('sent');
    expect(asked).toEqual([PUSH_HOST]);
    expect(pushesTo('checked')).toHaveLength(1);
    expect(JSON.parse(decryptPush((pushesTo('checked')[0] as { body: Buffer }).body, phone))).toEqual(
      payload,
    );
  });

  it('sends nothing to an endpoint stored before these rules, nor to a host no longer listed', async () => {
    const { asked, resolve } = resolving('127.0.0.1');
    const [, subscription] = device('old');
    const old = { ...subscription, endpoint: 'https://127.0.0.1;.fcm.googleapis.com/old' };
    expect(await sender(resolve, true, DEFAULT_PUSH_SERVICE_HOSTS).send(old, payload)).toBe('refused');
    expect(await sender(resolve, true, DEFAULT_PUSH_SERVICE_HOSTS).send(subscription, payload)).toBe(
      'refused',
    );
    expect(asked).toEqual([]);
    expect(pushesTo('old')).toEqual([]);
  });

  it('a server started from its configuration does not push to its push host on 127.0.0.1', async () => {
    asked.length = 0;
    const alex = await signIn(noLoopback.url, 'alex');
    const phone = testSubscription(push.origin, 'no-loopback');
    expect((await subscribe(alex, phone.endpoint, phone.keys)).status).toBe(200);
    await planAtEntry(noLoopback, alex, 'LOOP');
    expect(await noLoopback.server.alertWatcher.tick()).toMatchObject({ alerts: 1, pushes: 1 });
    // Its push host resolved to 127.0.0.1, and nothing was posted there.
    expect(asked).toEqual([PUSH_HOST]);
    expect(pushesTo('no-loopback')).toEqual([]);
  });
});

describe("a device's endpoint and its trader", () => {
  let alex: Client;
  let sam: Client;
  let phone: TestSubscription;

  beforeAll(async () => {
    alex = await signIn(testing.url, 'alex');
    sam = await signIn(testing.url, 'sam');
    phone = testSubscription(push.origin, 'shared-phone');
    expect((await subscribe(alex, phone.endpoint, phone.keys)).status).toBe(200);
  });

  it('refuses the endpoint to another trader with other keys: nothing moves, its trader still gets pushes', async () => {
    const before = await stored(testing);
    const otherKeys = testSubscription(push.origin, 'shared-phone').keys;
    const taken = await subscribe(sam, phone.endpoint, otherKeys);
    expect(taken).toMatchObject({
      status: 409,
      body: {
        message: messages.pushEndpointTaken,
        errors: [{ field: 'endpoint', message: messages.pushEndpointTaken }],
      },
    });
    expect(await stored(testing)).toEqual(before);

    await planAtEntry(testing, alex, 'KEEP');
    expect(await testing.server.alertWatcher.tick()).toMatchObject({ alerts: 1, pushes: 1 });
    const [received] = pushesTo('shared-phone');
    expect(JSON.parse(decryptPush((received as { body: Buffer }).body, phone)).title).toBe(
      'KEEP reached its entry',
    );
  });

  it('lets one of two traders racing for a new endpoint with their own keys have it', async () => {
    const endpoint = `${push.origin}/push/raced`;
    const keys = [testSubscription(push.origin).keys, testSubscription(push.origin).keys];
    const answers = await Promise.all([
      subscribe(alex, endpoint, keys[0]!),
      subscribe(sam, endpoint, keys[1]!),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    const rows = (await stored(testing)).filter((r) => r.endpoint === endpoint);
    expect(rows).toEqual([expect.objectContaining(keys[winner])]);
    expect(
      (await [alex, sam][winner]!.call('DELETE', '/api/v1/push/subscription', { endpoint })).status,
    ).toBe(204);
  });

  it('moves the device to the trader signed in on it: the same endpoint and keys', async () => {
    const [alexRow] = await stored(testing);
    expect((await subscribe(sam, phone.endpoint, phone.keys)).status).toBe(200);
    const moved = await stored(testing);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ endpoint: phone.endpoint, ...phone.keys });
    expect(moved[0]?.userId).not.toBe(alexRow?.userId);

    await planAtEntry(testing, sam, 'MOVE');
    await planAtEntry(testing, alex, 'LEFT');
    await testing.server.alertWatcher.tick();
    const titles = pushesTo('shared-phone').map((p) => JSON.parse(decryptPush(p.body, phone)).title);
    expect(titles).toEqual(['KEEP reached its entry', 'MOVE reached its entry']);
  });
});
