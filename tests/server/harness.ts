import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Account, Execution, TradePlanDto } from '../../src/domain/types.ts';
import type { Broker } from '../../src/server/brokers/broker.ts';
import { loadConfig, type ServerConfig } from '../../src/server/config.ts';
import type { HeavyCalls } from '../../src/server/http/fairShare.ts';
import { type RunningServer, type StartOptions, startServer } from '../../src/server/server.ts';
import { makeCertificate } from './certificate.ts';

export interface TestServer {
  server: RunningServer;
  url: string;
  clock: { now: Date; advance(ms: number): void };
  config: ServerConfig;
  stop(): Promise<void>;
}

/**
 * A fresh database for one test file: PGlite in a temp folder, or, when TEST_DATABASE_URL names
 * a PostgreSQL server, a new database created on it (so the same suite runs on both engines).
 */
export async function freshDatabase(): Promise<{
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tt-test-'));
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const template = process.env.TT_PGLITE_TEMPLATE;
    if (template) cpSync(template, dataDir, { recursive: true });
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  // TEST_DATABASE_PREFIX: whose databases these are, on a server several people's suites share.
  const prefix = (process.env.TEST_DATABASE_PREFIX ?? '').replace(/[^a-z0-9_]/g, '_');
  const name = `${prefix}tt_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // A backend of another role can still be in the database for a moment (an autovacuum worker
      // of the new tables): FORCE may not end it, so try again briefly instead of failing the suite.
      for (let attempt = 1; ; attempt++) {
        try {
          await c.query(`drop database if exists ${name} with (force)`);
          break;
        } catch (error) {
          if (attempt === 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      }
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test server's configuration on a database of `freshDatabase`: loopback, a port of the
 * system's choosing, no built app; `env` adds or overrides settings. Two servers given the same
 * one share the database and DATA_DIR, as two processes do.
 */
export const testConfig = (
  db: { dataDir: string; databaseUrl?: string },
  env: Record<string, string> = {},
): ServerConfig => ({
  ...loadConfig({
    DATA_DIR: db.dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    STATIC_DIR: join(db.dataDir, 'no-app'),
    ...env,
  }),
  databaseUrl: db.databaseUrl,
});

export interface TestServerOptions {
  /** How often the order follower looks (an hour unless a test says so: tests call its tick). */
  orderFollowEveryMs?: number;
  /** Serve https with a self-signed certificate for 127.0.0.1 (TLS_CERT/TLS_KEY). */
  tls?: boolean;
  /** How often expired OAuth states and sessions are purged (the server's default otherwise). */
  purgeEveryMs?: number;
  /** Hears every statement the server sends to its database. */
  onQuery?: (query: string, params: unknown[]) => void;
  /** The traders' heavy calls, for a test to watch (src/server/http/fairShare.ts). */
  heavy?: HeavyCalls;
  /** Another broker than the configured one (a demo broker with a small budget). */
  broker?: Broker;
  /** The alert watcher's interval and the pushes' https agent (src/server/alerts/alertWatcher.ts). */
  alerts?: StartOptions['alerts'];
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const db = await freshDatabase();
  if (options.tls) {
    const { certFile, keyFile } = makeCertificate(db.dataDir);
    env = { TLS_CERT: certFile, TLS_KEY: keyFile, ...env };
  }
  const clock = {
    now: new Date('2026-11-20T15:30:00.000Z'),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const config = testConfig(db, env);
  const server = await startServer({
    config,
    now: () => clock.now,
    purgeEveryMs: options.purgeEveryMs,
    onQuery: options.onQuery,
    heavy: options.heavy,
    broker: options.broker,
    alerts: options.alerts,
    // Tests drive the order follower by its `tick`: a look of its own would take a read's turn.
    orderFollowEveryMs: options.orderFollowEveryMs ?? 3_600_000,
  });
  const url = `${config.tls ? 'https' : 'http'}://127.0.0.1:${server.port}`;
  return {
    server,
    url,
    clock,
    config,
    async stop() {
      await server.close();
      await db.drop();
    },
  };
}

export interface SignedInServer {
  t: TestServer;
  alex: Client;
  sam: Client;
}

/**
 * The usual test file's server: started before its tests with alex and sam signed in through
 * the demo broker, stopped after them. The three objects are filled in by that beforeAll, so
 * destructure them at the top and use them in tests and later hooks.
 */
export function signedInServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): SignedInServer {
  const s: SignedInServer = { t: {} as TestServer, alex: {} as Client, sam: {} as Client };
  beforeAll(async () => {
    Object.assign(s.t, await startTestServer(env, options));
    Object.assign(s.alex, await signIn(s.t.url, 'alex'));
    Object.assign(s.sam, await signIn(s.t.url, 'sam'));
  });
  afterAll(() => s.t.stop?.());
  return s;
}

export interface Client {
  cookie: string;
  call(method: string, path: string, body?: unknown, init?: RequestInit): Promise<Response>;
  json<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

/** Sends what a browser on the app's own origin sends: the cookie, Origin, JSON. */
export function clientFor(baseUrl: string, cookie = ''): Client {
  const client: Client = {
    cookie,
    call(method, path, body, init = {}) {
      const headers = new Headers(init.headers);
      if (client.cookie && !headers.has('Cookie')) headers.set('Cookie', client.cookie);
      if (!headers.has('Origin')) headers.set('Origin', baseUrl);
      let payload = init.body;
      if (body !== undefined) {
        headers.set('Content-Type', 'application/json');
        payload = JSON.stringify(body);
      }
      const send = () =>
        fetch(`${baseUrl}${path}`, { method, redirect: 'manual', ...init, headers, body: payload });
      // A kept-alive connection the server closes as idle just as a request goes out on it is reset
      // before the server reads anything (likelier while a test blocks the event loop seeding the
      // embedded database): that request is sent once more, on a new connection.
      return send().catch((error: unknown) => {
        if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET') return send();
        throw error;
      });
    },
    async json(method, path, body) {
      const res = await client.call(method, path, body);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
  };
  return client;
}

/**
 * Signs in through the demo broker's real redirect flow and returns a client with the cookie.
 * Like a browser, it keeps the oauth cookie from /authorize and sends it back to /callback.
 */
export async function signIn(baseUrl: string, trader: 'alex' | 'sam' = 'alex'): Promise<Client> {
  const authorize = await fetch(`${baseUrl}/api/v1/auth/authorize`, { redirect: 'manual' });
  const oauthCookie = cookieNamed(authorize, 'tt_oauth');
  const loginUrl = new URL(authorize.headers.get('location') as string, baseUrl);
  const page = await (await fetch(loginUrl)).text();
  const forms = [...page.matchAll(/<form method="get" action="([^"]+)">([\s\S]*?)<\/form>/g)];
  const form = forms.find((f) => (f[2] as string).includes(`value="${trader}"`));
  if (!form) throw new Error(`No sign-in form for ${trader}`);
  const fields = Object.fromEntries(
    [...(form[2] as string).matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  const action = new URL(form[1] as string, loginUrl);
  const callback = await fetch(`${action}?${new URLSearchParams(fields)}`, {
    redirect: 'manual',
    headers: { Cookie: oauthCookie },
  });
  if (callback.headers.get('location') !== '/?status=success') {
    throw new Error(`Sign-in failed: ${callback.headers.get('location')}`);
  }
  return clientFor(baseUrl, cookieNamed(callback, 'tt_session'));
}

/** `name=value` of a cookie the answer sets, as a browser would send it back. */
export function cookieNamed(res: Response, name: string): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!set) throw new Error(`No ${name} cookie in the answer (${res.status})`);
  return set.split(';')[0] as string;
}

/**
 * A fill recorded through the API an hour after the last (the test clock moves on an hour), at
 * the clock's time, answered 201: a journal written as a diary.
 */
export async function fillAnHourOn(
  t: TestServer,
  client: Client,
  accountId: string,
  symbol: string,
  side: 'Buy' | 'Sell',
  quantity: number,
  price: number,
): Promise<void> {
  t.clock.advance(3_600_000);
  const res = await client.json('POST', '/api/v1/executions', {
    accountId,
    symbol,
    side,
    quantity,
    price,
    executedAt: t.clock.now.toISOString(),
  });
  expect(res.status).toBe(201);
}

/** The trader's first account: the demo broker's Margin account. */
export const firstAccount = async (client: Client): Promise<Account> =>
  (await client.json<Account[]>('GET', '/api/v1/accounts')).body[0] as Account;

/**
 * A fill recorded by hand through the API and answered 201: a Buy a minute before the clock's
 * time unless `fill` says otherwise.
 */
export async function recordFill(
  t: TestServer,
  client: Client,
  fill: { accountId: string; symbol: string; quantity: number; price: number } & Record<string, unknown>,
): Promise<Execution> {
  const res = await client.json<Execution>('POST', '/api/v1/executions', {
    side: 'Buy',
    executedAt: new Date(t.clock.now.getTime() - 60_000).toISOString(),
    ...fill,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A plan made through the API (answered 201) and set Ready (answered 200): the plan as made. */
export async function createReadyPlan(client: Client, body: Record<string, unknown>): Promise<TradePlanDto> {
  const created = await client.json<TradePlanDto>('POST', '/api/v1/tradeplans', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const ready = await client.json('PUT', `/api/v1/tradeplans/${created.body.id}/status`, { status: 'Ready' });
  expect(ready.status, JSON.stringify(ready.body)).toBe(200);
  return created.body;
}
