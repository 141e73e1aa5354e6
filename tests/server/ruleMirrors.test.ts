import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeNameOf } from '../../src/domain/edges.ts';
import { activeStockOf } from '../../src/domain/tradePlans.ts';
import type { TradePlanStatus } from '../../src/domain/types.ts';
import { nameKey } from '../../src/domain/validation.ts';
import { uniqueViolation } from '../../src/server/db/constraints.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database.ts';
import { edges, tradePlans, tradeSetups, users } from '../../src/server/db/schema.ts';
import { freshDatabase } from './harness.ts';

// One home per rule (docs/architecture.md, "The server"): a rule is a domain predicate, and the
// unique index that backs it under races is its copy in SQL. The same pairs of records go through
// both here, on PGlite and on PostgreSQL, and must get the same answer. Names and stocks are
// stored as their structs leave them (trimmed; stocks upper-case), so the pairs are too.

let handle: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  handle = await openDatabase({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
  drop = fresh.drop;
});
afterAll(async () => {
  await handle?.close();
  await drop?.();
});

/** The index that refuses the second row of one trader, or undefined when both are stored. */
async function refusal(
  insert: (userId: string, which: 0 | 1) => Promise<unknown>,
): Promise<string | undefined> {
  const userId = randomUUID();
  const at = new Date();
  await handle.db
    .insert(users)
    .values({ id: userId, broker: 'demo', brokerUserId: userId, displayName: 'T', createdAt: at });
  await insert(userId, 0);
  try {
    await insert(userId, 1);
    return undefined;
  } catch (error) {
    const index = uniqueViolation(error);
    if (index === undefined) throw error;
    return index;
  }
}

const stamps = () => ({ id: randomUUID(), createdAt: new Date(), updatedAt: new Date() });

/** Names a trader might write: case, accents, and the letters whose lower case is not one letter. */
const NAMES: [string, string][] = [
  ['Trend', 'trend'],
  ['Trend', 'Trendy'],
  ['Élan', 'élan'],
  ['ÉLAN', 'elan'],
  ['STRASSE', 'straße'],
  ['Straße', 'STRASSE'],
  ['İ', 'i'],
  ['İ', 'i\u0307'],
  ['ΌΣΟΣ', 'όσος'],
  ['Σ', 'σ'],
  ['ǅ', 'ǆ'],
  ['ﬀ', 'ff'],
  ['Ⅻ', 'ⅻ'],
];

describe('names: nameKey and the lower(name) unique indexes', () => {
  it.each(NAMES)('setups %j and %j', async (a, b) => {
    const names = [a, b];
    const refused = await refusal((userId, i) =>
      handle.db.insert(tradeSetups).values({
        ...stamps(),
        userId,
        name: names[i] as string,
        description: '',
        entryCriteria: '',
        exitCriteria: '',
        notes: '',
      }),
    );
    expect(refused).toBe(nameKey(a) === nameKey(b) ? 'trade_setups_user_name' : undefined);
  });

  const edgeCases = NAMES.flatMap(([a, b]) => [
    [a, true, b, true],
    [a, false, b, true],
  ]) as [string, boolean, string, boolean][];
  it.each(edgeCases)('edges %j (active %s) and %j (active %s)', async (a, aActive, b, bActive) => {
    const edge = [
      { name: a, isActive: aActive },
      { name: b, isActive: bActive },
    ];
    const refused = await refusal((userId, i) =>
      handle.db.insert(edges).values({
        ...stamps(),
        userId,
        description: 'd',
        identificationNotes: 'n',
        weightFactor: 1,
        ...edge[i]!,
      }),
    );
    const [ka, kb] = edge.map(activeNameOf);
    expect(refused).toBe(ka !== undefined && ka === kb ? 'edges_user_active_name' : undefined);
  });
});

describe('one active plan per stock: activeStockOf and trade_plans_one_active_per_stock', () => {
  const DONE = '2026-03-04T15:00:00.000Z';
  // Each plan: stock, status, and when it was done (null: not done).
  const PLANS: [string, TradePlanStatus, string | null, string, TradePlanStatus, string | null][] = [
    ['AAPL', 'Ready', null, 'AAPL', 'Hold', null],
    ['AAPL', 'Ready', null, 'AAPL', 'Ready', null],
    ['AAPL', 'Hold', null, 'AAPL', 'Draft', null],
    ['AAPL', 'Draft', null, 'AAPL', 'Draft', null],
    ['AAPL', 'Discarded', null, 'AAPL', 'Ready', null],
    ['AAPL', 'Ready', null, 'MSFT', 'Ready', null],
    ['BRK.B', 'Ready', null, 'BRK.B', 'Hold', null],
    ['BRK.B', 'Ready', null, 'BRK/B', 'Ready', null],
    // A done plan keeps its status but holds no stock (docs/product.md, "Trade plans").
    ['AAPL', 'Ready', DONE, 'AAPL', 'Ready', null],
    ['AAPL', 'Hold', DONE, 'AAPL', 'Hold', null],
    ['AAPL', 'Ready', null, 'AAPL', 'Hold', DONE],
    ['AAPL', 'Ready', DONE, 'AAPL', 'Ready', DONE],
    ['AAPL', 'Discarded', DONE, 'AAPL', 'Ready', null],
  ];
  it.each(PLANS)(
    '%s %s done %s and %s %s done %s',
    async (stockA, statusA, doneA, stockB, statusB, doneB) => {
      const plans = [
        { stock: stockA, status: statusA, doneAt: doneA },
        { stock: stockB, status: statusB, doneAt: doneB },
      ];
      const refused = await refusal((userId, i) => {
        const { doneAt, ...plan } = plans[i]!;
        return handle.db.insert(tradePlans).values({
          ...stamps(),
          userId,
          entryPrice: 10,
          stopLossPrice: 9,
          ...plan,
          doneAt: doneAt === null ? null : new Date(doneAt),
        });
      });
      const [ka, kb] = plans.map(activeStockOf);
      expect(refused).toBe(ka !== undefined && ka === kb ? 'trade_plans_one_active_per_stock' : undefined);
    },
  );
});
