import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { reportApiReachable } from '../../src/client/sync/connectivity.ts';
import { ownCacheBy, resetCache } from './fixtures.ts';

/**
 * A stand-in for the API on loopback (from the client's side it is an outside service): answers
 * from a route table, records every request in order, and can be switched off (unreachable),
 * slowed down, or made to do the work and lose the answer.
 */
export interface FakeApi {
  /** Every request that reached the API: "POST /api/v1/edges" and its JSON body. */
  received: { key: string; body: unknown }[];
  /** The headers of each of `received`, in the same order (an order's Idempotency-Key). */
  receivedHeaders: IncomingMessage['headers'][];
  /** Answers by "METHOD /api/v1/path?query", else "METHOD /api/v1/path"; anything else gets `fallback`. */
  routes: Record<
    string,
    { status: number; body?: unknown; delayMs?: number; headers?: Record<string, string> }
  >;
  fallback: { status: number; body?: unknown };
  unreachable: boolean;
  /** Milliseconds every answer waits. */
  delayMs: number;
  /** The next request is recorded (the work is done) but its connection is cut. */
  dropNextAnswer: boolean;
  reset(): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    // A statement import's body is the file's text; every other body is JSON.
    const json = !/^text\//.test(req.headers['content-type'] ?? '');
    req.on('end', () => resolve(text ? (json ? JSON.parse(text) : text) : undefined));
  });

/**
 * Starts the fake and points the app's API base URL at it. Import the client modules after this
 * (they read the base URL when they load).
 */
export async function startFakeApi(): Promise<FakeApi> {
  const { api, listen } = fakeApi();
  await listen();
  return api;
}

/**
 * The fake API of a test file, and the cache each test starts from. Call it at the top of the file:
 * its hooks run ahead of the file's own, so the client modules the file imports in its beforeAll
 * read the fake's address. Before each test the fake is reset, the app counts the API reachable
 * (unless `reachable` is false) and the cache is empty, claimed by `owner` (null: by no one).
 */
export function withFakeApi({
  owner = 'alex' as string | null,
  reachable = true,
}: {
  owner?: string | null;
  reachable?: boolean;
} = {}): FakeApi {
  const { api, listen } = fakeApi();
  beforeAll(listen);
  afterAll(() => api.close());
  beforeEach(async () => {
    api.reset();
    if (reachable) reportApiReachable(true);
    await resetCache();
    if (owner !== null) await ownCacheBy(owner);
  });
  return api;
}

function fakeApi(): { api: FakeApi; listen(): Promise<void> } {
  const api: FakeApi = {
    received: [],
    receivedHeaders: [],
    routes: {},
    fallback: { status: 404, body: { message: 'Not found' } },
    unreachable: false,
    delayMs: 0,
    dropNextAnswer: false,
    reset() {
      Object.assign(api, {
        received: [],
        receivedHeaders: [],
        routes: {},
        unreachable: false,
        delayMs: 0,
        dropNextAnswer: false,
      });
      api.fallback = { status: 404, body: { message: 'Not found' } };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer(async (req, res) => {
    if (api.unreachable) return req.socket.destroy();
    const key = `${req.method} ${req.url}`;
    api.receivedHeaders.push(req.headers);
    api.received.push({ key, body: await readBody(req) });
    // A route named without its query answers every query (the sync's cursor changes each time).
    const route = api.routes[key] ?? api.routes[key.split('?')[0] as string] ?? api.fallback;
    const wait = (route as { delayMs?: number }).delayMs ?? api.delayMs;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (api.dropNextAnswer) {
      api.dropNextAnswer = false;
      return req.socket.destroy();
    }
    res.writeHead(route.status, {
      'Content-Type': 'application/json',
      ...((route as { headers?: Record<string, string> }).headers ?? {}),
    });
    res.end(route.body === undefined ? undefined : JSON.stringify(route.body));
  });
  const listen = async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    vi.stubEnv('VITE_API_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  };
  return { api, listen };
}
