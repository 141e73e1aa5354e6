import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { AlertPayload } from '../../domain/alerts.ts';
import type { VapidKeys } from '../config.ts';
import type { StoredSubscription } from './alertRepository.ts';

/** How long a push service may keep the push for a device that is off: an alert is news for half an hour. */
export const PUSH_TTL_SECONDS = 1800;
/** A push service that does not answer within this is given up on (the alert stays recorded). */
export const PUSH_TIMEOUT_MS = 10_000;
/**
 * The waits before a push is tried again after a push service's passing failure (no answer, 429,
 * 5xx): the alert is still news seconds later, and the trader's next look waits for these.
 */
export const PUSH_RETRY_DELAYS_MS = [2_000, 10_000];
/** The longest Retry-After a 429 may impose on a retry; a longer one gives the push up. */
const RETRY_AFTER_MAX_MS = 30_000;

/** What became of one push: delivered to the service, the subscription gone (404, 410), or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

type Attempt = PushOutcome | { retryAfterMs: number };

/** A push service's answer that may pass: none, too many requests, or its own fault. */
const isPassing = (status: number | undefined) => status === undefined || status === 429 || status >= 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PushSender {
  send(subscription: StoredSubscription, payload: AlertPayload): Promise<PushOutcome>;
}

/**
 * Web Push (RFC 8030) with the payload encrypted to the device (RFC 8291, aes128gcm) and signed
 * with the server's VAPID key (RFC 8292), by the `web-push` library. `agent` lets a test trust its
 * local push service's certificate.
 */
export function createPushSender(
  keys: VapidKeys,
  subject: string,
  agent?: Agent,
  retryDelaysMs: readonly number[] = PUSH_RETRY_DELAYS_MS,
): PushSender {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };

  async function attempt(subscription: StoredSubscription, payload: AlertPayload): Promise<Attempt> {
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
      const { statusCode: status, headers } = error as {
        statusCode?: number;
        headers?: Record<string, string>;
      };
      if (status === 404 || status === 410) return 'gone';
      // Never the endpoint (a capability) nor the payload in the log: the push service's status.
      console.warn(`A push was not delivered (${status ?? (error as Error).name})`);
      if (!isPassing(status)) return 'failed';
      const retryAfter = Number(headers?.['retry-after']);
      return { retryAfterMs: Number.isFinite(retryAfter) ? retryAfter * 1000 : 0 };
    }
  }

  return {
    async send(subscription, payload) {
      for (let tried = 0; ; tried++) {
        const outcome = await attempt(subscription, payload);
        if (typeof outcome === 'string') return outcome;
        const delay = retryDelaysMs[tried];
        if (delay === undefined || outcome.retryAfterMs > RETRY_AFTER_MAX_MS) return 'failed';
        await wait(Math.max(delay, outcome.retryAfterMs));
      }
    },
  };
}
