// What 300 abusive `GET /candles` calls of one trader add to the shared candles table (issue 39,
// item 6), each on a fresh database: PGlite (the tables, read once the server has stopped, and how
// much its folder grew) and PostgreSQL:
// - "any symbol, any year": 300 made-up symbols, 400-day windows starting anywhere from year 0;
// - "own stocks, last 20 years": 30 Ready plans, then 10 distinct 400-day windows of each, the
//   strongest abuse the rules still let through.
// `npx tsx scripts/benchCandles.ts [checkout]`: the server of `checkout` (default this one), so an
// earlier commit's can be measured from an exported copy (`git archive`). Needs PostgreSQL at BENCH_DATABASE_URL
// (default postgres://tradetracker:tradetracker@127.0.0.1:5432/postgres).
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { root, signIn, startServer } from './benchServer.ts';

const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://tradetracker:tradetracker@127.0.0.1:5432/postgres';
const CALLS = 300;
const DAY_MS = 86_400_000;
const checkout = resolve(process.argv[2] ?? root);

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A reproducible stream of numbers in [0, 1): the same calls for every checkout measured. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

type Calls = (url: string, cookie: string) => Promise<{ symbol: string; from: string; to: string }[]>;

const anySymbolAnyYear: Calls = async () => {
  const random = seeded(39);
  return Array.from({ length: CALLS }, () => {
    const symbol = `Z${Math.floor(random() * 26 ** 3)
      .toString(36)
      .toUpperCase()}`;
    const from = Date.UTC(Math.floor(random() * 2026), 0, 1) + Math.floor(random() * 365) * DAY_MS;
    return { symbol, from: dayOf(from), to: dayOf(from + 399 * DAY_MS) };
  });
};

const ownStocksLast20Years: Calls = async (url, cookie) => {
  const headers = { Cookie: cookie, Origin: url, 'Content-Type': 'application/json' };
  const symbols = Array.from({ length: 30 }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);
  for (const stock of symbols) {
    const created = await fetch(`${url}/api/v1/tradeplans`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ stock, entryPrice: 100, stopLossPrice: 95 }),
    });
    const { id } = (await created.json()) as { id: string };
    await fetch(`${url}/api/v1/tradeplans/${id}/status`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ status: 'Ready' }),
    });
  }
  const today = Date.parse(`${dayOf(Date.now())}T00:00:00Z`) - DAY_MS;
  return Array.from({ length: CALLS }, (_, i) => {
    const to = today - Math.floor(i / symbols.length) * 400 * DAY_MS;
    return { symbol: symbols[i % symbols.length] as string, from: dayOf(to - 399 * DAY_MS), to: dayOf(to) };
  });
};

interface Held {
  rows: string;
  empty: string;
  bytes: string;
  spans: string | null;
}

/** What the candle tables hold: rows, empty rows, spans (null before migration 0019), bytes. */
async function heldIn(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<Held> {
  const spans = (await query(`select to_regclass('candle_spans') is not null as has`)).rows[0] as {
    has: boolean;
  };
  const { rows } = await query(`
    select (select count(*) from candles) as rows,
           (select count(*) from candles where close is null) as empty,
           ${spans.has ? '(select count(*) from candle_spans)' : 'null'} as spans,
           (select sum(pg_total_relation_size(t::regclass)) from unnest(array['candles', 'candle_spans', 'candle_budgets']) t
             where to_regclass(t) is not null) as bytes`);
  return rows[0] as Held;
}

/** The bytes of a folder and everything in it. */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Runs `calls` against a fresh server: PostgreSQL (a new database) or, with `pglite`, its folder. */
async function measure(label: string, calls: Calls, pglite: boolean): Promise<void> {
  const name = `tt_bench_candles_${Date.now()}`;
  const admin = new pg.Client({ connectionString: BASE });
  const dbUrl = new URL(BASE);
  dbUrl.pathname = `/${name}`;
  if (!pglite) {
    await admin.connect();
    await admin.query(`create database ${name}`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tt-bench-candles-'));
  const env: Record<string, string> = { TRADER_REQUESTS_PER_SECOND: '100000' };
  if (!pglite) env.DATABASE_URL = dbUrl.toString();
  const server = await startServer(dataDir, env, checkout);
  let stopped = false;
  try {
    const cookie = await signIn(server.url, 'alex');
    const asked = await calls(server.url, cookie);
    const folderBefore = folderBytes(dataDir);
    const statuses = new Map<number, number>();
    const started = performance.now();
    for (const { symbol, from, to } of asked) {
      const res = await fetch(`${server.url}/api/v1/candles?symbol=${symbol}&from=${from}&to=${to}`, {
        headers: { Cookie: cookie },
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    const seconds = (performance.now() - started) / 1000;
    let held: Held;
    let grown = '';
    if (pglite) {
      await server.stop();
      stopped = true;
      grown = `; the folder grew ${MB(Math.max(0, folderBytes(dataDir) - folderBefore))}`;
      const db = await PGlite.create(dataDir);
      held = await heldIn((text) => db.query(text));
      await db.close();
    } else {
      const db = new pg.Client({ connectionString: dbUrl.toString() });
      await db.connect();
      held = await heldIn((text) => db.query(text));
      await db.end();
    }
    const codes = [...statuses].map(([code, n]) => `${n} × ${code}`).join(', ');
    const n = (text: string) => Number(text).toLocaleString('en-US');
    console.log(
      `${label} (${pglite ? 'PGlite' : 'PostgreSQL'}): ${codes} in ${seconds.toFixed(1)} s; ${n(held.rows)} rows (${n(held.empty)} empty${held.spans === null ? '' : `, ${n(held.spans)} spans`}), tables ${MB(Number(held.bytes))}${grown}`,
    );
  } finally {
    if (!stopped) await server.stop();
    if (!pglite) {
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Candles: ${CALLS} calls of one trader, the server of ${checkout}`);
for (const pglite of [true, false]) {
  await measure('Any symbol, any year', anySymbolAnyYear, pglite);
  await measure('Own stocks, last 20 years', ownStocksLast20Years, pglite);
}
