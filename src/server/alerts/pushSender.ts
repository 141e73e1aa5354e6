import { type Agent, request } from 'node:https';
import webpush from 'web-push';
import type { AlertPayload } from '../../domain/alerts.ts';
import type { StoredSubscription } from './alertRepository.ts';
import { AddressRefused, publicLookup, type Resolve, systemResolve } from './publicAddress.ts';
import { type PushTarget, pushTargetOf } from './pushEndpoint.ts';
import type { VapidKeys } from './vapidKeys.ts';

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

/**
 * What became of one push: delivered to the service, the subscription gone (404, 410), failed,
 * or refused here (its endpoint no listed push service's, or its host not on a public address).
 */
export type PushOutcome = 'sent' | 'gone' | 'failed' | 'refused';

type Attempt = PushOutcome | { retryAfterMs: number };

/** A push service's answer that may pass: none, too many requests, or its own fault. */
const isPassing = (status: number | undefined) => status === undefined || status === 429 || status >= 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PushSender {
  send(subscription: StoredSubscription, payload: AlertPayload): Promise<PushOutcome>;
}

export interface PushSenderOptions {
  /** PUSH_SERVICE_HOSTS: checked again at each push, so a row stored under older rules goes nowhere. */
  hosts: readonly string[];
  /** An https agent (a test's, trusting its local push service's certificate). */
  agent?: Agent;
  retryDelaysMs?: readonly number[];
  /** How host names are resolved (the system's resolver unless a test gives its own). */
  resolve?: Resolve;
  /**
   * Tests only: a push service on 127.0.0.1 or ::1 (tests/server/fakePushService.ts). No setting
   * turns it on, so a server started from its configuration posts to public addresses only.
   */
  pushToLoopback?: boolean;
}

/** A push service's answer: its status and headers. */
type Answer = { status: number; headers: Record<string, string | string[] | undefined> };

/**
 * Web Push (RFC 8030) with the payload encrypted to the device (RFC 8291, aes128gcm) and signed
 * with the server's VAPID key (RFC 8292), both by the `web-push` library. The request is this
 * file's own: to the host, port and path read once from the endpoint (alerts/pushEndpoint.ts), on
 * an address checked as the connection is made (alerts/publicAddress.ts).
 */
export function createPushSender(keys: VapidKeys, subject: string, options: PushSenderOptions): PushSender {
  const { hosts, agent } = options;
  const retryDelaysMs = options.retryDelaysMs ?? PUSH_RETRY_DELAYS_MS;
  const lookup = publicLookup(options.resolve ?? systemResolve, options.pushToLoopback === true);

  function post(target: PushTarget, headers: Record<string, string | number>, body: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          method: 'POST',
          hostname: target.hostname,
          port: target.port,
          path: target.path,
          headers,
          lookup,
          timeout: PUSH_TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('The push service did not answer in time')));
      req.on('error', reject);
      req.end(body);
    });
  }

  async function attempt(subscription: StoredSubscription, payload: AlertPayload): Promise<Attempt> {
    const target = pushTargetOf(subscription.endpoint, hosts);
    if (target === undefined) {
      console.warn('A push was not sent: its endpoint is not a listed push service’s');
      return 'refused';
    }
    let answer: Answer;
    try {
      const { cipherText } = webpush.encrypt(
        subscription.p256dh,
        subscription.auth,
        JSON.stringify(payload),
        'aes128gcm',
      );
      const { Authorization } = webpush.getVapidHeaders(
        target.origin,
        subject,
        keys.publicKey,
        keys.privateKey,
        'aes128gcm',
      );
      answer = await post(
        target,
        {
          TTL: PUSH_TTL_SECONDS,
          Urgency: 'high',
          'Content-Type': 'application/octet-stream',
          'Content-Encoding': 'aes128gcm',
          'Content-Length': cipherText.length,
          Authorization,
        },
        cipherText,
      );
    } catch (error) {
      // Never the endpoint (a capability) nor the payload in the log.
      if (error instanceof AddressRefused) {
        console.warn('A push was not sent: its push service’s host is not on a public address');
        return 'refused';
      }
      console.warn(`A push was not delivered (${(error as Error).name})`);
      return { retryAfterMs: 0 };
    }
    const { status, headers } = answer;
    if (status >= 200 && status <= 299) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    console.warn(`A push was not delivered (${status})`);
    if (!isPassing(status)) return 'failed';
    const retryAfter = Number(headers['retry-after']);
    return { retryAfterMs: Number.isFinite(retryAfter) ? retryAfter * 1000 : 0 };
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
