// This device's notifications (docs/product.md, "Alerts"): the browser's push subscription, made
// with the server's VAPID key and stored on the server, and the alerts sent. Both are kept in the
// cache (serverData/keep.ts) and read with serverData/useAlerts.ts, so offline and after a reload
// the last known state shows. Loaded with the Notifications section only, never with the app's
// first screen.
import type { SentAlert } from '../../domain/alerts.ts';
import { api } from '../api/http.ts';
import { cacheOwner, db, metaKeys, type TradeTrackerDb } from '../db/db.ts';
import { keepForOwner } from './keep.ts';

/** Whether this browser can get pushes: a service worker, the Push API and notifications. */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The permission the trader gave notifications: 'default' (never asked), 'granted' or 'denied'. */
export const notificationPermission = (): NotificationPermission =>
  pushSupported() ? Notification.permission : 'denied';

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** The subscription this browser holds for the app, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await registration()).pushManager.getSubscription();
}

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

export type TurnOnResult = 'on' | 'denied';

/** This device's notifications: no Push API, blocked by the trader, off, or on. */
export type DeviceState = 'unsupported' | 'blocked' | 'off' | 'on';

async function deviceState(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported';
  const permission = notificationPermission();
  if (permission === 'denied') return 'blocked';
  return permission === 'granted' && (await currentSubscription()) !== null ? 'on' : 'off';
}

/** Reads this device's state from the browser and keeps it, while the cache is the trader's it was. */
export async function refreshDeviceState(database: TradeTrackerDb = db): Promise<DeviceState> {
  const owner = await cacheOwner(database);
  const state = await deviceState();
  await keepForOwner(database, owner, [], () =>
    database.meta.put({ key: metaKeys.notificationsDevice, value: state }),
  );
  return state;
}

/**
 * How long the browser's own part of turning notifications on or off may take: a push service it
 * cannot reach leaves `pushManager.subscribe` unsettled for ever (docs/product.md, "Alerts").
 */
export const PUSH_SERVICE_TIME_LIMIT_MS = 20_000;

/** The browser's push service did not answer within PUSH_SERVICE_TIME_LIMIT_MS. */
export class PushServiceSilent extends Error {}

async function withinTimeLimit<T>(work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PushServiceSilent('No answer from the push service')),
      PUSH_SERVICE_TIME_LIMIT_MS,
    );
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's subscription made with `applicationServerKey`: one made with an older key is replaced. */
async function subscribeWith(applicationServerKey: Uint8Array<ArrayBuffer>): Promise<PushSubscription> {
  const pushManager = (await registration()).pushManager;
  const subscription = await pushManager.getSubscription();
  const held = subscription?.options.applicationServerKey;
  if (!subscription || (held && !sameBytes(new Uint8Array(held), applicationServerKey))) {
    await subscription?.unsubscribe();
    return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  }
  return subscription;
}

/**
 * Asks the permission (only here: on the trader's tap, and never timed: the trader decides),
 * subscribes with the server's VAPID key, and stores the subscription on the server.
 */
export async function turnOn(): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { publicKey } = await api<{ publicKey: string }>('/push/key');
  const subscription = await withinTimeLimit(subscribeWith(keyBytes(publicKey)));
  await api('/push/subscription', { method: 'PUT', body: subscription.toJSON() });
  return 'on';
}

/** Turns this device's notifications on (`turnOn`), then keeps the state the browser is left in. */
export async function turnOnAndKeep(database: TradeTrackerDb = db): Promise<TurnOnResult> {
  const result = await turnOn();
  await refreshDeviceState(database);
  return result;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Stops this device: the server forgets it first, then the browser drops the subscription. */
export async function turnOff(): Promise<void> {
  const subscription = await withinTimeLimit(currentSubscription());
  if (!subscription) return;
  await api('/push/subscription', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await withinTimeLimit(subscription.unsubscribe());
}

/** Turns this device's notifications off (`turnOff`), then keeps the state it is left in. */
export async function turnOffAndKeep(database: TradeTrackerDb = db): Promise<void> {
  await turnOff();
  await refreshDeviceState(database);
}

/**
 * At logout: this device stops getting the trader's alerts. Online the server forgets it first
 * (the session still holds); the browser's subscription is dropped either way, so a push the
 * server still sends is refused by the push service (410) and ends the subscription there too.
 */
export async function forgetDeviceAtLogout(online: boolean): Promise<void> {
  if (!pushSupported()) return;
  // Not `ready`, which waits for ever where no service worker is registered (a development server).
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (!subscription) return;
  if (online) {
    await api('/push/subscription', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(
      () => undefined,
    );
  }
  await subscription.unsubscribe().catch(() => false);
}

/**
 * Reads the alerts sent (newest first, at most 100) and keeps them as the whole list, with when
 * they were read; nothing is kept when the cache changed hands meanwhile.
 */
export async function refreshSentAlerts(database: TradeTrackerDb = db): Promise<void> {
  const owner = await cacheOwner(database);
  const alerts = await api<SentAlert[]>('/alerts');
  const readAt = new Date().toISOString();
  await keepForOwner(database, owner, [database.sentAlerts], async () => {
    await database.sentAlerts.clear();
    await database.sentAlerts.bulkPut(alerts);
    await database.meta.put({ key: metaKeys.alertsReadAt, value: readAt });
  });
}
