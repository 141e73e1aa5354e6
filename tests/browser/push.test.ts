import { beforeAll, describe, expect, it } from 'vitest';
import type { TradePlanDto } from '../../src/domain/types.ts';
import { apiBody, controlledBy, PHONE, real, signedInApp } from './harness.ts';

/**
 * A push reaching the service worker (public/push-sw.js). Headless Chromium cannot reach its
 * vendor's push service here, so `pushManager.subscribe` cannot succeed: this test stands in for
 * the subscription and for the push service, and delivers the push to the service worker with
 * the DevTools protocol (`ServiceWorker.deliverPushMessage`), as the browser does when its push
 * service hands one over. The server's side (encryption, VAPID, once per crossing) is
 * tests/server/alerts.test.ts.
 */
// Known intermittent (about 1 run in 4, the first after a build): a push delivered through
// DevTools now and then shows no notification, in any of these tests (the second failed so in
// a full run). Each is retried while the cause is found; a pass still needs the whole test.
describe('a push shows its notification', { retry: 2 }, () => {
  const app = signedInApp(PHONE);

  beforeAll(async () => {
    await app.context.grantPermissions(['notifications'], { origin: app.server.url });
    await controlledBy(app.page);
  });

  async function deliver(data: string): Promise<void> {
    const cdp = await app.context.newCDPSession(real(app.page));
    const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r: { scopeURL: string }) => r.scopeURL.startsWith(app.server.url));
        if (ours) resolve(ours);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const { registrationId } = await registration;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.server.url, registrationId, data });
    await cdp.detach();
  }

  const notifications = () =>
    app.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      }));
    });

  it("shows the alert's title and body, tagged, with the plan's address to open on a tap", async () => {
    const payload = {
      title: 'NVDA reached its entry',
      body: '$101.20 at 10:31 New York time (entry $100.00)',
      url: '/trade-plans?plan=01a1f994-2cc0-7337-955e-66f8854e9199',
      tag: 'entry:01a1f994-2cc0-7337-955e-66f8854e9199',
      badge: 1,
    };
    await deliver(JSON.stringify(payload));
    await expect
      .poll(notifications, { timeout: 10_000 })
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);
  });

  it('shows a notification even for a push it cannot read (iOS revokes a silent push)', async () => {
    await deliver('not json');
    await expect
      .poll(async () => (await notifications()).filter((n) => n.title === 'Trade Tracker'), {
        timeout: 10_000,
      })
      .toEqual([{ title: 'Trade Tracker', body: '', tag: '', data: { url: '/' } }]);
  });

  it("opens the plan's details when the notification is tapped", async () => {
    const plan = await apiBody<TradePlanDto>(app.page, 'POST', '/tradeplans', {
      stock: 'NVDA',
      entryPrice: 101,
      stopLossPrice: 96,
    });
    const tag = `entry:${plan.id}`;
    await deliver(
      JSON.stringify({ title: 'NVDA reached its entry', body: '', url: `/trade-plans?plan=${plan.id}`, tag }),
    );
    await expect
      // The push goes through the fake push service and the service worker: slow on a loaded machine.
      .poll(async () => (await notifications()).some((n) => n.tag === tag), { timeout: 30_000 })
      .toBe(true);
    // Neither Chromium nor its DevTools protocol can tap a notification: the test hands the
    // worker's own click handler the notification shown, as the browser does on a tap. The
    // event is untrusted, so the handler's focus is refused (and its waitUntil throws): the
    // window must reach the plan all the same.
    const worker = app.context.serviceWorkers().find((w) => w.url().startsWith(app.server.url));
    expect(worker).toBeDefined();
    await worker?.evaluate(async (notificationTag) => {
      // The worker's own globals (the project's types are the window's).
      const scope = self as unknown as EventTarget & {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications({ tag: notificationTag });
      if (!notification) throw new Error(`No notification tagged ${notificationTag}`);
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    }, tag);
    await app.page.getByRole('dialog', { name: 'NVDA trade plan' }).waitFor();
    expect(new URL(app.page.url()).pathname).toBe('/trade-plans');
    // The tapped notification is closed.
    expect((await notifications()).some((n) => n.tag === tag)).toBe(false);
  });
});
