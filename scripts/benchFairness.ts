/**
 * Fair sharing (issue 26, item 10): while one trader hammers the server with heavy calls, how long
 * does another trader wait? Sam's journal is grown to 10,000 plans and 5,000 fills by a restore;
 * then 8 loops of Sam's heavy calls run for 15 s, each sent again as soon as it is answered (a full
 * sync, a backup download, a restore of that journal, a damaged backup of the same size, an
 * import), while Alex asks `/auth/status` and a delta `/sync` every 100 ms each. Alex's figures
 * are measured quiet first, then under the hammering; the server's peak memory over the hammering
 * is read from /proc. On PGlite always; on PostgreSQL too when BENCH_DATABASE_URL names a server
 * (a database is created there for the run and dropped after). Loopback only, bounded in time.
 *
 * Heavy reads (issue 39, item 5), `benchHeavyReads`: the same journal, then 16 loops of Sam's
 * `GET /tradeplans` for 20 s while Alex, with a small journal, asks `/auth/status` and
 * `/tradeplans` every 100 ms each.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Backup } from '../src/domain/backup.ts';
import type { Account, SyncAnswer } from '../src/domain/types.ts';
import { largeJournal } from './benchBackup.ts';
import { quantile, report, signIn, startServer } from './benchServer.ts';

const HAMMERS = 8;
const HAMMER_MS = 15_000;
const QUIET_MS = 3_000;
/** Alex's pace: each of the two loops asks again this long after its last answer. */
const VICTIM_PAUSE_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `call` every VICTIM_PAUSE_MS until `until`; answers the sorted times in ms. */
async function victimLoop(until: () => boolean, call: () => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const start = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`victim: ${res.status} ${res.url}`);
    times.push(performance.now() - start);
    await sleep(VICTIM_PAUSE_MS);
  }
  return times.sort((a, b) => a - b);
}

const figures = (times: number[]) =>
  `p50 ${quantile(times, 0.5).toFixed(0)}, p95 ${quantile(times, 0.95).toFixed(0)}, max ${quantile(times, 1).toFixed(0)} ms (n ${times.length})`;

/** The server's resident memory at its peak since `resetPeak` (Linux /proc), in MB. */
const peakMb = (pid: number) => {
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return hwm ? Number(hwm[1]) / 1024 : Number.NaN;
};
const resetPeak = (pid: number) => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the peak then counts from the server's start.
  }
};

/** Signed-in request headers of a trader on `url`. */
const headersOf = (url: string, cookie: string) => ({
  Cookie: cookie,
  Origin: url,
  'Content-Type': 'application/json',
});

/**
 * Alex and Sam signed in; Sam's journal grown to 10,000 plans and 5,000 fills by one restore, whose
 * body is answered for the restores of the hammering; Alex has one plan.
 */
async function twoTraders(url: string) {
  const alexH = headersOf(url, await signIn(url, 'alex'));
  const samH = headersOf(url, await signIn(url, 'sam'));
  const accounts = (await (await fetch(`${url}/api/v1/accounts`, { headers: samH })).json()) as Account[];
  const base = (await (await fetch(`${url}/api/v1/backup`, { headers: samH })).json()) as Backup;
  const journal = largeJournal(base, accounts);
  const body = JSON.stringify(journal);
  const seeded = await fetch(`${url}/api/v1/backup`, { method: 'POST', headers: samH, body });
  if (!seeded.ok) throw new Error(`seeding restore: ${seeded.status} ${(await seeded.text()).slice(0, 200)}`);
  await seeded.arrayBuffer();
  await fetch(`${url}/api/v1/tradeplans`, {
    method: 'POST',
    headers: alexH,
    body: JSON.stringify({ stock: 'AAPL', entryPrice: 100, stopLossPrice: 95 }),
  });
  return { alexH, samH, journal, body };
}

/** Alex's two loops side by side for `ms`: the sorted times of each. */
async function victim<K extends string>(ms: number, calls: Record<K, () => Promise<Response>>) {
  const end = performance.now() + ms;
  const done = () => performance.now() >= end;
  const keys = Object.keys(calls) as K[];
  const times = await Promise.all(keys.map((k) => victimLoop(done, calls[k])));
  return Object.fromEntries(keys.map((k, i) => [k, times[i] as number[]])) as Record<K, number[]>;
}

/**
 * `loops` loops of Sam's `heavy` calls until `ms` have passed, each sent again as soon as it is
 * answered (a script, not the app: a 429's Retry-After is not waited for); answers the tally of
 * answers by call and status.
 */
async function hammer(loops: number, ms: number, heavy: [string, () => Promise<Response>][]) {
  const answered = new Map<string, number>();
  const count = (key: string) => answered.set(key, (answered.get(key) ?? 0) + 1);
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: loops }, async (_, worker) => {
      for (let i = worker; performance.now() < end; i++) {
        const [name, call] = heavy[i % heavy.length] as (typeof heavy)[number];
        try {
          const res = await call();
          await res.arrayBuffer();
          count(`${name} ${res.status}`);
        } catch {
          // A refused upload may be cut off before it is sent whole: that is an answer too.
          count(`${name} cut off`);
        }
      }
    }),
  );
  return [...answered].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${n}`);
}

/** A fresh server on the engine `env` names, for `run`; stopped and its folder removed after. */
async function onServer(env: Record<string, string>, run: (url: string, pid: number) => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tt-bench-fair-'));
  const server = await startServer(dataDir, env);
  try {
    await run(server.url, server.pid);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function heavyCalls(engine: string, env: Record<string, string>): Promise<void> {
  await onServer(env, async (url, pid) => {
    const { alexH, samH, journal, body } = await twoTraders(url);
    const last = journal.tradePlans.at(-1);
    const damaged = JSON.stringify({
      ...journal,
      tradePlans: [...journal.tradePlans.slice(0, -1), { ...last, stopLossPrice: 1_000 }],
    });
    // Alex synced once, so the loop's /sync is a delta.
    const { cursor } = (await (await fetch(`${url}/api/v1/sync`, { headers: alexH })).json()) as SyncAnswer;
    const alex = {
      status: () => fetch(`${url}/api/v1/auth/status`, { headers: alexH }),
      sync: () => fetch(`${url}/api/v1/sync?since=${cursor}`, { headers: alexH }),
    };

    console.log(
      `\nFair sharing on ${engine}: Sam hammers (${HAMMERS} heavy calls at once for ${HAMMER_MS / 1000} s)`,
    );
    const quiet = await victim(QUIET_MS, alex);
    report(`  Alex GET /auth/status, quiet`, figures(quiet.status));
    report(`  Alex GET /sync (delta), quiet`, figures(quiet.sync));

    resetPeak(pid);
    const [loaded, tally] = await Promise.all([
      victim(HAMMER_MS, alex),
      hammer(HAMMERS, HAMMER_MS, [
        ['full sync', () => fetch(`${url}/api/v1/sync`, { headers: samH })],
        ['backup', () => fetch(`${url}/api/v1/backup`, { headers: samH })],
        ['restore', () => fetch(`${url}/api/v1/backup`, { method: 'POST', headers: samH, body })],
        [
          'damaged restore',
          () => fetch(`${url}/api/v1/backup`, { method: 'POST', headers: samH, body: damaged }),
        ],
        ['import', () => fetch(`${url}/api/v1/trades/import`, { method: 'POST', headers: samH })],
      ]),
    ]);
    const peak = peakMb(pid);
    report(`  Alex GET /auth/status, Sam hammering`, figures(loaded.status), 'p95 < 250 ms');
    report(`  Alex GET /sync (delta), Sam hammering`, figures(loaded.sync), 'p95 < 500 ms');
    report(`  server peak memory while hammered`, `${peak.toFixed(0)} MB`);
    console.log(`  Sam's answers: ${tally.join(', ')}`);
  });
}

const READERS = 16;
const READ_MS = 20_000;

/**
 * Issue 39, item 5: 16 loops of Sam's `GET /tradeplans` of 10,000 plans for 20 s; Alex's
 * `/auth/status` and `/tradeplans` (one plan) quiet, then meanwhile.
 */
async function heavyReads(engine: string, env: Record<string, string>): Promise<void> {
  await onServer(env, async (url, pid) => {
    const { alexH, samH } = await twoTraders(url);
    const alex = {
      status: () => fetch(`${url}/api/v1/auth/status`, { headers: alexH }),
      plans: () => fetch(`${url}/api/v1/tradeplans`, { headers: alexH }),
    };
    console.log(
      `\nHeavy reads on ${engine}: Sam reads ${READERS} lists of 10,000 plans at once for ${READ_MS / 1000} s`,
    );
    const quiet = await victim(QUIET_MS, alex);
    report(`  Alex GET /auth/status, quiet`, figures(quiet.status));
    report(`  Alex GET /tradeplans, quiet`, figures(quiet.plans));
    resetPeak(pid);
    const [loaded, tally] = await Promise.all([
      victim(READ_MS, alex),
      hammer(READERS, READ_MS, [
        ['GET /tradeplans', () => fetch(`${url}/api/v1/tradeplans`, { headers: samH })],
      ]),
    ]);
    const peak = peakMb(pid);
    report(`  Alex GET /auth/status, Sam reading`, figures(loaded.status), 'p95 < 250 ms');
    report(`  Alex GET /tradeplans, Sam reading`, figures(loaded.plans), 'p95 < 250 ms');
    report(`  server peak memory while read`, `${peak.toFixed(0)} MB`);
    console.log(`  Sam's answers: ${tally.join(', ')}`);
  });
}

/** Runs `scenario` on PGlite, then on PostgreSQL when BENCH_DATABASE_URL is set. */
async function onEngines(
  scenario: (engine: string, env: Record<string, string>) => Promise<void>,
): Promise<void> {
  await scenario('PGlite', {});
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    console.log(
      '  (PostgreSQL: set BENCH_DATABASE_URL=postgres://user:password@127.0.0.1:5432/postgres to measure it too)',
    );
    return;
  }
  const name = `tt_bench_fair_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    await scenario('PostgreSQL', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The section: Sam's heavy calls, then Sam's heavy reads. */
export async function benchFairness(): Promise<void> {
  await onEngines(heavyCalls);
  await benchHeavyReads();
}

/** Sam's heavy reads alone (`--heavy-reads-only`). */
export const benchHeavyReads = () => onEngines(heavyReads);

// Run alone: `npx tsx scripts/benchFairness.ts` (or `npm run bench -- --fairness-only`).
if (process.argv[1]?.endsWith('benchFairness.ts')) await benchFairness();
