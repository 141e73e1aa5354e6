import { Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertPayload } from '../../src/domain/alerts.ts';
import type { TradePlanDto } from '../../src/domain/types.ts';
import { demoQuote } from '../../src/server/brokers/demo/demoQuotes.ts';
import { type RunningServer, startServer } from '../../src/server/server.ts';
import {
  decryptPush,
  type FakePushService,
  startFakePushService,
  testSubscription,
} from './fakePushService.ts';
import { freshDatabase, signIn, testConfig } from './harness.ts';

/**
 * Two API servers on one PostgreSQL, each with its own pool, quote cache and watcher, looking at
 * once: each alert reaches each device once (docs/product.md, "Alerts"). They run in this test's
 * process (not spawned as in twoProcesses.test.ts) so that both share the test's clock inside the
 * session; nothing is shared between them but the database and DATA_DIR, as between processes.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('alerts with two API servers on one PostgreSQL', () => {
  const clock = { now: new Date('2026-11-20T15:30:00.000Z') }; // Friday 10:30 in New York
  let push: FakePushService;
  let a: RunningServer;
  let b: RunningServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    push = await startFakePushService();
    const database = await freshDatabase();
    drop = database.drop;
    const config = testConfig(database, { PUSH_SERVICE_HOSTS: push.hosts });
    const start = () =>
      startServer({
        config,
        now: () => clock.now,
        alerts: { everyMs: 3_600_000, ...push.sending, agent: new Agent({ ca: push.ca, maxSockets: 64 }) },
      });
    [a, b] = await Promise.all([start(), start()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await drop?.();
    await push?.close();
  });

  it('sends each alert to each device exactly once, whichever server looks first', async () => {
    const alex = await signIn(`http://127.0.0.1:${a.port}`, 'alex');
    const devices = [testSubscription(push.origin, 'one'), testSubscription(push.origin, 'two')];
    for (const d of devices) {
      const put = await alex.json('PUT', '/api/v1/push/subscription', { endpoint: d.endpoint, keys: d.keys });
      expect(put.status).toBe(200);
    }
    const PLANS = 20;
    const ids = new Set<string>();
    for (let i = 0; i < PLANS; i++) {
      const stock = `TWO${i}`;
      const last = demoQuote(stock, clock.now).last;
      const plan = await alex.json<TradePlanDto>('POST', '/api/v1/tradeplans', {
        stock,
        entryPrice: Math.round((last - 0.5) * 100) / 100,
        stopLossPrice: Math.round((last - 3) * 100) / 100,
      });
      expect(plan.status).toBe(201);
      await alex.json('PUT', `/api/v1/tradeplans/${plan.body.id}/status`, { status: 'Ready' });
      ids.add(plan.body.id);
    }

    const started = performance.now();
    const [onA, onB] = await Promise.all([a.alertWatcher.tick(), b.alertWatcher.tick()]);
    const took = performance.now() - started;
    // Both looked, both found the 20 due; between them they recorded (and sent) each once.
    expect(onA.alerts + onB.alerts).toBe(PLANS);
    expect(onA.pushes + onB.pushes).toBe(PLANS * devices.length);
    for (const d of devices) {
      const urls = push.received
        .filter((p) => p.device === d.device)
        .map((p) => (JSON.parse(decryptPush(p.body, d)) as AlertPayload).url);
      expect(urls).toHaveLength(PLANS);
      expect(new Set(urls)).toEqual(new Set([...ids].map((id) => `/trade-plans?plan=${id}`)));
    }
    console.log(
      `two servers: ${PLANS} alerts × ${devices.length} devices = ${PLANS * devices.length} pushes in ${Math.round(took)} ms (a: ${onA.alerts}, b: ${onB.alerts} recorded; quote asks a: ${onA.quoteAsks}, b: ${onB.quoteAsks})`,
    );

    // Looking again, on either server, sends nothing more.
    const again = await Promise.all([a.alertWatcher.tick(), b.alertWatcher.tick()]);
    expect(again.map((f) => f.pushes)).toEqual([0, 0]);
    expect(push.received).toHaveLength(PLANS * devices.length);
  }, 60_000);
});
