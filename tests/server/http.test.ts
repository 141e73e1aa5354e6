import { mkdirSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { basename, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_HEADINGS, PAGE_SLOT } from '../../src/domain/pages.ts';
import type { Edge } from '../../src/domain/types.ts';
import { signedInServer } from './harness.ts';

const { t, alex } = signedInServer();
beforeAll(async () => {
  // A stand-in build of the PWA in the static folder.
  mkdirSync(join(t.config.staticDir, 'assets'), { recursive: true });
  writeFileSync(
    join(t.config.staticDir, 'index.html'),
    `<!doctype html><title>Trade Tracker</title><main>${PAGE_SLOT}</main>${' '.repeat(2000)}`,
  );
  writeFileSync(
    join(t.config.staticDir, 'assets', 'index-abc123.js'),
    `console.log("app");${'//'.repeat(1000)}`,
  );
  writeFileSync(join(t.config.staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
});

/** fetch always decompresses; this reads the bytes as they came over the wire. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

const edgeCount = async () => (await alex.json<Edge[]>('GET', '/api/v1/edges')).body.length;

describe('bad input is a clear 4xx and writes nothing', () => {
  it.each([
    ['malformed JSON', '{"name": ', 400, 'Request body is not valid JSON'],
    ['a JSON array', '[1,2]', 400, 'Request body must be a JSON object'],
    ['a JSON string', '"edge"', 400, 'Request body must be a JSON object'],
    ['no body', '', 400, 'Request body must be a JSON object'],
    [
      'Infinity as a number (not JSON)',
      '{"name":"A","description":"d","identificationNotes":"n","weightFactor":Infinity}',
      400,
      'Request body is not valid JSON',
    ],
    [
      'a numeric string',
      '{"name":"A","description":"d","identificationNotes":"n","weightFactor":"0.5"}',
      400,
      'Must be a number',
    ],
  ])('%s', async (_label, raw, status, message) => {
    const before = await edgeCount();
    const res = await alex.call('POST', '/api/v1/edges', undefined, {
      body: raw,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toBe(message);
    expect(await edgeCount()).toBe(before);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const before = await edgeCount();
    const huge = JSON.stringify({
      name: 'Big',
      description: 'x'.repeat(1024 * 1024),
      identificationNotes: 'n',
      weightFactor: 0.5,
    });
    const res = await alex.call('POST', '/api/v1/edges', undefined, {
      body: huge,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body is larger than 1 MB' });
    expect(await edgeCount()).toBe(before);
  });
});

describe('cross-site requests', () => {
  const edge = { name: 'CSRF', description: 'd', identificationNotes: 'n', weightFactor: 0.5 };

  it.each([
    ['another site', 'https://evil.example'],
    ['no Origin at all', ''],
  ])('refuses a state-changing call from %s with 403', async (_label, origin) => {
    const before = await edgeCount();
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Cookie: alex.cookie };
    const res = await fetch(`${t.url}/api/v1/edges`, {
      method: 'POST',
      body: JSON.stringify(edge),
      headers: origin ? { ...headers, Origin: origin } : headers,
    });
    expect(res.status).toBe(403);
    expect(await edgeCount()).toBe(before);
  });

  it.each([
    ['https on this http server', (url: string) => url.replace('http:', 'https:')],
    ['another port of this host', (url: string) => url.replace(/:\d+$/, ':1')],
    ['another host name for it', (url: string) => url.replace('127.0.0.1', 'localhost')],
  ])('refuses an Origin that differs only in scheme, port or host: %s', async (_label, originOf) => {
    const before = await edgeCount();
    const res = await alex.call('POST', '/api/v1/edges', edge, { headers: { Origin: originOf(t.url) } });
    expect(res.status).toBe(403);
    expect(await edgeCount()).toBe(before);
  });

  it('accepts its own origin', async () => {
    const res = await alex.call('POST', '/api/v1/edges', { ...edge, name: 'Own origin' });
    expect(res.status).toBe(201);
  });

  it('allows reads without Origin', async () => {
    const res = await fetch(`${t.url}/api/v1/edges`, { headers: { Cookie: alex.cookie } });
    expect(res.status).toBe(200);
  });
});

describe('headers and the served app', () => {
  it('puts security headers on every answer', async () => {
    for (const path of ['/api/v1/edges', '/', '/api/v1/nope']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
    }
  });

  it('sends no Strict-Transport-Security over plain http', async () => {
    for (const path of ['/healthz', '/api/v1/edges', '/']) {
      expect((await fetch(`${t.url}${path}`)).headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('serves app routes with index.html, compressed (gzip or brotli), never cached', async () => {
    for (const route of ['/', '/dashboard', '/trade-plans', '/error']) {
      const res = await fetch(`${t.url}${route}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const raw = await rawGet(`${t.url}/dashboard`, { 'Accept-Encoding': 'gzip' });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toContain('<title>Trade Tracker</title>');
    const br = await rawGet(`${t.url}/dashboard`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('<title>Trade Tracker</title>');
  });

  it("writes the page's heading into the frame's slot, so it paints before the script runs", async () => {
    const html = async (path: string) => (await fetch(`${t.url}${path}`)).text();
    const plans = await html('/trade-plans');
    expect(plans).toContain(
      `<h1>Trade Plans</h1><p>${PAGE_HEADINGS['/trade-plans'].subtitle}</p></hgroup></div><div class="skeleton"`,
    );
    expect(plans).not.toContain(PAGE_SLOT);
    // The landing opens the Dashboard; the cached copy keeps the slot empty, whatever the query.
    for (const path of ['/', '/?status=success']) expect(await html(path)).toContain('<h1>Dashboard</h1>');
    expect(await html('/index.html')).toContain(PAGE_SLOT);
    // A path that is no page (the error page, a made-up one) keeps the slot: no heading, no echo.
    for (const path of ['/error', '/%3Ch1%3Eevil']) {
      const body = await html(path);
      expect(body).toContain(PAGE_SLOT);
      expect(body).not.toContain('<h1>');
    }
  });

  it('caches hashed assets for a year and the service worker not at all', async () => {
    const asset = await fetch(`${t.url}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    const sw = await fetch(`${t.url}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${t.url}/assets/missing.js`)).status).toBe(404);
  });

  it('never answers /api with the app', async () => {
    const res = await fetch(`${t.url}/api/v1/unknown`, { headers: { Cookie: alex.cookie } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it("serves nothing from a sibling folder whose name starts with the static folder's", async () => {
    const sibling = `${t.config.staticDir}-private`;
    mkdirSync(sibling, { recursive: true });
    writeFileSync(join(sibling, 'secret.txt'), 'not for the web');
    const name = basename(sibling);
    for (const path of [
      `/..%2f${name}%2fsecret.txt`,
      `/..%2F${name}%2Fsecret.txt`,
      `/%2e%2e%2f${name}%2fsecret.txt`,
    ]) {
      const res = await rawGet(`${t.url}${path}`, {});
      expect(res.status).toBe(404);
      expect(res.body.toString()).not.toContain('not for the web');
    }
  });

  it.each(['/%C0', '/assets/%FF.js', '/%E0%A4%A'])(
    'answers malformed percent-encoding (%s) with 400, not 500',
    async (path) => {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Malformed URL' });
    },
  );

  it('reports health for load balancers', async () => {
    expect(await (await fetch(`${t.url}/healthz`)).json()).toEqual({ status: 'ok' });
  });
});
