/** What the bench's sections share: the server as `npm start` runs it, a sign-in, timings. */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');

export interface BenchServer {
  url: string;
  /** The server process's id (its memory is read from /proc). */
  pid: number;
  /** Resolves once the process has exited (its PGlite folder is then free). */
  stop(): Promise<void>;
}

/**
 * `npm start`'s server on a free loopback port; `env` adds to the environment (DATABASE_URL);
 * `cwd`, another checkout's server (an earlier commit's, to compare).
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  cwd = root,
): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+) /.exec(out);
      if (m?.[1]) resolve(m[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return {
    url,
    pid: child.pid as number,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `name=value` of a cookie an answer sets, as a browser sends it back. */
const cookieOf = (res: Response, name: string) =>
  (res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? '').split(';')[0] as string;

/** Signs in as a browser does: the sign-in cookie set by authorize goes back with the callback. */
export async function signIn(url: string, trader: 'alex' | 'sam' = 'alex'): Promise<string> {
  const authorize = await fetch(`${url}/api/v1/auth/authorize`, { redirect: 'manual' });
  const state = new URL(authorize.headers.get('location') as string, url).searchParams.get('state');
  const callback = await fetch(`${url}/api/v1/auth/callback?code=${trader}&state=${state}`, {
    redirect: 'manual',
    headers: { Cookie: cookieOf(authorize, 'tt_oauth') },
  });
  return cookieOf(callback, 'tt_session');
}

/** The `q` quantile of sorted times; 0 when there are none. */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Runs `call` `count` times, `concurrency` at once; answers the sorted times in ms. */
export async function measure(
  label: string,
  count: number,
  concurrency: number,
  call: (i: number) => Promise<Response>,
): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const start = performance.now();
        const res = await call(i);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${label}: ${res.status}`);
        times.push(performance.now() - start);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

/** One line of figures with its goal beside it: `label  value  (goal …)`. */
export function report(label: string, value: string, goal?: string): void {
  console.log(`${label.padEnd(46)} ${value.padStart(12)}${goal ? `   goal ${goal}` : ''}`);
}

/** Bytes an answer takes on the wire (headers roughly, body as sent), gzip and brotli accepted. */
export const wireBytes = (url: string, cookie: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(url, { headers: { Cookie: cookie, 'Accept-Encoding': 'gzip, deflate, br' } });
    req.on('response', (res) => {
      let bytes = JSON.stringify(res.headers).length;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
    });
    req.on('error', reject);
    req.end();
  });
