import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_MARKET_CYCLE_SYMBOL } from '../domain/constants.ts';
import { isPushHostEntry } from './alerts/pushEndpoint.ts';
import type { VapidKeys } from './alerts/vapidKeys.ts';
import { parseDataKey } from './auth/tokenCipher.ts';
import type { SchwabConfig } from './brokers/schwab/schwabBroker.ts';
import { TRADER_REQUESTS_PER_SECOND } from './http/fairShare.ts';

export type { SchwabConfig, VapidKeys };

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each API process keeps to PostgreSQL. */
  databasePoolSize: number;
  broker: 'demo' | 'schwab';
  schwab: SchwabConfig | undefined;
  /** Key for broker tokens at rest; unset = a key file in `dataDir`. */
  dataKey: Buffer | undefined;
  /** Serve https itself (a single trader on https://127.0.0.1, as Schwab's callback demands). */
  tls: TlsConfig | undefined;
  /** Where the PWA is served when not by this server (redirect target, allowed Origin). */
  appOrigin: string | undefined;
  /**
   * Addresses of reverse proxies in front of this server: only from them is the last
   * X-Forwarded-For entry taken as the client's address (the sign-in limit counts per client).
   */
  trustedProxies: string[];
  marketCycleSymbol: string;
  /** The built PWA; served when the folder exists. */
  staticDir: string;
  /** Requests a second each trader may make, after a burst of six seconds' worth (http/fairShare.ts). */
  traderRequestsPerSecond: number;
  /** The VAPID key pair pushes are signed with; unset = a key file in `dataDir` (alerts/vapidKeys.ts). */
  vapidKeys: VapidKeys | undefined;
  /** Who sends the pushes, as push services ask: a mailto: or https: address. */
  vapidSubject: string;
  /**
   * The push services' hosts a device's subscription may name: each with its subdomains on port
   * 443, or, written `host:port`, that host on that port only (alerts/pushEndpoint.ts).
   */
  pushServiceHosts: string[];
}

/** The browsers' push services: Chrome's (FCM), Firefox's, Safari's, Edge's. */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];
export const DEFAULT_VAPID_SUBJECT = 'mailto:trade-tracker@localhost';

function vapidConfig(env: NodeJS.ProcessEnv): VapidKeys | undefined {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (npx web-push generate-vapid-keys) or neither',
    );
  }
  const bytes = (text: string) => (/^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').length : 0);
  if (bytes(publicKey) !== 65 || bytes(privateKey) !== 32) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY must be 65 bytes and VAPID_PRIVATE_KEY 32 bytes, base64url (npx web-push generate-vapid-keys)',
    );
  }
  return { publicKey, privateKey };
}

function pushServiceHosts(env: NodeJS.ProcessEnv): string[] {
  if (!env.PUSH_SERVICE_HOSTS) return DEFAULT_PUSH_SERVICE_HOSTS;
  const hosts = env.PUSH_SERVICE_HOSTS.split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
  const notAHost = hosts.find((h) => !isPushHostEntry(h));
  if (notAHost !== undefined) {
    throw new ConfigError(
      `PUSH_SERVICE_HOSTS must list host names (a port only for a test's push service), separated by commas, got "${notAHost}"`,
    );
  }
  return hosts;
}

function vapidSubject(env: NodeJS.ProcessEnv): string {
  const subject = env.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https: address, got "${subject}"`);
  }
  return subject;
}

export interface TlsConfig {
  certFile: string;
  keyFile: string;
}

export class ConfigError extends Error {}

export const SCHWAB_DEFAULT_BASE_URL = 'https://api.schwabapi.com';

function schwabConfig(env: NodeJS.ProcessEnv): SchwabConfig {
  const missing = ['SCHWAB_CLIENT_ID', 'SCHWAB_CLIENT_SECRET', 'SCHWAB_CALLBACK_URL'].filter((k) => !env[k]);
  if (missing.length > 0) {
    throw new ConfigError(
      `BROKER=schwab needs ${missing.join(', ')} (the app key, its secret and the callback URL registered with Schwab)`,
    );
  }
  const callbackUrl = env.SCHWAB_CALLBACK_URL as string;
  let callback: URL;
  try {
    callback = new URL(callbackUrl);
  } catch {
    throw new ConfigError(`SCHWAB_CALLBACK_URL must be a URL, got "${callbackUrl}"`);
  }
  if (callback.protocol !== 'https:') {
    throw new ConfigError(`SCHWAB_CALLBACK_URL must use https (Schwab demands it), got "${callbackUrl}"`);
  }
  if (callback.pathname !== '/api/v1/auth/callback') {
    throw new ConfigError(
      `SCHWAB_CALLBACK_URL must end in /api/v1/auth/callback (where this server takes the callback), got "${callbackUrl}"`,
    );
  }
  const baseUrl = (env.SCHWAB_BASE_URL || SCHWAB_DEFAULT_BASE_URL).replace(/\/+$/, '');
  try {
    new URL(baseUrl);
  } catch {
    throw new ConfigError(`SCHWAB_BASE_URL must be a URL, got "${env.SCHWAB_BASE_URL}"`);
  }
  return {
    clientId: env.SCHWAB_CLIENT_ID as string,
    clientSecret: env.SCHWAB_CLIENT_SECRET as string,
    callbackUrl,
    baseUrl,
  };
}

function tlsConfig(env: NodeJS.ProcessEnv): TlsConfig | undefined {
  if (!env.TLS_CERT && !env.TLS_KEY) return undefined;
  if (!env.TLS_CERT || !env.TLS_KEY) {
    throw new ConfigError('TLS_CERT and TLS_KEY go together: set both (PEM files) or neither');
  }
  for (const [name, path] of [
    ['TLS_CERT', env.TLS_CERT],
    ['TLS_KEY', env.TLS_KEY],
  ] as const) {
    if (!existsSync(path)) throw new ConfigError(`${name} names a file that does not exist: ${path}`);
  }
  return { certFile: resolve(env.TLS_CERT), keyFile: resolve(env.TLS_KEY) };
}

/** Reads the environment (README.md, "Configuration"); refuses what it cannot use, clearly. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  }
  const broker = env.BROKER || 'demo';
  if (broker !== 'demo' && broker !== 'schwab') {
    throw new ConfigError(`BROKER must be "demo" or "schwab", got "${broker}"`);
  }
  const schwab = broker === 'schwab' ? schwabConfig(env) : undefined;
  const dataKey = env.DATA_KEY ? parseDataKey(env.DATA_KEY) : undefined;
  if (env.DATA_KEY && !dataKey) {
    throw new ConfigError('DATA_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)');
  }
  const databasePoolSize = env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : 10;
  if (!Number.isInteger(databasePoolSize) || databasePoolSize < 1 || databasePoolSize > 1000) {
    throw new ConfigError(
      `DATABASE_POOL_SIZE must be a whole number from 1 to 1000, got "${env.DATABASE_POOL_SIZE}"`,
    );
  }
  let appOrigin: string | undefined;
  if (env.APP_ORIGIN) {
    try {
      appOrigin = new URL(env.APP_ORIGIN).origin;
    } catch {
      throw new ConfigError(
        `APP_ORIGIN must be an origin such as https://app.example.com, got "${env.APP_ORIGIN}"`,
      );
    }
  }
  const traderRequestsPerSecond = env.TRADER_REQUESTS_PER_SECOND
    ? Number(env.TRADER_REQUESTS_PER_SECOND)
    : TRADER_REQUESTS_PER_SECOND;
  if (!Number.isFinite(traderRequestsPerSecond) || traderRequestsPerSecond < 1) {
    throw new ConfigError(
      `TRADER_REQUESTS_PER_SECOND must be a number of 1 or more, got "${env.TRADER_REQUESTS_PER_SECOND}"`,
    );
  }
  const trustedProxies = (env.TRUSTED_PROXY ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const notAnAddress = trustedProxies.find((a) => isIP(a) === 0);
  if (notAnAddress !== undefined) {
    throw new ConfigError(`TRUSTED_PROXY must list IP addresses separated by commas, got "${notAnAddress}"`);
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize,
    broker,
    schwab,
    dataKey,
    tls: tlsConfig(env),
    appOrigin,
    trustedProxies,
    marketCycleSymbol: (env.MARKET_CYCLE_SYMBOL || DEFAULT_MARKET_CYCLE_SYMBOL).toUpperCase(),
    staticDir: resolve(env.STATIC_DIR || './dist'),
    traderRequestsPerSecond,
    vapidKeys: vapidConfig(env),
    vapidSubject: vapidSubject(env),
    pushServiceHosts: pushServiceHosts(env),
  };
}
