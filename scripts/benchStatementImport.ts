/**
 * A statement import through the API on PGlite (issue 42, "Performance": a 10,000-row statement
 * previews in ≤ 2 s and imports in ≤ 5 s). The server runs in this process, given a saved column
 * mapping for the file (the trader's mappings are a parameter of the import, src/server/app.ts);
 * the file is sent as `POST /api/v1/fills/import` over loopback: a preview (dryRun=1), the import, and the
 * same file again (adds nothing). Each figure is one call's time from send to answer. Meanwhile
 * another trader asks `/auth/status` over and over, one request after the other: its p95 and
 * slowest answer say whether the import leaves the server responsive to everyone else.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StatementMapping } from '../src/domain/statements/mapping.ts';
import type { StatementImportAnswer } from '../src/domain/statements/statement.ts';
import type { Account } from '../src/domain/types.ts';
import { loadConfig } from '../src/server/config.ts';
import { startServer } from '../src/server/server.ts';
import { quantile, report, signIn } from './benchServer.ts';

export const IMPORT_ROWS = 10_000;
const HEADER = ['Date', 'Time', 'Symbol', 'Action', 'Qty', 'Price', 'Commission'];
const MAPPING: StatementMapping = {
  header: HEADER,
  executedAt: 'Date',
  time: 'Time',
  symbol: 'Symbol',
  side: 'Action',
  quantity: 'Qty',
  price: 'Price',
  fees: ['Commission'],
};

/** Round trips of 100 symbols over 50 trading days before 2026-11-20, a buy then a sell each. */
function statementFile(rows: number): string {
  const lines = [HEADER.join(',')];
  for (let i = 0; i < rows; i++) {
    const trip = Math.floor(i / 2);
    const day = new Date(Date.UTC(2026, 8, 1) + Math.floor(trip / 100) * 86_400_000);
    const date = `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/2026`;
    const minute = 30 + (trip % 100) * 3 + (i % 2);
    const time = `${String(9 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
    const price = (50 + (trip % 37) + (i % 2 ? 0.75 : 0)).toFixed(2);
    lines.push([date, time, `S${trip % 100}`, i % 2 ? 'Sell' : 'Buy', 100, price, '1.00'].join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** Another trader's `/auth/status`, asked one after the other until `stop`: each answer's time. */
async function watchStatus(url: string, cookie: string, stop: { done: boolean }): Promise<number[]> {
  const times: number[] = [];
  while (!stop.done) {
    const start = performance.now();
    const res = await fetch(`${url}/api/v1/auth/status`, { headers: { Cookie: cookie } });
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  return times;
}

export async function benchStatementImport(): Promise<void> {
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\nStatement import, ${IMPORT_ROWS.toLocaleString('en-US')} rows through the API (${database})`,
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'tt-bench-statement-import-'));
  const server = await startServer({
    config: loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: join(dataDir, 'no-app'),
      TRADER_REQUESTS_PER_SECOND: '100000',
      // An empty PostgreSQL database instead of PGlite, when given (each run needs a fresh one).
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    }),
  });
  const url = `http://127.0.0.1:${server.port}`;
  try {
    const cookie = await signIn(url);
    const accounts = (await (
      await fetch(`${url}/api/v1/accounts`, { headers: { Cookie: cookie } })
    ).json()) as Account[];
    const account = accounts[0]?.id;
    if (!account) throw new Error('bench: no account');
    // The file's column mapping, saved as the app saves it: one of the trader's settings.
    const status = (await (
      await fetch(`${url}/api/v1/auth/status`, { headers: { Cookie: cookie } })
    ).json()) as {
      user: { id: string };
    };
    const saved = await fetch(`${url}/api/v1/settings/${status.user.id}`, {
      method: 'PUT',
      headers: { Cookie: cookie, Origin: url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ statementMappings: [MAPPING] }),
    });
    if (!saved.ok) throw new Error(`bench: the mapping answered ${saved.status}`);
    const text = statementFile(IMPORT_ROWS);
    const other = await signIn(url, 'sam');
    const send = async (label: string, query: string, goal?: string) => {
      const stop = { done: false };
      const watching = watchStatus(url, other, stop);
      const start = performance.now();
      const res = await fetch(`${url}/api/v1/fills/import?account=${account}&format=auto${query}`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: url, 'Content-Type': 'text/csv' },
        body: text,
        signal: AbortSignal.timeout(120_000),
      });
      const answer = (await res.json()) as StatementImportAnswer;
      const ms = performance.now() - start;
      stop.done = true;
      const status = (await watching).sort((a, b) => a - b);
      if (!res.ok) throw new Error(`bench: ${label} answered ${res.status}`);
      report(`${label} (added ${answer.added}, here ${answer.alreadyHere})`, `${Math.round(ms)} ms`, goal);
      report(
        `  another trader's /auth/status meanwhile (${status.length})`,
        `p95 ${Math.round(quantile(status, 0.95))} ms · max ${Math.round(status.at(-1) ?? 0)} ms`,
      );
    };
    report('file', `${(text.length / 1024).toFixed(0)} KB`);
    await send('preview (dryRun=1)', '&dryRun=1', '≤ 2000 ms');
    await send('import', '', '≤ 5000 ms');
    await send('the same file again', '');
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
