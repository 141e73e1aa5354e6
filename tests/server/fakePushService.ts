import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Resolve } from '../../src/server/alerts/publicAddress.ts';
import type { StartOptions } from '../../src/server/server.ts';
import { makeCertificate } from './certificate.ts';
import { type Client, type SignedInServer, signIn, startTestServer, type TestServer } from './harness.ts';

/** The push service's host name, which only the tests' resolver knows (`.test` is reserved, RFC 2606). */
export const PUSH_HOST = 'push.test';

/**
 * A local push service (RFC 8030) over https with a test certificate: it records every push, and
 * answers 201, or what a test set for an endpoint (410 for a subscription gone). The test's
 * "browser" side is here too: a subscription's keys, and the decryption of what was pushed
 * (RFC 8291, aes128gcm) and the check of its VAPID header (RFC 8292), with node:crypto only.
 */
export interface ReceivedPush {
  /** The endpoint's last path segment: which device. */
  device: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  at: number;
}

export interface FakePushService {
  /** `https://push.test:<port>`: what the subscriptions' endpoints begin with. */
  origin: string;
  /** `push.test:<port>`, for PUSH_SERVICE_HOSTS: that host on that port only. */
  hosts: string;
  /** Answers `push.test` with 127.0.0.1, where the service listens; no other name. */
  resolve: Resolve;
  /**
   * What a test server sends pushes with (StartOptions.alerts): an agent that trusts the
   * certificate, the resolver, and the loopback address allowed, as only a test may.
   */
  sending: Required<Pick<NonNullable<StartOptions['alerts']>, 'agent' | 'resolve' | 'pushToLoopback'>>;
  /** The certificate, for the server's https agent to trust. */
  ca: string;
  received: ReceivedPush[];
  /** The status to answer for a device (201 unless set). */
  answer: Map<string, number>;
  /** Statuses to answer a device's next pushes, one each, before `answer` (a passing fault). */
  next: Map<string, number[]>;
  /** Milliseconds to wait before answering a device (a slow push service). */
  delay: Map<string, number>;
  close(): Promise<void>;
}

export async function startFakePushService(
  dir: string = mkdtempSync(join(tmpdir(), 'tt-push-')),
): Promise<FakePushService> {
  const { certFile, keyFile } = makeCertificate(dir, [PUSH_HOST]);
  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const next = new Map<string, number[]>();
  const delay = new Map<string, number>();
  const server: Server = createServer(
    { cert: readFileSync(certFile), key: readFileSync(keyFile) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const device = (req.url ?? '').split('/').pop() ?? '';
        received.push({ device, headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
        const status = next.get(device)?.shift() ?? answer.get(device) ?? 201;
        setTimeout(() => {
          res.writeHead(status);
          res.end();
        }, delay.get(device) ?? 0);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const ca = readFileSync(certFile, 'utf8');
  const resolve: Resolve = async (hostname) => {
    if (hostname !== PUSH_HOST)
      throw Object.assign(new Error(`${hostname} is unknown`), { code: 'ENOTFOUND' });
    return [{ address: '127.0.0.1', family: 4 }];
  };
  return {
    origin: `https://${PUSH_HOST}:${port}`,
    hosts: `${PUSH_HOST}:${port}`,
    resolve,
    sending: { agent: new Agent({ ca }), resolve, pushToLoopback: true },
    ca,
    received,
    answer,
    next,
    delay,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's push subscription, with the private key it decrypts with. */
export interface TestSubscription {
  device: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ReturnType<typeof createECDH>;
}

export function testSubscription(origin: string, device = randomBytes(8).toString('hex')): TestSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    device,
    endpoint: `${origin}/push/${device}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    ecdh,
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 section 3.4 and RFC 8188: one aes128gcm record, decrypted as the browser would. */
export function decryptPush(body: Buffer, subscription: TestSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] as number;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverPublic = subscription.ecdh.getPublicKey();
  const ecdhSecret = subscription.ecdh.computeSecret(senderPublic);
  const auth = Buffer.from(subscription.keys.auth, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hmac(hmac(auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record's plaintext ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('Not the last record of a push');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`. Answers the JWT's claims once its
 * ES256 signature checks against `k` (and `k` is the server's public key).
 */
export function vapidClaims(
  authorization: string,
  publicKey: string,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`Not a VAPID header: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('Signed with another key');
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('Not ES256');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('The VAPID signature does not check');
  return JSON.parse(Buffer.from(claims, 'base64url').toString());
}

/**
 * A test file's server whose alerts go to this fake push service: both started before its tests,
 * with alex and sam signed in, and stopped after them. The watcher looks only when a test ticks
 * it (its interval is an hour); `alerts` adds to its options. Destructure at the top, as
 * `signedInServer`.
 */
export function signedInServerWithPush(
  alerts: Partial<NonNullable<StartOptions['alerts']>> = {},
): SignedInServer & { push: FakePushService } {
  const s = { t: {} as TestServer, alex: {} as Client, sam: {} as Client, push: {} as FakePushService };
  beforeAll(async () => {
    Object.assign(s.push, await startFakePushService());
    Object.assign(
      s.t,
      await startTestServer(
        { PUSH_SERVICE_HOSTS: s.push.hosts },
        { alerts: { everyMs: 3_600_000, ...s.push.sending, ...alerts } },
      ),
    );
    Object.assign(s.alex, await signIn(s.t.url, 'alex'));
    Object.assign(s.sam, await signIn(s.t.url, 'sam'));
  });
  afterAll(async () => {
    await s.t.stop?.();
    await s.push.close?.();
  });
  return s;
}
