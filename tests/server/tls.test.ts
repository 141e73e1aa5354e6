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
});
