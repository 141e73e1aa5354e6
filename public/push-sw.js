// The service worker's push handling (docs/product.md, "Alerts"), loaded by the Workbox service
// worker with importScripts (vite.config.ts). Plain script: it runs in the worker as it is.

/** What a push carries (src/domain/alerts.ts, AlertPayload); a push that is not one still shows. */
function payloadOf(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  // Every push shows a notification: iOS revokes a subscription whose pushes show none.
  const title = typeof payload.title === 'string' ? payload.title : 'Trade Tracker';
  const url = typeof payload.url === 'string' && payload.url.startsWith('/') ? payload.url : '/';
  const shown = self.registration.showNotification(title, {
    body: typeof payload.body === 'string' ? payload.body : '',
    tag: typeof payload.tag === 'string' ? payload.tag : undefined,
    icon: '/pwa-192x192.png',
    badge: '/pwa-64x64.png',
    data: { url },
  });
  const badge =
    typeof payload.badge === 'number' && 'setAppBadge' in self.navigator
      ? payload.badge > 0
        ? self.navigator.setAppBadge(payload.badge)
        : self.navigator.clearAppBadge()
      : Promise.resolve();
  // An open app says the alert as a notice too (src/client/alerts/alertNotices.ts).
  const told =
    typeof payload.title === 'string'
      ? self.clients.matchAll({ type: 'window' }).then((windows) => {
          for (const w of windows) {
            w.postMessage({ type: 'trade-tracker-alert', title: payload.title, body: payload.body ?? '' });
          }
        })
      : Promise.resolve();
  event.waitUntil(Promise.all([shown, badge.catch(() => undefined), told.catch(() => undefined)]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data?.url;
  const target = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) {
        // Focus may be refused (no user activation); the window still goes to the plan.
        const focused = await open.focus().catch(() => null);
        await (focused || open).navigate(target.href).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
