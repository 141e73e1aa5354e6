import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_DAYS } from '../../src/server/auth/sessionStore.ts';
import { clientFor, signIn, startTestServer, type TestServer } from './harness.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

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
    const a = await fetch(`${t.url}/api/v1/auth/authorize`, { redirect: 'manual' });
    const state = new URL(a.headers.get('location') as string, t.url).searchParams.get('state') as string;
    const cb = await fetch(`${t.url}/api/v1/auth/callback?code=alex&state=${state}`, { redirect: 'manual' });
    expect(cb.headers.get('location')).toBe(`${t.url}/?status=success`);
    const setCookie = cb.headers.get('set-cookie') as string;
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
    const forged = await fetch(`${t.url}/api/v1/auth/callback?code=alex&state=forged`, {
      redirect: 'manual',
    });
    expect(forged.headers.get('location')).toBe(`${t.url}/?status=error`);
    expect(forged.headers.get('set-cookie')).toBeNull();

    const a = await fetch(`${t.url}/api/v1/auth/authorize`, { redirect: 'manual' });
    const state = new URL(a.headers.get('location') as string, t.url).searchParams.get('state') as string;
    const first = await fetch(`${t.url}/api/v1/auth/callback?code=alex&state=${state}`, {
      redirect: 'manual',
    });
    expect(first.headers.get('location')).toBe(`${t.url}/?status=success`);
    const replay = await fetch(`${t.url}/api/v1/auth/callback?code=alex&state=${state}`, {
      redirect: 'manual',
    });
    expect(replay.headers.get('location')).toBe(`${t.url}/?status=error`);
  });

  it('refuses an unknown broker code and a state older than 10 minutes', async () => {
    const a = await fetch(`${t.url}/api/v1/auth/authorize`, { redirect: 'manual' });
    const state = new URL(a.headers.get('location') as string, t.url).searchParams.get('state') as string;
    const bad = await fetch(`${t.url}/api/v1/auth/callback?code=mallory&state=${state}`, {
      redirect: 'manual',
    });
    expect(bad.headers.get('location')).toBe(`${t.url}/?status=error`);

    const b = await fetch(`${t.url}/api/v1/auth/authorize`, { redirect: 'manual' });
    const old = new URL(b.headers.get('location') as string, t.url).searchParams.get('state') as string;
    t.clock.advance(11 * 60_000);
    const late = await fetch(`${t.url}/api/v1/auth/callback?code=alex&state=${old}`, { redirect: 'manual' });
    expect(late.headers.get('location')).toBe(`${t.url}/?status=error`);
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

  it('treats a made-up cookie as no session', async () => {
    const res = await clientFor(t.url, 'tt_session=not-a-session').json('GET', '/api/v1/tradeplans');
    expect(res).toEqual({ status: 401, body: { message: 'Authentication required' } });
  });
});
