import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { TradePlanDto } from '../../src/domain/types.ts';
import { clientFor, freshDatabase, signIn } from './harness.ts';
import { type ServerProcess, spawnServer } from './serverProcess.ts';

/**
 * A write answered 2xx is durable (docs/product.md, "API conventions"). These tests run the server as a real process,
 * write plans from several connections as fast as it answers, stop it mid-stream (SIGKILL: no
 * chance to flush anything; SIGTERM: graceful), restart it on the same data and look for every
 * acknowledged write. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

interface PlanWrite {
  id: string;
  stock: string;
  entryPrice: number;
  stopLossPrice: number;
  scanId: string;
}

const WRITERS = 8;
const ACKNOWLEDGED_BEFORE_STOP = 60;

const symbolOf = (i: number) => `T${i.toString(36).toUpperCase()}`;

let running: ServerProcess[] = [];
let drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  for (const drop of drops) await drop();
  running = [];
  drops = [];
});

async function start(env: Record<string, string>) {
  const server = await spawnServer(env);
  running.push(server);
  return server;
}

describe.each(['SIGKILL', 'SIGTERM'] as const)('acknowledged writes survive %s', (signal) => {
  it('finds every plan answered 201 after a restart on the same data', async () => {
    const database = await freshDatabase();
    drops.push(database.drop);
    const env: Record<string, string> = { DATA_DIR: database.dataDir };
    if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;

    const first = await start(env);
    const alex = await signIn(first.url, 'alex');
    const acknowledged: PlanWrite[] = [];
    let next = 0;
    let stopped = false;
    const writer = async () => {
      while (!stopped) {
        const i = next++;
        const write: PlanWrite = {
          id: randomUUID(),
          stock: symbolOf(i),
          entryPrice: 100 + i,
          stopLossPrice: 90 + i / 100,
          scanId: `write-${i}`,
        };
        try {
          const res = await alex.call('POST', '/api/v1/tradeplans', write);
          await res.arrayBuffer();
          if (res.status === 201) acknowledged.push(write);
          else if (res.status < 500) throw new Error(`Unexpected ${res.status} for write ${i}`);
        } catch (error) {
          // A connection cut by the stop: that write was never acknowledged.
          if ((error as Error).message.startsWith('Unexpected')) throw error;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    while (acknowledged.length < ACKNOWLEDGED_BEFORE_STOP) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const exitCode = await first.stop(signal);
    stopped = true;
    await Promise.all(writers);
    if (signal === 'SIGTERM') expect(exitCode).toBe(0);

    const second = await start(env);
    // The session is in the database too, so the same cookie works on the new process.
    const again = clientFor(second.url, alex.cookie);
    const res = await again.json<TradePlanDto[]>('GET', '/api/v1/tradeplans');
    expect(res.status).toBe(200);
    const saved = new Map(res.body.map((p) => [p.id, p]));
    const missing = acknowledged.filter((w) => !saved.has(w.id));
    expect(missing, `lost ${missing.length} of ${acknowledged.length} acknowledged writes`).toEqual([]);
    for (const write of acknowledged) {
      expect(saved.get(write.id)).toMatchObject({ ...write, status: 'Draft' });
    }
    // Nothing half-written either: every stored plan is one of the writes that were sent.
    expect(res.body.every((p) => p.scanId === `write-${parseInt(p.stock.slice(1), 36)}`)).toBe(true);
  });
});
