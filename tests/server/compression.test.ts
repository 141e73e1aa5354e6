import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../src/server/http/compression.ts';
import { signedInServer } from './harness.ts';

const { t, alex } = signedInServer();

/** The answer as it crosses the wire: no client-side decoding. */
const raw = (path: string, acceptEncoding?: string) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${t.url}${path}`, {
        headers: { Cookie: alex.cookie, ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );

beforeAll(async () => {
  for (let i = 0; i < 30; i++) {
    await alex.json('POST', '/api/v1/tradeplans', {
      id: randomUUID(),
      stock: `Z${i}`,
      entryPrice: 50,
      stopLossPrice: 45,
    });
  }
});

describe('compressed answers', () => {
  it('answers brotli when accepted, and it decodes to the same JSON as the plain answer', async () => {
    const plain = await raw('/api/v1/tradeplans');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw('/api/v1/tradeplans', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
  });

  it('answers gzip when only gzip is accepted, errors included', async () => {
    const gz = await raw('/api/v1/tradeplans', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toHaveLength(30);
    const missing = await raw(`/api/v1/tradeplans/${randomUUID()}`, 'gzip');
    expect(missing.status).toBe(404);
    // Too small to gain: sent as it is.
    expect(JSON.parse(missing.body.toString())).toEqual({ message: 'Trade plan not found' });
  });

  it('reads Accept-Encoding as HTTP says: q=0 refuses, brotli preferred', () => {
    expect(preferredEncoding('gzip, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
