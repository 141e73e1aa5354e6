import type { PushSender } from './alerts/pushSender.ts';
import type { TokenCipher } from './auth/tokenCipher.ts';
import type { Broker } from './brokers/broker.ts';
import type { ServerConfig, VapidKeys } from './config.ts';
import type { Database } from './db/database.ts';
import type { HeavyCalls, TraderRequestLimiter } from './http/fairShare.ts';

export interface SessionUser {
  id: string;
  displayName: string;
  brokerSessionExpiresAt: string | null;
  /** When the trader's last import of the broker's fills started (trades/importClock.ts). */
  fillsImportedAt: string | null;
}

/** What every route may use: injected once, so tests can pin the clock. */
export interface AppDeps {
  db: Database;
  broker: Broker;
  config: ServerConfig;
  now: () => Date;
  tokenCipher: TokenCipher;
  /** The key pair pushes are signed with (alerts/vapidKeys.ts), and what sends them. */
  vapidKeys: VapidKeys;
  push: PushSender;
  /** How often the alert watcher looks (every 15 s unless a test says otherwise). */
  alertEveryMs?: number;
  /** How often working orders are followed with no app reading them (orders/orderFollower.ts). */
  orderFollowEveryMs?: number;
  /** Each trader's rate of requests (http/fairShare.ts); the app makes one when it is not given. */
  requests?: TraderRequestLimiter;
  /** Each trader's heavy calls, one at a time (http/fairShare.ts); likewise. */
  heavy?: HeavyCalls;
}

export type AppEnv = { Variables: { user: SessionUser } };
