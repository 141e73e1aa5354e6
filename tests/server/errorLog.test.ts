import { inspect } from 'node:util';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database.ts';
import { errorResponse } from '../../src/server/http/errors.ts';
import { freshDatabase } from './harness.ts';

// A real query error from the real driver: drizzle puts the query's parameters (the trader's
// text) into the message, and the driver's error carries the PostgreSQL code.
let database: Awaited<ReturnType<typeof freshDatabase>>;
let handle: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
  handle = await openDatabase({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

describe('the log of a 500', () => {
  it("names the request and the error's kind, never the request's values", async () => {
    const secret = 'my secret plan: buy ACME at 12.34';
    const app = new Hono();
    app.onError(errorResponse);
    app.post('/api/v1/edges', async () => {
      await handle.db.execute(sql`select ${secret}::int`);
      return new Response('unreachable');
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await app.request('/api/v1/edges', { method: 'POST', body: JSON.stringify({ secret }) });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Server error' });
      const printed = log.mock.calls
        .map((args) => args.map((a) => (typeof a === 'string' ? a : inspect(a, { depth: 5 }))).join(' '))
        .join('\n');
      expect(printed).not.toContain('secret');
      expect(printed).not.toContain('ACME');
      expect(printed).toContain('POST /api/v1/edges');
      expect(printed).toContain('DrizzleQueryError');
      expect(printed).toContain('22P02'); // invalid_text_representation
      expect(printed).toMatch(/\n\s+at /); // the stack frames, to find the line
    } finally {
      log.mockRestore();
    }
  });
});
