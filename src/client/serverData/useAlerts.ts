// This device's notifications and the alerts sent as screens read them: from the cache, where
// only the server's and the browser's answers are kept (serverData/pushSubscription.ts), so
// offline and after a reload the last known state shows.
import type { SentAlert } from '../../domain/alerts.ts';
import { db, metaKeys } from '../db/db.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';
import type { DeviceState } from './pushSubscription.ts';

/** This device's notifications as last seen; undefined while read or before they were first seen. */
export const useDeviceState = (): DeviceState | undefined =>
  useLiveQuery(async () => (await db.meta.get(metaKeys.notificationsDevice))?.value as DeviceState, []);

/**
 * The alerts sent as the server last listed them, newest first, and when (`readAt`); `readAt` is
 * undefined when they were never read on this device. Undefined while read.
 */
export function useSentAlerts(): { alerts: SentAlert[]; readAt: string | undefined } | undefined {
  return useLiveQuery(async () => {
    // A copy: inside a live query the cache's rows come frozen (src/client/db/db.ts).
    const alerts = [...(await db.sentAlerts.toArray())].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
    return { alerts, readAt: (await db.meta.get(metaKeys.alertsReadAt))?.value };
  }, []);
}
