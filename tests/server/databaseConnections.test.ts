import pg from 'pg';
import { expect, it } from 'vitest';
import { signedInServer } from './harness.ts';

// PostgreSQL only: a server restart, a failover or an administrator ends the API's idle database
// connections. The API must carry on with new ones, not end its process (src/server/db/database.ts).
const { t, alex } = signedInServer();

it.runIf(process.env.TEST_DATABASE_URL)(
  'answers on new connections after PostgreSQL ended its idle ones',
  async () => {
    expect((await alex.json('GET', '/api/v1/edges')).status).toBe(200);
    const url = new URL(t.config.databaseUrl as string);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [url.pathname.slice(1)],
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Let the pool hear of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await alex.json('GET', '/api/v1/edges')).status).toBe(200);
  },
);
