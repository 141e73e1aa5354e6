/**
 * `npm run bench`: the budgets of DEVELOPERS.md, measured, never asserted in the test suite.
 *
 * 1. Initial JavaScript of the built app (the entry script and its modulepreloads), gzip.
 * 2. API latency on the embedded database: a signed-in trader with 200 plans, p50/p95/max of
 *    GET /api/v1/tradeplans and POST /api/v1/tradeplans at 8 concurrent requests.
 * 3. Lighthouse 12.8.2 (mobile, the default) on the signed-in Dashboard, when `--lighthouse` is
 *    given (it is fetched with npx: not a dependency of the project).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchBackup } from './benchBackup.ts';

const root = join(import.meta.dirname, '..');
const INITIAL_JS_BUDGET_KB = 115;

function initialJsKb(): { files: string[]; kb: number } {
  const html = readFileSync(join(root, 'dist/index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1] as string);
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(root, 'dist', f))).length, 0);
  return { files, kb: bytes / 1024 };
}

async function startServer(dataDir: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+) /.exec(out);
      if (m?.[1]) resolve(m[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

/** `name=value` of a cookie an answer sets, as a browser sends it back. */
const cookieOf = (res: Response, name: string) =>
  (res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? '').split(';')[0] as string;

/** Signs in as a browser does: the sign-in cookie set by authorize goes back with the callback. */
async function signIn(url: string): Promise<string> {
  const authorize = await fetch(`${url}/api/v1/auth/authorize`, { redirect: 'manual' });
  const state = new URL(authorize.headers.get('location') as string, url).searchParams.get('state');
  const callback = await fetch(`${url}/api/v1/auth/callback?code=alex&state=${state}`, {
    redirect: 'manual',
    headers: { Cookie: cookieOf(authorize, 'tt_oauth') },
  });
  return cookieOf(callback, 'tt_session');
}

async function measure(
  label: string,
  count: number,
  concurrency: number,
  call: (i: number) => Promise<Response>,
) {
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
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    (times[Math.min(times.length - 1, Math.floor(q * times.length))] as number).toFixed(1);
  console.log(
    `${label.padEnd(38)} n=${count} c=${concurrency}  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${at(1)} ms`,
  );
}

execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
const js = initialJsKb();
console.log(
  `Initial JS: ${js.kb.toFixed(1)} KB gzip (budget ${INITIAL_JS_BUDGET_KB} KB) — ${js.files.join(', ')}`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'tt-bench-'));
const server = await startServer(dataDir);
try {
  const cookie = await signIn(server.url);
  const headers = { Cookie: cookie, Origin: server.url, 'Content-Type': 'application/json' };
  const plan = (i: number) =>
    JSON.stringify({
      id: randomUUID(),
      stock: `B${i.toString(36).toUpperCase()}`,
      entryPrice: 100,
      stopLossPrice: 95,
    });
  await measure('POST /api/v1/tradeplans (PGlite)', 200, 8, (i) =>
    fetch(`${server.url}/api/v1/tradeplans`, { method: 'POST', headers, body: plan(i) }),
  );
  await measure('GET /api/v1/tradeplans, 200 plans', 200, 8, () =>
    fetch(`${server.url}/api/v1/tradeplans`, { headers }),
  );
  await measure('GET /api/v1/accounts', 200, 8, () => fetch(`${server.url}/api/v1/accounts`, { headers }));
  await benchBackup(server.url);

  if (process.argv.includes('--lighthouse')) {
    const report = join(dataDir, 'lighthouse.json');
    execFileSync(
      'npx',
      [
        '-y',
        'lighthouse@12.8.2',
        `${server.url}/?status=success`,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility,best-practices',
        `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      },
    );
    const { categories, audits } = JSON.parse(readFileSync(report, 'utf8'));
    const score = (k: string) => Math.round(categories[k].score * 100);
    console.log(
      `Lighthouse mobile (Dashboard): performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}`,
    );
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]) {
      console.log(`  ${audits[id].title}: ${audits[id].displayValue}`);
    }
  }
} finally {
  server.stop();
  if (process.env.BENCH_KEEP) console.log(`Kept ${dataDir}`);
  else setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 2000);
}
