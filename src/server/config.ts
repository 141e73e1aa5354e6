import { resolve } from 'node:path';
import { DEFAULT_MARKET_CYCLE_SYMBOL } from '../domain/constants.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each API process keeps to PostgreSQL. */
  databasePoolSize: number;
  broker: 'demo' | 'schwab';
  /** Where the PWA is served when not by this server (redirect target, allowed Origin). */
  appOrigin: string | undefined;
  marketCycleSymbol: string;
  /** The built PWA; served when the folder exists. */
  staticDir: string;
}

export class ConfigError extends Error {}

/** Reads the environment of DECISIONS.md "Configuration"; refuses what it cannot use, clearly. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  }
  const broker = env.BROKER || 'demo';
  if (broker !== 'demo' && broker !== 'schwab') {
    throw new ConfigError(`BROKER must be "demo" or "schwab", got "${broker}"`);
  }
  if (broker === 'schwab') {
    throw new ConfigError('BROKER=schwab is not available yet in this build; use BROKER=demo');
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
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize,
    broker,
    appOrigin,
    marketCycleSymbol: (env.MARKET_CYCLE_SYMBOL || DEFAULT_MARKET_CYCLE_SYMBOL).toUpperCase(),
    staticDir: resolve(env.STATIC_DIR || './dist'),
  };
}
