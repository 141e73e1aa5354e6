import { describe, expect, it } from 'vitest';
import type { ImportResult, Trade } from '../../src/domain/types.ts';
import { firstAccount, recordFill, signedInServer } from './harness.ts';

// What a read of the trades asks the database (src/server/trades/keptTrades.ts): the whole journal
// once, then only what changed since the last read.

const statements: string[] = [];
const { t, alex } = signedInServer({}, { onQuery: (query) => statements.push(query) });

/** The statements a call sends that read the rows trades are built from. */
async function sourceReads(call: () => Promise<unknown>): Promise<string[]> {
  statements.length = 0;
  await call();
  return statements.filter((q) => /from "(executions|trade_annotations|trade_plans|tombstones)"/.test(q));
}

/** A read of every fill: one not limited to those changed since a stamp. */
const readsAllFills = (q: string) => /from "executions"/.test(q) && !/changed_xid/.test(q);

describe('a read of the trades', () => {
  it('reads only what changed since the last read, never every fill again', async () => {
    const imported = await alex.json<ImportResult>('POST', '/api/v1/trades/import');
    expect(imported.body.imported).toBeGreaterThan(0);
    const trades = () => alex.json<Trade[]>('GET', '/api/v1/trades');

    // The import asked for the accounts' heat, which read the trades: this read catches up.
    const before = (await trades()).body;
    expect(before.length).toBeGreaterThan(0);

    // Nothing changed: one probe of the stamps, nothing else.
    const unchanged = await sourceReads(trades);
    expect(unchanged).toHaveLength(1);
    expect(unchanged.filter(readsAllFills)).toEqual([]);

    // One fill of one symbol: the rows written since, no read of every fill.
    const account = await firstAccount(alex);
    await recordFill(t, alex, {
      accountId: account.id,
      symbol: 'ZZZT',
      quantity: 1,
      price: 10,
      executedAt: t.clock.now.toISOString(),
    });
    let after: Trade[] = [];
    const changed = await sourceReads(async () => {
      after = (await trades()).body;
    });
    expect(changed.filter(readsAllFills)).toEqual([]);
    expect(changed.length).toBeLessThanOrEqual(5);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((trade) => trade.symbol === 'ZZZT')).toMatchObject({ openQuantity: 1 });
  });
});
