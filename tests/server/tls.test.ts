import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** The server serving https itself (TLS_CERT/TLS_KEY), with a self-signed certificate made here. */
let t: TestServer;
let ca: Buffer;

beforeAll(async () => {
  t = await startTestServer({}, { tls: true });
  ca = readFileSync(t.config.tls?.certFile as string);
});
afterAll(() => t.stop());

function httpsCall(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>(
    (resolve, reject) => {
      const req = request(`${t.url}${path}`, { method, headers, ca }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('a server that serves https itself', () => {
  it('tells browsers to keep to https (Strict-Transport-Security)', async () => {
    for (const path of ['/healthz', '/api/v1/auth/status', '/']) {
      const res = await httpsCall('GET', path);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    }
  });

  it('accepts writes from its own https origin only, not the same host over http', async () => {
    const own = await httpsCall('POST', '/api/v1/auth/logout', { Origin: t.url });
    expect(own.status).toBe(204);
    const plain = await httpsCall('POST', '/api/v1/auth/logout', {
      Origin: t.url.replace('https:', 'http:'),
    });
    expect(plain.status).toBe(403);
  });

  it('names the session cookie __Host-tt_session (Secure, path /, this host only), and reads no other', async () => {
    const authorize = await httpsCall('GET', '/api/v1/auth/authorize');
    const oauth = (authorize.headers['set-cookie'] as string[])[0]?.split(';')[0] as string;
    const state = new URL(authorize.headers.location as string, t.url).searchParams.get('state');
    const callback = await httpsCall('GET', `/api/v1/auth/callback?code=alex&state=${state}`, {
      Cookie: oauth,
    });
    expect(callback.headers.location).toBe('/?status=success');
    const setCookie = (callback.headers['set-cookie'] as string[]).find((c) => c.includes('tt_session='));
    expect(setCookie).toMatch(/^__Host-tt_session=[\w-]{43};/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\/;/);
    expect(setCookie).not.toMatch(/Domain=/i);
    const session = (setCookie as string).split(';')[0] as string;
    expect((await httpsCall('GET', '/api/v1/auth/status', { Cookie: session })).status).toBe(200);
    // The same session under the plain name (as a page on another subdomain, or over http, could
    // set it) is no session here.
    const plain = session.replace('__Host-', '');
    expect((await httpsCall('GET', '/api/v1/auth/status', { Cookie: plain })).status).toBe(401);

    const logout = await httpsCall('POST', '/api/v1/auth/logout', { Cookie: session, Origin: t.url });
    expect(logout.status).toBe(204);
    expect((logout.headers['set-cookie'] as string[])[0]).toMatch(/^__Host-tt_session=;.*Max-Age=0.*Secure/);
    expect((await httpsCall('GET', '/api/v1/auth/status', { Cookie: session })).status).toBe(401);
  });
});
