import { describe, expect, it } from 'vitest';
import type { SyncAnswer } from '../../src/domain/types.ts';
import { signedInServer } from './harness.ts';

// What a delta sync asks the database (src/server/sync/syncService.ts): with nothing new, one
// probe of the journal's stamps, not a read of each collection.

const statements: string[] = [];
const { alex } = signedInServer({}, { onQuery: (query) => statements.push(query) });

const JOURNAL_READ =
  /from "(edges|trade_setups|trade_plans|executions|trade_annotations|account_settings|tombstones)"/;

async function sync(since: string) {
  statements.length = 0;
  const res = await alex.json<SyncAnswer>('GET', `/api/v1/sync?since=${since}`);
  expect(res.status).toBe(200);
  // Reads of rows, not the probe (`exists (…)`) nor the accounts' settings the answer carries.
  const reads = statements.filter(
    (q) =>
      JOURNAL_READ.test(q) &&
      !q.includes('exists (') &&
      !q.startsWith('select "id", "user_id", "account_hash"'),
  );
  return { answer: res.body, reads };
}

describe('a delta sync', () => {
  it('with nothing new reads no rows, and still finds a change made after', async () => {
    const first = await alex.json<SyncAnswer>('GET', '/api/v1/sync');
    expect(first.status).toBe(200);
    // The first sync stored the accounts' default settings after its cursor (it reads the live
    // accounts after taking it): the delta after it reads them (and nothing is in flight after a
    // sign-in: on PGlite and PostgreSQL alike the second delta is quiet). The loop stays for
    // PostgreSQL, whose cursor is the whole server's oldest open transaction (docs/architecture.md,
    // "The sync protocol"): another test file's, on another database, can hold it back a while.
    let cursor = first.body.cursor;
    for (let settling = 0; settling < 10; settling++) {
      const next = await sync(cursor);
      cursor = next.answer.cursor;
      if (next.reads.length === 0) break;
    }
    const quiet = await sync(cursor);
    expect(quiet.reads).toEqual([]);
    // The cursor comes with the probe: one look at the snapshot, not two.
    expect(statements.filter((q) => q.includes('pg_snapshot_xmin'))).toHaveLength(1);
    expect(quiet.answer.tradePlans.upserted).toEqual([]);
    expect(quiet.answer.trades).toBeUndefined();

    const made = await alex.json<{ id: string }>('POST', '/api/v1/tradeplans', {
      stock: 'ZZSY',
      entryPrice: 10,
      stopLossPrice: 9,
    });
    expect(made.status).toBe(201);
    const after = await sync(quiet.answer.cursor);
    expect(after.reads.length).toBeGreaterThan(0);
    expect(after.answer.tradePlans.upserted.map((p) => p.id)).toContain(made.body.id);
  });
});
