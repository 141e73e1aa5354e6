import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createFairTurns } from './fairTurns.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction: on PGlite (one connection) every query inside it must go through it, never `db`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Closes connections; for PGlite this flushes the data folder so it reopens consistent. */
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

// Any fixed number: every API process takes the same lock before migrating.
const MIGRATION_LOCK_KEY = 7_412_003;

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  poolSize?: number;
  /** Hears every statement the app sends, with its parameters (tests count them). */
  onQuery?: ((query: string, params: unknown[]) => void) | undefined;
}

/** Opens PGlite in `dataDir`, or PostgreSQL when `databaseUrl` is set, and applies migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server ends (a restart, a failover, an administrator) is dropped from
    // the pool, and the next query opens a new one; unheard, the pool's 'error' would end the process.
    pool.on('error', (error) => console.warn(`A database connection was closed: ${error.message}`));
    const db = drizzleNodePg(pool, { schema, logger }) as unknown as Database;
    // Two processes starting at once must not both run the same migration.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const client = takingTurns(await PGlite.create(options.dataDir));
  const db = drizzlePglite(client, { schema, logger });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, engine: 'pglite', close: () => client.close() };
}

/**
 * PGlite runs each statement in this process, and a chain of awaited statements never gives the
 * event loop back: a request reading a whole journal statement by statement would hold every other
 * request (another trader's too) until its last one. So each statement outside a transaction takes
 * its turn (`createFairTurns`, db/fairTurns.ts: one a trader a round, after the event loop turns
 * once; the statements of a transaction keep its one connection anyway): a request that arrived
 * meanwhile is read, and its statements go between those of the long one. A turn costs microseconds.
 */
function takingTurns(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const turn = createFairTurns();
  client.query = ((...args: Parameters<PGlite['query']>) => turn(() => query(...args))) as PGlite['query'];
  return client;
}

export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
