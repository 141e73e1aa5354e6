import { request } from 'node:http';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, sessions } from '../../src/server/db/schema.ts';
import { signIn, startTestServer, type TestServer } from './harness.ts';

/** Sign-in flood (issue 11): a limit per client address, and expired rows purged on a timer. */
let t: TestServer;
const MINUTE = 60_000;
const PURGE_EVERY_MS = 50;

beforeAll(async () => {
  t = await startTestServer({}, { purgeEveryMs: PURGE_EVERY_MS });
});
afterAll(() => t.stop());

/** A GET from a chosen local address: 127.0.0.2 is another client as far as the server can tell. */
function getFrom(localAddress: string, path: string, headers: Record<string, string> = {}, server = t) {
  return new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
    request(`${server.url}${path}`, { localAddress, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string, body }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const rows = async (table: typeof oauthStates | typeof sessions) =>
  (await t.server.database.db.select({ n: count() }).from(table))[0]?.n;

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, PURGE_EVERY_MS));
  expect(await check()).toBe(true);
}

describe('sign-in attempts per client address', () => {
  it('allows 20 attempts in 10 minutes, then answers 429 with Retry-After until the window has passed', async () => {
    // Authorize and callback both count: ten whole sign-ins.
    for (let i = 0; i < 10; i++) {
      expect((await getFrom('127.0.0.1', '/api/v1/auth/authorize')).status).toBe(302);
      expect((await getFrom('127.0.0.1', '/api/v1/auth/callback?code=alex&state=x')).status).toBe(302);
    }
    for (const path of ['/api/v1/auth/authorize', '/api/v1/auth/callback?code=alex&state=x']) {
      const refused = await getFrom('127.0.0.1', path);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({
        message: 'Too many sign-in attempts. Try again in a few minutes.',
      });
      expect(refused.retryAfter).toBe('600');
    }

    // Another client is not held back by this one.
    expect((await getFrom('127.0.0.2', '/api/v1/auth/authorize')).status).toBe(302);

    t.clock.advance(4 * MINUTE);
    const later = await getFrom('127.0.0.1', '/api/v1/auth/authorize');
    expect(later.status).toBe(429);
    expect(later.retryAfter).toBe(String(6 * 60));

    t.clock.advance(6 * MINUTE);
    expect((await getFrom('127.0.0.1', '/api/v1/auth/authorize')).status).toBe(302);
    await signIn(t.url);
  });

  it('does not count the rest of the API', async () => {
    t.clock.advance(10 * MINUTE);
    for (let i = 0; i < 30; i++) expect((await getFrom('127.0.0.1', '/api/v1/auth/status')).status).toBe(401);
    expect((await getFrom('127.0.0.1', '/api/v1/auth/authorize')).status).toBe(302);
  });
});

describe('expired sign-in rows', () => {
  it('are purged on a timer, not only when the next sign-in starts', async () => {
    t.clock.advance(10 * MINUTE);
    await getFrom('127.0.0.1', '/api/v1/auth/authorize');
    await signIn(t.url);
    expect(await rows(oauthStates)).toBeGreaterThan(0);
    expect(await rows(sessions)).toBeGreaterThan(0);

    t.clock.advance(11 * MINUTE);
    await eventually(async () => (await rows(oauthStates)) === 0);
    expect(await rows(sessions)).toBeGreaterThan(0);

    t.clock.advance(31 * 24 * 60 * MINUTE);
    await eventually(async () => (await rows(sessions)) === 0);
  });
});

describe('behind a reverse proxy', () => {
  it('ignores X-Forwarded-For from anyone but a TRUSTED_PROXY: a client cannot dodge the limit', async () => {
    t.clock.advance(10 * MINUTE);
    for (let i = 0; i < 20; i++) {
      const forged = { 'X-Forwarded-For': `198.51.100.${i}` };
      await getFrom('127.0.0.3', '/api/v1/auth/authorize', forged);
    }
    const refused = await getFrom('127.0.0.3', '/api/v1/auth/authorize', {
      'X-Forwarded-For': '198.51.100.99',
    });
    expect(refused.status).toBe(429);
  });

  it('counts each trader behind a trusted proxy by the address the proxy appended', async () => {
    const proxied = await startTestServer({ TRUSTED_PROXY: '127.0.0.4' });
    try {
      // The proxy appends the address it saw; what the client itself sent comes before it.
      const from = (client: string) => ({ 'X-Forwarded-For': `10.9.9.9, ${client}` });
      for (let i = 0; i < 20; i++)
        await getFrom('127.0.0.4', '/api/v1/auth/authorize', from('203.0.113.1'), proxied);
      expect(
        (await getFrom('127.0.0.4', '/api/v1/auth/authorize', from('203.0.113.1'), proxied)).status,
      ).toBe(429);
      expect(
        (await getFrom('127.0.0.4', '/api/v1/auth/authorize', from('203.0.113.2'), proxied)).status,
      ).toBe(302);
    } finally {
      await proxied.stop();
    }
  });
});
