/**
 * The server under many traders (issue 31, "The server"): N simulated traders, each with their own
 * user, session and journal (100 plans, 200 fills) seeded straight into the database the way the
 * server stores them (users, encrypted broker tokens of a demo trader's paper accounts, hashed
 * session ids), each doing what the app does at its own random phase: a delta `/sync` every 30 s
 * with the cursor the last answer gave, a write (create or update a plan) every minute, a `/stats`
 * read every 5 minutes and a quote poll of its Ready plans' stocks every 15 s. Against 2 API
 * processes on one PostgreSQL 15 database (traders spread over them), and against 1 process on
 * PGlite. Loopback only; every loop ends at its window's end and each call times out.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { createAccountRepository } from '../src/server/accounts/accountRepository.ts';
import { SESSION_DAYS } from '../src/server/auth/sessionStore.ts';
import { createTokenCipher } from '../src/server/auth/tokenCipher.ts';
import { hashToken, randomToken } from '../src/server/auth/tokens.ts';
import { DEMO_TRADERS } from '../src/server/brokers/demo/demoTraders.ts';
import { type Database, openDatabase } from '../src/server/db/database.ts';
import {
  accountSettings,
  brokerTokens,
  executions,
  sessions,
  tradePlans,
  users,
} from '../src/server/db/schema.ts';
import { uuidv7 } from '../src/server/db/uuidv7.ts';
import { benchFill, benchPlan } from './benchScale.ts';
import { quantile, report, startServer } from './benchServer.ts';

const PLANS = 100;
const FILLS = 200;
/** What the app does, every so often (docs/product.md): the four calls of a trader on screen. */
const KINDS = {
  sync: 30_000,
  write: 60_000,
  stats: 300_000,
  quotes: 15_000,
} as const;
type Kind = keyof typeof KINDS;
const CALL_TIMEOUT_MS = 10_000;
/** Full syncs at once while the traders first open the app (not measured in the window). */
const WARM_AT_ONCE = 8;
const P95_GOAL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Trader {
  index: number;
  cookie: string;
  /** Its own client address: X-Forwarded-For, trusted from loopback (TRUSTED_PROXY). */
  address: string;
  url: string;
  planIds: string[];
  readyStocks: string[];
  cursor?: string;
  cycle?: string;
  writes: number;
}

/** Seeds `count` traders after `from`, each its own user, session and journal; answers their cookies. */
async function seedTraders(db: Database, dataKey: Buffer, from: number, count: number) {
  const cipher = createTokenCipher(dataKey);
  const now = new Date();
  const seeded: Omit<Trader, 'url' | 'address' | 'writes'>[] = [];
  for (let start = from; start < from + count; start += 100) {
    const batch = Array.from({ length: Math.min(100, from + count - start) }, (_, k) => start + k);
    const people = batch.map((index) => ({
      index,
      id: uuidv7(now.getTime()),
      demo: DEMO_TRADERS[index % DEMO_TRADERS.length] as (typeof DEMO_TRADERS)[number],
      session: randomToken(),
    }));
    await db.insert(users).values(
      people.map((p) => ({
        id: p.id,
        broker: 'demo',
        brokerUserId: `load-${p.index}`,
        displayName: `Load trader ${p.index}`,
        createdAt: now,
      })),
    );
    // The demo broker knows two paper traders: each simulated user signs in as one of them.
    await db.insert(brokerTokens).values(
      people.map((p) => ({
        userId: p.id,
        data: cipher.encrypt(
          JSON.stringify({
            accessToken: `demo:${p.demo.id}`,
            refreshToken: null,
            accessExpiresAt: null,
            refreshExpiresAt: null,
          }),
          p.id,
        ),
        refreshExpiresAt: null,
        updatedAt: now,
      })),
    );
    await db.insert(sessions).values(
      people.map((p) => ({
        idHash: hashToken(p.session),
        userId: p.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
      })),
    );
    const accountRepository = createAccountRepository(db, () => now);
    for (const p of people) await accountRepository.addDefaultSettings(p.id, p.demo.accounts);
    const accounts = await db
      .select({ id: accountSettings.id, userId: accountSettings.userId })
      .from(accountSettings)
      .where(
        inArray(
          accountSettings.userId,
          people.map((p) => p.id),
        ),
      );
    const accountOf = new Map(accounts.map((a) => [a.userId, a.id]));
    const at = new Date('2026-01-02T15:00:00Z');
    const planRows = people.flatMap((p) =>
      Array.from({ length: PLANS }, (_, i) => benchPlan(i, { userId: p.id, at })),
    );
    const fillRows = people.flatMap((p) =>
      Array.from({ length: FILLS }, (_, i) =>
        benchFill(i, { userId: p.id, accountId: accountOf.get(p.id) as string, symbols: 20, at }),
      ),
    );
    for (let i = 0; i < planRows.length; i += 1000)
      await db.insert(tradePlans).values(planRows.slice(i, i + 1000));
    for (let i = 0; i < fillRows.length; i += 1000)
      await db.insert(executions).values(fillRows.slice(i, i + 1000));
    for (const p of people) {
      const own = planRows.filter((r) => r.userId === p.id);
      seeded.push({
        index: p.index,
        cookie: `tt_session=${p.session}`,
        planIds: own.map((r) => r.id),
        readyStocks: own.filter((r) => r.status === 'Ready').map((r) => r.stock),
      });
    }
  }
  return seeded;
}

/** CPU seconds a process has used (Linux /proc; 100 ticks a second). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** CPU seconds of every PostgreSQL process on the machine (other databases' too, when shared). */
const postgresSeconds = () => {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') sum += cpuSeconds(Number(pid));
    } catch {
      // Gone meanwhile.
    }
  }
  return sum;
};
/** The whole machine's busy and total CPU ticks (/proc/stat). */
const machineTicks = () => {
  const [, ...values] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string).trim().split(/\s+/);
  const ticks = values.map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
};

interface Outcome {
  times: Map<Kind, number[]>;
  errors: Map<string, number>;
}

/** One call of a trader; its time is counted only when it ends within the window. */
async function call(trader: Trader, kind: Kind, outcome: Outcome): Promise<void> {
  const headers: Record<string, string> = {
    Cookie: trader.cookie,
    Origin: trader.url,
    'X-Forwarded-For': trader.address,
    'Content-Type': 'application/json',
  };
  const api = `${trader.url}/api/v1`;
  let request: Promise<Response>;
  if (kind === 'sync') {
    const query = new URLSearchParams({ since: trader.cursor ?? '', cycle: trader.cycle ?? '' });
    request = fetch(`${api}/sync?${query}`, { headers, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } else if (kind === 'write') {
    const n = trader.writes++;
    // Alternately a new plan and an edit of one of its own.
    request =
      n % 2 === 0
        ? fetch(`${api}/tradeplans`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              id: randomUUID(),
              stock: `N${n.toString(36).toUpperCase()}`,
              entryPrice: 50,
              stopLossPrice: 48,
            }),
            signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
          })
        : fetch(`${api}/tradeplans/${trader.planIds[n % trader.planIds.length]}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ notes: `Edited ${n}` }),
            signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
          });
  } else if (kind === 'stats') {
    request = fetch(`${api}/stats?by=setup`, { headers, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } else {
    const symbols = trader.readyStocks.join(',');
    request = fetch(`${api}/quotes?symbols=${symbols}`, {
      headers,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  }
  const start = performance.now();
  try {
    const res = await request;
    const text = await res.text();
    const ms = performance.now() - start;
    if (!res.ok) {
      const key = `${kind} ${res.status}`;
      outcome.errors.set(key, (outcome.errors.get(key) ?? 0) + 1);
      return;
    }
    if (kind === 'sync') {
      const answer = JSON.parse(text) as { cursor: string; marketCycle?: { timestamp: string } };
      trader.cursor = answer.cursor;
      if (answer.marketCycle) trader.cycle = answer.marketCycle.timestamp;
    }
    outcome.times.get(kind)?.push(ms);
  } catch (error) {
    const key = `${kind} ${(error as Error).name}`;
    outcome.errors.set(key, (outcome.errors.get(key) ?? 0) + 1);
  }
}

/** Each trader's first sync (everything), a few at once: what the window's delta syncs start from. */
async function firstSyncs(traders: Trader[]): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: WARM_AT_ONCE }, async () => {
      while (next < traders.length) {
        const trader = traders[next++] as Trader;
        const start = performance.now();
        const res = await fetch(`${trader.url}/api/v1/sync`, {
          headers: { Cookie: trader.cookie, 'X-Forwarded-For': trader.address },
          signal: AbortSignal.timeout(60_000),
        });
        const answer = (await res.json()) as { cursor: string; marketCycle?: { timestamp: string } };
        if (!res.ok) throw new Error(`first sync: ${res.status}`);
        trader.cursor = answer.cursor;
        trader.cycle = answer.marketCycle?.timestamp;
        times.push(performance.now() - start);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

const figures = (times: number[]) =>
  times.length === 0
    ? 'none'
    : `p50 ${quantile(times, 0.5).toFixed(0)}, p95 ${quantile(times, 0.95).toFixed(0)}, max ${quantile(times, 1).toFixed(0)} ms (n ${times.length})`;

/** Runs the traders for `seconds`, each call at its own phase; prints the figures, answers the overall p95. */
async function runWindow(
  traders: Trader[],
  seconds: number,
  serverPids: number[],
  onPostgres: boolean,
): Promise<number> {
  const outcome: Outcome = {
    times: new Map(Object.keys(KINDS).map((k) => [k as Kind, []])),
    errors: new Map(),
  };
  const end = performance.now() + seconds * 1000;
  const cpu0 = process.cpuUsage();
  const servers0 = serverPids.map(cpuSeconds);
  const postgres0 = postgresSeconds();
  const machine0 = machineTicks();
  const wall0 = performance.now();
  const loops = traders.flatMap((trader) =>
    (Object.entries(KINDS) as [Kind, number][]).map(async ([kind, every]) => {
      // Its own phase: a trader's calls come at a random moment within their period.
      let at = performance.now() + Math.random() * every;
      while (at < end) {
        await sleep(at - performance.now());
        await call(trader, kind, outcome);
        at += every;
        // A call slower than its period is followed by the next at once, as the app's timers would.
        at = Math.max(at, performance.now());
      }
    }),
  );
  await Promise.all(loops);
  const wall = (performance.now() - wall0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const machine1 = machineTicks();
  const postgresCpu = ((postgresSeconds() - postgres0) / wall) * 100;
  const all = [...outcome.times.values()].flat().sort((a, b) => a - b);
  for (const [kind, times] of outcome.times) report(`    ${kind}`, figures(times.sort((a, b) => a - b)));
  report('    every call', figures(all), `p95 < ${P95_GOAL_MS} ms, no error`);
  const errors = [...outcome.errors].map(([k, n]) => `${k}: ${n}`).join(', ');
  report('    errors', errors || '0');
  const serverSeconds = serverPids.map((pid, i) => cpuSeconds(pid) - (servers0[i] as number));
  const serverCpu = serverSeconds.map((seconds) => (seconds / wall) * 100);
  // Per call, the servers' own CPU varies less with the machine's other work than their times do.
  const answered = all.length + [...outcome.errors.values()].reduce((a, b) => a + b, 0);
  const perCall = (seconds: number) => `${((seconds * 1000) / Math.max(1, answered)).toFixed(1)} ms`;
  report(
    '    CPU a call',
    `API ${perCall(serverSeconds.reduce((a, b) => a + b, 0))}${onPostgres ? `, PostgreSQL ${perCall((postgresCpu * wall) / 100)}` : ''}`,
  );
  report(
    '    CPU (100 % = one core)',
    `load generator ${(((cpu.user + cpu.system) / 1e6 / wall) * 100).toFixed(0)} %, API ${serverCpu.map((c) => `${c.toFixed(0)} %`).join(' + ')}${onPostgres ? `, PostgreSQL ${postgresCpu.toFixed(0)} %` : ''}, machine ${(((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * 200).toFixed(0)} % of 200`,
  );
  return all.length > 0 ? quantile(all, 0.95) : Number.NaN;
}

/** A PostgreSQL server to make databases on: BENCH_DATABASE_URL, else the local cluster (as .ci/run). */
function postgresBase(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  try {
    execFileSync('pg_ctlcluster', ['15', 'main', 'start'], { stdio: 'ignore' });
  } catch {
    // Already running (exit 2): as .ci/run, go on and wait for it to answer.
  }
  for (let i = 0; i < 30; i++) {
    try {
      execFileSync('pg_isready', ['-q', '-h', '127.0.0.1']);
      break;
    } catch {
      execFileSync('sleep', ['1']);
    }
  }
  execFileSync('su', ['postgres', '-c', 'psql -q -v ON_ERROR_STOP=1'], {
    input: `do $$ begin
      if not exists (select from pg_roles where rolname = 'tradetracker') then
        create role tradetracker login createdb password 'tradetracker';
      end if;
    end $$;`,
  });
  return 'postgres://tradetracker:tradetracker@127.0.0.1:5432/postgres';
}

const withDatabase = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

const traderAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * One engine at growing sizes: one database, grown by the traders each size adds while its
 * processes are stopped (PGlite has one writer); a trader's cursor outlives a restart (same
 * DATA_KEY), so only the new traders sync whole before the window. `next` says whether to go on.
 */
async function runEngine(
  engine: 'postgres' | 'pglite',
  sizes: { count: number; seconds: number }[],
  next: (p95: number) => boolean,
  base?: string,
): Promise<void> {
  const dataKey = randomBytes(32);
  const dataDir = mkdtempSync(join(tmpdir(), 'tt-bench-load-'));
  const dbName = `issue31_load_${process.pid}`;
  let admin: pg.Client | undefined;
  let databaseUrl: string | undefined;
  if (engine === 'postgres' && base) {
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    databaseUrl = withDatabase(base, dbName);
  }
  const processes = engine === 'postgres' ? 2 : 1;
  const traders: Trader[] = [];
  let servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    for (const { count, seconds } of sizes) {
      console.log(
        `\n  ${count.toLocaleString('en-US')} traders, ${seconds} s, ${processes} process${processes > 1 ? 'es' : ''} on ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
      );
      const seedStart = performance.now();
      const handle = await openDatabase({ dataDir, databaseUrl });
      const seeded = await seedTraders(handle.db, dataKey, traders.length, count - traders.length);
      await handle.close();
      console.log(
        `    ${seeded.length} traders seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
      );
      const env: Record<string, string> = { DATA_KEY: dataKey.toString('hex'), TRUSTED_PROXY: '127.0.0.1' };
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      for (let i = 0; i < processes; i++) servers.push(await startServer(dataDir, env));
      // Traders spread over the processes, each always on the same one.
      const urlOf = (index: number) => (servers[index % servers.length] as (typeof servers)[number]).url;
      for (const trader of traders) trader.url = urlOf(trader.index);
      const added: Trader[] = seeded.map((s) => ({
        ...s,
        url: urlOf(s.index),
        address: traderAddress(s.index),
        writes: 0,
      }));
      traders.push(...added);
      report('    first sync of each new trader (before the window)', figures(await firstSyncs(added)));
      const p95 = await runWindow(
        traders,
        seconds,
        servers.map((s) => s.pid),
        engine === 'postgres',
      );
      for (const server of servers) await server.stop();
      servers = [];
      if (!next(p95)) break;
    }
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin && process.env.BENCH_KEEP) console.log(`Kept database ${dbName}`);
    else if (admin) {
      await admin.query(`drop database if exists ${dbName}`);
      await admin.end();
    }
  }
}

/** BENCH_LOAD_SECONDS shortens every window (a quick look while working). */
const windowSeconds = (seconds: number) => Number(process.env.BENCH_LOAD_SECONDS) || seconds;

const numbers = (text: string | undefined, fallback: number[]) =>
  text
    ? text
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
    : fallback;

/**
 * The load test: PostgreSQL at 100, 300 and 1,000 traders (BENCH_LOAD_TRADERS), 2 processes; then
 * PGlite, one process, growing until its p95 passes 100 ms (BENCH_LOAD_PGLITE).
 */
export async function benchLoad(): Promise<void> {
  console.log(
    `\nLoad: traders each with ${PLANS} plans and ${FILLS} fills, a delta sync every 30 s, a write every minute, stats every 5 minutes, quotes every 15 s`,
  );
  console.log(
    `  load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; the load generator shares the machine's cores with the servers`,
  );
  if (!process.env.BENCH_LOAD_PGLITE_ONLY) {
    const sizes = numbers(process.env.BENCH_LOAD_TRADERS, [100, 300, 1000]).map((count) => ({
      count,
      seconds: windowSeconds(count >= 1000 ? 120 : 60),
    }));
    await runEngine('postgres', sizes, () => true, postgresBase());
  }
  if (process.env.BENCH_LOAD_POSTGRES_ONLY) return;
  const tried = numbers(process.env.BENCH_LOAD_PGLITE, [100, 200, 300, 500]);
  let ceiling = 0;
  await runEngine(
    'pglite',
    tried.map((count) => ({ count, seconds: windowSeconds(60) })),
    (p95) => {
      if (!(p95 < P95_GOAL_MS)) return false;
      ceiling = tried.find((n) => n > ceiling) ?? ceiling;
      return true;
    },
  );
  report(
    '  PGlite, one process: most traders tried with p95 < 100 ms',
    ceiling ? `${ceiling}` : `< ${tried[0]}`,
  );
}

// Run alone: `npx tsx scripts/benchLoad.ts` (or `npm run bench -- --load-only`).
if (process.argv[1]?.endsWith('benchLoad.ts')) await benchLoad();
