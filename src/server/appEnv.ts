import type { TokenCipher } from './auth/tokenCipher.ts';
import type { Broker } from './brokers/broker.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';

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
}

export type AppEnv = { Variables: { user: SessionUser } };
