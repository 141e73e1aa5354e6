import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import * as connectivity from '../../../src/client/sync/connectivity.ts';
import type { SentAlert } from '../../../src/domain/alerts.ts';
import { notificationTexts } from '../../../src/domain/alertTexts.ts';
import { withFakeApi } from '../fakeApi.ts';

const api = withFakeApi({ reachable: false });
let NotificationsSection: typeof import('../../../src/client/alerts/NotificationsSection.tsx').default;

beforeAll(async () => {
  NotificationsSection = (await import('../../../src/client/alerts/NotificationsSection.tsx')).default;
});

// The server's VAPID key: 65 bytes, as GET /push/key answers it.
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString('base64url');
const SUBSCRIPTION_JSON = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};

/** The browser's Push API and notifications as jsdom has none: what the test controls. */
function fakeBrowser({ permission = 'default' as NotificationPermission, subscribed = false } = {}) {
  const subscription = {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    options: { applicationServerKey: KEY_BYTES.buffer },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      current = subscription;
      return subscription;
    }),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = 'granted';
      return 'granted' as NotificationPermission;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  return { pushManager, notification, subscription };
}

const alert = (over: Partial<SentAlert> = {}): SentAlert => ({
  id: 'a1',
  planId: '0190a1b2-0000-7000-8000-0000000000aa',
  tradeKey: null,
  kind: 'entry',
  symbol: 'NVDA',
  price: 101.2,
  sentAt: '2026-11-20T15:31:00.000Z',
  ...over,
});

beforeEach(() => {
  api.reset();
  connectivity.reportApiReachable(true);
  api.routes['GET /api/v1/push/key'] = { status: 200, body: { publicKey: PUBLIC_KEY } };
  api.routes['PUT /api/v1/push/subscription'] = {
    status: 200,
    body: { endpoint: SUBSCRIPTION_JSON.endpoint, createdAt: '2026-11-20T15:00:00.000Z' },
  };
  api.routes['DELETE /api/v1/push/subscription'] = { status: 204 };
  api.routes['GET /api/v1/alerts'] = { status: 200, body: [] };
});
afterEach(() => {
  window.dispatchEvent(new Event('online'));
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const requests = (key: string) => api.received.filter((r) => r.key === key);

describe('Notifications', () => {
  it('asks the permission only on the tap, subscribes with the server’s key and stores the subscription', async () => {
    const browser = fakeBrowser();
    render(<NotificationsSection />);
    const on = await screen.findByRole('switch', { name: 'Turn notifications on' });
    expect(on.getAttribute('aria-checked')).toBe('false');
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(on);
    expect(
      (await screen.findByRole('switch', { name: 'Turn notifications off' })).getAttribute('aria-checked'),
    ).toBe('true');
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0] as PushSubscriptionOptionsInit;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...KEY_BYTES]);
    expect(requests('PUT /api/v1/push/subscription').map((r) => r.body)).toEqual([SUBSCRIPTION_JSON]);
  });

  it('turns off: the server forgets the device, then the browser drops the subscription', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    render(<NotificationsSection />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Turn notifications off' }));
    await screen.findByRole('switch', { name: 'Turn notifications on' });
    expect(requests('DELETE /api/v1/push/subscription').map((r) => r.body)).toEqual([
      { endpoint: SUBSCRIPTION_JSON.endpoint },
    ]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('says when the permission is refused, and sends nothing', async () => {
    const browser = fakeBrowser();
    browser.notification.requestPermission.mockImplementation(async () => {
      browser.notification.permission = 'denied';
      return 'denied';
    });
    render(<NotificationsSection />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Turn notifications on' }));
    expect(await screen.findByText(notificationTexts.notAllowed)).toBeTruthy();
    expect(screen.getByText(notificationTexts.blocked)).toBeTruthy();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(requests('PUT /api/v1/push/subscription')).toEqual([]);
  });

  /** Taps `button`; once the browser's `call` (which never settles) is made, lets the 20 s pass. */
  async function tapAndWaitOut(button: HTMLElement, call: Mock) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(button);
      await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(1));
      await vi.advanceTimersByTimeAsync(20_000 - 1);
      expect(button.getAttribute('aria-busy')).toBe('true');
      await vi.advanceTimersByTimeAsync(1);
    } finally {
      vi.useRealTimers();
    }
  }

  it('gives up on a push service that does not answer in 20 s, and says what to try', async () => {
    const browser = fakeBrowser();
    // The push service cannot be reached: the browser's subscribe never settles.
    browser.pushManager.subscribe.mockImplementation(() => new Promise(() => undefined));
    render(<NotificationsSection />);
    await tapAndWaitOut(
      await screen.findByRole('switch', { name: 'Turn notifications on' }),
      browser.pushManager.subscribe,
    );
    expect(await screen.findByText(notificationTexts.pushServiceSilent)).toBeTruthy();
    const again = screen.getByRole<HTMLButtonElement>('switch', { name: 'Turn notifications on' });
    expect(again.getAttribute('aria-busy')).toBe('false');
    expect(again.disabled).toBe(false);
    expect(requests('PUT /api/v1/push/subscription')).toEqual([]);
  });

  it('gives up on turning off too when the push service does not answer', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    browser.subscription.unsubscribe.mockImplementation(() => new Promise(() => undefined));
    render(<NotificationsSection />);
    await tapAndWaitOut(
      await screen.findByRole('switch', { name: 'Turn notifications off' }),
      browser.subscription.unsubscribe,
    );
    expect(await screen.findByText(notificationTexts.pushServiceSilent)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('switch', { name: 'Turn notifications off' }).disabled).toBe(
      false,
    );
  });

  it('says it needs a connection offline', async () => {
    fakeBrowser();
    // The browser's own offline event: an answer still in flight from a test before cannot undo it.
    window.dispatchEvent(new Event('offline'));
    render(<NotificationsSection />);
    expect(
      (await screen.findByRole<HTMLButtonElement>('switch', { name: 'Turn notifications on' })).disabled,
    ).toBe(true);
    expect(screen.getByText(notificationTexts.needsConnection)).toBeTruthy();
    expect(screen.getByText(notificationTexts.alertsNeedConnection)).toBeTruthy();
  });

  it('says where notifications work when this browser has no Push API', async () => {
    render(<NotificationsSection />);
    expect(await screen.findByText(notificationTexts.unsupported)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('lists the alerts sent, each leading to its plan', async () => {
    fakeBrowser();
    api.routes['GET /api/v1/alerts'] = {
      status: 200,
      body: [alert(), alert({ id: 'a2', kind: 'stop', symbol: 'AMD', price: 95 })],
    };
    render(<NotificationsSection />);
    const entry = await screen.findByRole('link', { name: 'NVDA reached its entry' });
    expect(entry.getAttribute('href')).toBe(`/trade-plans?plan=${alert().planId}`);
    expect(screen.getByRole('link', { name: 'AMD reached its stop' })).toBeTruthy();
  });

  it('shows the last known alerts sent offline, and after a reload, as the server last listed them', async () => {
    fakeBrowser();
    api.routes['GET /api/v1/alerts'] = { status: 200, body: [alert()] };
    render(<NotificationsSection />);
    await screen.findByRole('link', { name: 'NVDA reached its entry' });
    cleanup();
    // Offline, the page opened again (a reload keeps the cache): the list the server last gave.
    window.dispatchEvent(new Event('offline'));
    render(<NotificationsSection />);
    expect(await screen.findByRole('link', { name: 'NVDA reached its entry' })).toBeTruthy();
    expect(screen.queryByText(notificationTexts.alertsNeedConnection)).toBeNull();
    expect(requests('GET /api/v1/alerts')).toHaveLength(1);
  });

  it('shows the device’s last known state at once while the browser is still asked', async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    render(<NotificationsSection />);
    await screen.findByRole('switch', { name: 'Turn notifications off' });
    cleanup();
    // After a reload the service worker is not ready yet: the state kept shows meanwhile.
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: new Promise(() => undefined) },
    });
    render(<NotificationsSection />);
    expect(await screen.findByRole('switch', { name: 'Turn notifications off' })).toBeTruthy();
  });
});
