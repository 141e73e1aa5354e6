/**
 * What one trader's delta sync and fill write cost the database (issue 31, "The server"): the
 * load test's journal (100 plans, 200 fills, benchLoad.ts) seeded into PGlite, the server run in
 * this process so every statement it sends is counted (`onQuery`). Statements and bytes of a
 * delta sync with nothing new and after a Draft plan's edit, statements of a manual fill, and the
 * p50 of each. Loopback only; every loop is bounded in count.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { accountSettings, executions, tradePlans, users } from '../src/server/db/schema.ts';
import { startServer } from '../src/server/server.ts';
import { benchFill, benchPlan } from './benchScale.ts';
import { quantile, report, signIn, wireBytes } from './benchServer.ts';

const PLANS = 100;
const FILLS = 200;
const ROUNDS = 15;

export async function benchDelta(): Promise<void> {
  console.log(`\nDelta sync and fill writes, one trader of ${PLANS} plans and ${FILLS} fills (PGlite)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tt-bench-delta-'));
  let statements = 0;
  const server = await startServer({
    config: loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: join(dataDir, 'no-app'),
      TRADER_REQUESTS_PER_SECOND: '100000',
    }),
    onQuery: () => {
      statements++;
    },
  });
  const url = `http://127.0.0.1:${server.port}`;
  try {
    const cookie = await signIn(url);
    const headers = { Cookie: cookie, Origin: url, 'Content-Type': 'application/json' };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${url}/api/v1${path}`, { ...init, headers, signal: AbortSignal.timeout(30_000) });
    await (await api('/accounts')).arrayBuffer();
    const { db } = server.database;
    const [user] = await db.select().from(users);
    const [account] = await db
      .select()
      .from(accountSettings)
      .where(eq(accountSettings.userId, user?.id ?? ''));
    if (!user || !account) throw new Error('bench: no trader signed in');
    const at = new Date('2026-01-02T15:00:00Z');
    const plans = Array.from({ length: PLANS }, (_, i) => benchPlan(i, { userId: user.id, at }));
    await db.insert(tradePlans).values(plans);
    await db
      .insert(executions)
      .values(
        Array.from({ length: FILLS }, (_, i) =>
          benchFill(i, { userId: user.id, accountId: account.id, symbols: 20, at }),
        ),
      );
    const draft = plans.find((p) => p.status === 'Draft')?.id as string;

    /** One call: its statements, its body's bytes and its time. */
    const counted = async (path: string, init?: RequestInit) => {
      statements = 0;
      const start = performance.now();
      const res = await api(path, init);
      const text = await res.text();
      const ms = performance.now() - start;
      if (!res.ok) throw new Error(`bench: ${path} answered ${res.status}`);
      return { statements, bytes: text.length, ms, body: text };
    };
    const syncFrom = async (since: string) => {
      const call = await counted(`/sync?since=${since}`);
      return { ...call, cursor: (JSON.parse(call.body) as { cursor: string }).cursor };
    };
    const editDraft = (n: number) =>
      counted(`/tradeplans/${draft}`, { method: 'PUT', body: JSON.stringify({ notes: `Edited ${n}` }) });

    let { cursor } = await syncFrom('');
    // Settles the first sync's own writes (the accounts' settings).
    cursor = (await syncFrom(cursor)).cursor;
    const quiet: number[] = [];
    const edited: number[] = [];
    let quietStatements = 0;
    let editedStatements = 0;
    let editedBytes = 0;
    let editedWire = 0;
    for (let n = 0; n < ROUNDS; n++) {
      const q = await syncFrom(cursor);
      quiet.push(q.ms);
      quietStatements = q.statements;
      await editDraft(n);
      editedWire = await wireBytes(`${url}/api/v1/sync?since=${q.cursor}`, cookie);
      const e = await syncFrom(q.cursor);
      edited.push(e.ms);
      editedStatements = e.statements;
      editedBytes = e.bytes;
      cursor = e.cursor;
    }
    const ms = (times: number[]) =>
      `${quantile(
        [...times].sort((a, b) => a - b),
        0.5,
      ).toFixed(1)} ms`;
    report('delta sync, nothing new: statements', String(quietStatements));
    report('delta sync, nothing new: p50', ms(quiet));
    report('delta sync after a Draft edit: statements', String(editedStatements));
    report('delta sync after a Draft edit: body', `${(editedBytes / 1024).toFixed(1)} KB`);
    report('delta sync after a Draft edit: on the wire', `${(editedWire / 1024).toFixed(1)} KB`);
    report('delta sync after a Draft edit: p50', ms(edited));

    const fills: number[] = [];
    let fillStatements = 0;
    for (let n = 0; n < ROUNDS; n++) {
      const fill = await counted('/executions', {
        method: 'POST',
        body: JSON.stringify({
          id: randomUUID(),
          accountId: account.id,
          symbol: `W${n}`,
          side: 'Buy',
          quantity: 1,
          price: 10,
          fees: 0,
          executedAt: new Date(Date.UTC(2026, 5, 1, 15, n)).toISOString(),
        }),
      });
      fills.push(fill.ms);
      fillStatements = fill.statements;
    }
    report('a manual fill: statements', String(fillStatements));
    report('a manual fill: p50', ms(fills));
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
