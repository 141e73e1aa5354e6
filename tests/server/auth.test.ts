import { get } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthStatus } from '../../src/domain/types.ts';
import { SESSION_DAYS } from '../../src/server/auth/sessionStore.ts';
import { SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS } from '../../src/server/auth/signInLimit.ts';
import { brokerTokens, oauthStates } from '../../src/server/db/schema.ts';
import { type Client, clientFor, signIn, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());
// Each test signs in several times: it starts in a fresh window of the sign-in limit.
beforeEach(() => t.clock.advance(SIGN_IN_WINDOW_MS));

/** What a browser keeps from /authorize: the state in the broker URL and the oauth cookie. */
async function authorize(): Promise<{ state: string; cookie: string; setCookie: string }> {
  const res = await fetch(`${t.url}/api/v1/auth/authorize`, { redirect: 'manual' });
  const state = new URL(res.headers.get('location') as string, t.url).searchParams.get('state') as string;
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { state, cookie: setCookie.split(';')[0] as string, setCookie };
}

/** The broker sending the browser back, with whatever cookie that browser holds. */
function callback(code: string, state: string, cookie = ''): Promise<Response> {
  const headers = cookie ? { Cookie: cookie } : undefined;
  return fetch(`${t.url}/api/v1/auth/callback?code=${code}&state=${state}`, { redirect: 'manual', headers });
}

/** A request with a Host header of the client's choosing (fetch would not send one). */
function withHost(path: string, host: string, cookie = '') {
  return new Promise<{ status: number; location: string; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = { Host: host };
    if (cookie) headers.Cookie = cookie;
    get(`${t.url}${path}`, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? '', body }),
      );
    }).on('error', reject);
  });
}

describe('sign-in through the demo broker', () => {
  it('answers 401 with the spec message before sign-in', async () => {
    const res = await clientFor(t.url).json('GET', '/api/v1/auth/status');
    expect(res).toEqual({ status: 401, body: { message: 'Authentication required' } });
  });

  it('redirects authorize to the broker login with a random state', async () => {
    const a = await fetch(`${t.url}/api/v1/auth/authorize`, { redirect: 'manual' });
    const b = await fetch(`${t.url}/api/v1/auth/authorize`, { redirect: 'manual' });
    expect(a.status).toBe(302);
    const stateA = new URL(a.headers.get('location') as string, t.url).searchParams.get('state');
    const stateB = new URL(b.headers.get('location') as string, t.url).searchParams.get('state');
    expect(stateA).toMatch(/^[\w-]{43}$/);
    expect(stateA).not.toBe(stateB);
  });

  it('offers demo traders on a login page with "Sign in as" buttons', async () => {
    const a = await fetch(`${t.url}/api/v1/auth/authorize`, { redirect: 'manual' });
    const page = await (await fetch(new URL(a.headers.get('location') as string, t.url))).text();
    const buttons = [...page.matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map((m) => m[1]);
    expect(buttons).toEqual(['Sign in as Alex (demo)', 'Sign in as Sam (demo)']);
  });

  it('signs in, sets a HttpOnly SameSite=Lax cookie, and reports the user', async () => {
    const a = await authorize();
    const cb = await callback('alex', a.state, a.cookie);
    expect(cb.headers.get('location')).toBe('/?status=success');
    const setCookie = cb.headers.getSetCookie().find((c) => c.startsWith('tt_session=')) as string;
    expect(setCookie).toMatch(/^tt_session=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/); // plain http on loopback

    const client = clientFor(t.url, setCookie.split(';')[0]);
    const status = await client.json('GET', '/api/v1/auth/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      authenticated: true,
      user: { displayName: 'Alex (demo)' },
      brokerSessionExpiresAt: null,
    });
  });

  it('refuses a callback whose state was never issued, or is used twice', async () => {
    const forged = await callback('alex', 'forged', 'tt_oauth=forged');
    expect(forged.headers.get('location')).toBe('/?status=error');
    expect(forged.headers.getSetCookie().some((c) => c.startsWith('tt_session='))).toBe(false);

    const a = await authorize();
    const first = await callback('alex', a.state, a.cookie);
    expect(first.headers.get('location')).toBe('/?status=success');
    const replay = await callback('alex', a.state, a.cookie);
    expect(replay.headers.get('location')).toBe('/?status=error');
  });

  it('refuses an unknown broker code and a state older than 10 minutes', async () => {
    const a = await authorize();
    const bad = await callback('mallory', a.state, a.cookie);
    expect(bad.headers.get('location')).toBe('/?status=error');

    const b = await authorize();
    t.clock.advance(11 * 60_000);
    const late = await callback('alex', b.state, b.cookie);
    expect(late.headers.get('location')).toBe('/?status=error');
  });

  it('gives the same trader the same user on every sign-in, and different traders different users', async () => {
    const id = async (who: 'alex' | 'sam') =>
      ((await (await signIn(t.url, who)).json('GET', '/api/v1/auth/status')).body as { user: { id: string } })
        .user.id;
    const [alex1, alex2, sam] = [await id('alex'), await id('alex'), await id('sam')];
    expect(alex1).toBe(alex2);
    expect(sam).not.toBe(alex1);
  });
});

describe('login CSRF: the state belongs to the browser that asked for it', () => {
  it('sets a short-lived HttpOnly SameSite=Lax cookie for the auth path on authorize', async () => {
    const { setCookie, state } = await authorize();
    expect(setCookie).toMatch(/^tt_oauth=[\w-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/api\/v1\/auth(;|$)/);
    expect(setCookie).toMatch(/Max-Age=600/);
    expect(setCookie).not.toMatch(/Secure/); // plain http on loopback
    expect(setCookie).not.toContain(state); // only the browser's own hash check can match them
  });

  it("refuses the attacker's state and code replayed from a browser without the oauth cookie", async () => {
    const attacker = await authorize();
    const victim = await callback('alex', attacker.state);
    expect(victim.status).toBe(302);
    expect(victim.headers.get('location')).toBe('/?status=error');
    expect(victim.headers.getSetCookie().some((c) => c.startsWith('tt_session='))).toBe(false);
    // Refused before the state was spent: the attacker's own browser could still finish.
    expect((await callback('alex', attacker.state, attacker.cookie)).headers.get('location')).toBe(
      '/?status=success',
    );
  });

  it('refuses a state issued to another browser, even when this browser has an oauth cookie of its own', async () => {
    const attacker = await authorize();
    const victim = await authorize();
    const res = await callback('alex', attacker.state, victim.cookie);
    expect(res.headers.get('location')).toBe('/?status=error');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('tt_session='))).toBe(false);
  });

  it('clears the oauth cookie after the callback, whether it succeeded or not', async () => {
    const a = await authorize();
    const ok = await callback('alex', a.state, a.cookie);
    expect(ok.headers.getSetCookie().find((c) => c.startsWith('tt_oauth='))).toMatch(
      /^tt_oauth=;.*Max-Age=0.*Path=\/api\/v1\/auth/,
    );
    const b = await authorize();
    const refused = await callback('alex', 'not-the-state', b.cookie);
    expect(refused.headers.getSetCookie().find((c) => c.startsWith('tt_oauth='))).toMatch(
      /^tt_oauth=;.*Max-Age=0/,
    );
  });
});

describe('redirects never use the Host header', () => {
  it('sends the browser to the demo broker and back without the Host it was given', async () => {
    const authorizeRes = await withHost('/api/v1/auth/authorize', 'evil.example');
    expect(authorizeRes.status).toBe(302);
    expect(authorizeRes.location).not.toContain('evil.example');
    expect(new URL(authorizeRes.location, t.url).searchParams.get('redirect_uri')).toBe(
      '/api/v1/auth/callback',
    );

    const page = await withHost(authorizeRes.location, 'evil.example');
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('evil.example');
    expect(page.body).toContain('action="/api/v1/auth/callback"');

    const a = await authorize();
    const back = await withHost(`/api/v1/auth/callback?code=alex&state=${a.state}`, 'evil.example', a.cookie);
    expect(back.location).toBe('/?status=success');
    const refused = await withHost('/api/v1/auth/callback?code=alex&state=x', 'evil.example');
    expect(refused.location).toBe('/?status=error');
  });
});

describe('session end', () => {
  it('logs out: the session is gone and the cookie cleared', async () => {
    const client = await signIn(t.url);
    const res = await client.call('POST', '/api/v1/auth/logout');
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/tt_session=;.*Max-Age=0/);
    expect((await client.json('GET', '/api/v1/auth/status')).status).toBe(401);
    expect((await client.json('GET', '/api/v1/edges')).status).toBe(401);
  });

  it(`expires a session after ${SESSION_DAYS} days`, async () => {
    const client = await signIn(t.url);
    t.clock.advance((SESSION_DAYS - 1) * 86_400_000);
    expect((await client.json('GET', '/api/v1/auth/status')).status).toBe(200);
    t.clock.advance(2 * 86_400_000);
    expect((await client.json('GET', '/api/v1/auth/status')).status).toBe(401);
  });

  it('ends the session a browser still had when it signs in again (a logout made offline left it)', async () => {
    const old = await signIn(t.url);
    const { state, cookie } = await authorize();
    const res = await callback('alex', state, `${cookie}; ${old.cookie}`);
    expect(res.headers.get('location')).toBe('/?status=success');
    expect((await old.json('GET', '/api/v1/auth/status')).status).toBe(401);
  });

  it('treats a made-up cookie as no session', async () => {
    const res = await clientFor(t.url, 'tt_session=not-a-session').json('GET', '/api/v1/tradeplans');
    expect(res).toEqual({ status: 401, body: { message: 'Authentication required' } });
  });
});

describe('relaunch: the authorization flow is silent while the session and the grant are valid', () => {
  const BROKER_PAGE = /^\/api\/v1\/demo-broker\/authorize\?/;
  const authorizeWith = (client: Client, query = '') => client.call('GET', `/api/v1/auth/authorize${query}`);
  const states = async () => (await t.server.database.db.select().from(oauthStates)).length;
  const userOf = async (client: Client) =>
    (await client.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;

  it('answers a browser with a valid session straight back to the app, with no state issued', async () => {
    const alex = await signIn(t.url);
    const before = await states();
    const res = await authorizeWith(alex);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?status=success');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await states()).toBe(before);
    // The same session goes on: nothing was signed in anew.
    expect((await alex.json('GET', '/api/v1/auth/status')).status).toBe(200);
  });

  it('never uses the Host header for the way back', async () => {
    const alex = await signIn(t.url);
    expect((await withHost('/api/v1/auth/authorize', 'evil.example', alex.cookie)).location).toBe(
      '/?status=success',
    );
  });

  it('is not a sign-in attempt: relaunches are not limited', async () => {
    const alex = await signIn(t.url);
    for (let i = 0; i < SIGN_IN_ATTEMPTS + 5; i++) {
      expect((await authorizeWith(alex)).headers.get('location')).toBe('/?status=success');
    }
  });

  it('goes to the broker once the session has expired', async () => {
    const alex = await signIn(t.url);
    t.clock.advance((SESSION_DAYS + 1) * 86_400_000);
    const res = await authorizeWith(alex);
    expect(res.headers.get('location')).toMatch(BROKER_PAGE);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('tt_oauth='))).toBe(true);
  });

  it('goes to the broker after a logout ended the session', async () => {
    const alex = await signIn(t.url);
    expect((await alex.call('POST', '/api/v1/auth/logout')).status).toBe(204);
    expect((await authorizeWith(alex)).headers.get('location')).toMatch(BROKER_PAGE);
  });

  it("goes to the broker when the broker's tokens are gone (revoked)", async () => {
    const alex = await signIn(t.url);
    await t.server.database.db.delete(brokerTokens).where(eq(brokerTokens.userId, await userOf(alex)));
    expect((await authorizeWith(alex)).headers.get('location')).toMatch(BROKER_PAGE);
  });

  it("goes to the broker when asked to (prompt=login, a logout's way there)", async () => {
    const alex = await signIn(t.url);
    expect((await authorizeWith(alex, '?prompt=login')).headers.get('location')).toMatch(BROKER_PAGE);
  });

  it('goes to the broker without a session cookie, or with a made-up one', async () => {
    expect((await authorizeWith(clientFor(t.url))).headers.get('location')).toMatch(BROKER_PAGE);
    const madeUp = clientFor(t.url, 'tt_session=not-a-session');
    expect((await authorizeWith(madeUp)).headers.get('location')).toMatch(BROKER_PAGE);
  });
});

describe("logout ends this device's session only", () => {
  const BROKER_PAGE = /^\/api\/v1\/demo-broker\/authorize\?/;
  const userOf = async (client: Client) =>
    (await client.json<AuthStatus>('GET', '/api/v1/auth/status')).body.user.id;
  const tokensOf = async (userId: string) =>
    (await t.server.database.db.select().from(brokerTokens).where(eq(brokerTokens.userId, userId))).length;

  it("keeps the trader's other devices signed in, their relaunch silent and their broker calls working", async () => {
    const phone = await signIn(t.url);
    const desktop = await signIn(t.url);
    const id = await userOf(desktop);
    expect((await phone.call('POST', '/api/v1/auth/logout')).status).toBe(204);
    expect((await phone.json('GET', '/api/v1/auth/status')).status).toBe(401);
    expect((await phone.call('GET', '/api/v1/auth/authorize')).headers.get('location')).toMatch(BROKER_PAGE);

    expect((await desktop.json('GET', '/api/v1/auth/status')).status).toBe(200);
    const relaunch = await desktop.call('GET', '/api/v1/auth/authorize');
    expect(relaunch.headers.get('location')).toBe('/?status=success');
    expect(relaunch.headers.getSetCookie()).toEqual([]);
    expect(await tokensOf(id)).toBe(1);
    expect((await desktop.call('GET', '/api/v1/accounts')).status).toBe(200);
  });

  it("deletes the broker's tokens with the trader's last session", async () => {
    // The sessions the tests before left have expired: only this test's two are alive.
    t.clock.advance((SESSION_DAYS + 1) * 86_400_000);
    const phone = await signIn(t.url, 'sam');
    const desktop = await signIn(t.url, 'sam');
    const id = await userOf(phone);
    expect((await phone.call('POST', '/api/v1/auth/logout')).status).toBe(204);
    expect(await tokensOf(id)).toBe(1);
    expect((await desktop.call('POST', '/api/v1/auth/logout')).status).toBe(204);
    expect(await tokensOf(id)).toBe(0);
    expect((await desktop.call('GET', '/api/v1/auth/authorize')).headers.get('location')).toMatch(
      BROKER_PAGE,
    );
  });

  it('deletes them when the last two sessions log out at once: each logout sees the other', async () => {
    t.clock.advance((SESSION_DAYS + 1) * 86_400_000);
    for (let round = 0; round < 5; round++) {
      const [phone, desktop] = [await signIn(t.url, 'sam'), await signIn(t.url, 'sam')];
      const id = await userOf(phone);
      await Promise.all([phone, desktop].map((c) => c.call('POST', '/api/v1/auth/logout')));
      expect(await tokensOf(id)).toBe(0);
    }
  });
});
