import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { AlertPayload } from '../../domain/alerts.ts';
import type { VapidKeys } from '../config.ts';
import type { StoredSubscription } from './alertRepository.ts';

/** How long a push service may keep the push for a device that is off: an alert is news for half an hour. */
export const PUSH_TTL_SECONDS = 1800;
/** A push service that does not answer within this is given up on (the alert stays recorded). */
export const PUSH_TIMEOUT_MS = 10_000;

/** What became of one push: delivered to the service, the subscription gone (404, 410), or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushSender {
  send(subscription: StoredSubscription, payload: AlertPayload): Promise<PushOutcome>;
}

/**
 * Web Push (RFC 8030) with the payload encrypted to the device (RFC 8291, aes128gcm) and signed
 * with the server's VAPID key (RFC 8292), by the `web-push` library. `agent` lets a test trust its
 * local push service's certificate.
 */
export function createPushSender(keys: VapidKeys, subject: string, agent?: Agent): PushSender {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return {
    async send(subscription, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          {
            vapidDetails,
            TTL: PUSH_TTL_SECONDS,
            urgency: 'high',
            timeout: PUSH_TIMEOUT_MS,
            contentEncoding: 'aes128gcm',
            ...(agent ? { agent } : {}),
          },
        );
        return 'sent';
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        // Never the endpoint (a capability) nor the payload in the log: the push service's status.
        console.warn(`A push was not delivered (${status ?? (error as Error).name})`);
        return 'failed';
      }
    },
  };
}
