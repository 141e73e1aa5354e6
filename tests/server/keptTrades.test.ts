import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backup } from '../../src/domain/backup.ts';
import { doneChanges } from '../../src/domain/planDone.ts';
import { fillGroupOf } from '../../src/domain/tradeFigures.ts';
import { buildTrades } from '../../src/domain/tradeLinks.ts';
import { allowedTransitions } from '../../src/domain/tradePlans.ts';
import type { Trade } from '../../src/domain/types.ts';
import { createBackupService } from '../../src/server/backup/backupService.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/database.ts';
import { accountSettings, executions, users } from '../../src/server/db/schema.ts';
import { uuidv7 } from '../../src/server/db/uuidv7.ts';
import { activePlansOf } from '../../src/server/plans/planQueries.ts';
import { createPlanRepository } from '../../src/server/plans/planRepository.ts';
import { Refusal } from '../../src/server/refusals.ts';
import { annotationsOf } from '../../src/server/trades/annotationRepository.ts';
import { fillRow, fillsOf } from '../../src/server/trades/fillRepository.ts';
import { createKeptTrades } from '../../src/server/trades/keptTrades.ts';
import { createTradeBook, tradesOf } from '../../src/server/trades/tradeBook.ts';
import { generator } from '../fixtures/seeded.ts';
import { freshDatabase } from './harness.ts';
import {
  casesBetween,
  coveringSeeds,
  KEPT_TRADES_CASES,
  KEPT_TRADES_SEEDS,
  type Rows,
} from './keptTradesCases.ts';

// The kept trades (src/server/trades/keptTrades.ts) against a whole rebuild: random journals
// written through the repositories, each step read back through two keepers (this process's, as
// `tradesOf` reads, and another's on a second handle of the database, read only now and then, as a
// second process would) and compared with `buildTrades` over every row. After each write of
// trades, what it decided (new links, plans done) is compared with a decision over every row.

/**
 * The sequences run: seeds chosen from the first 200 so that together they meet every case those
 * 200 meet (keptTradesCases.ts), checked at the end. KEPT_TRADES_SEQUENCES=N runs seeds 1 to N
 * instead and prints the cases they meet and a choice of seeds that meets them all: run it with
 * 200 to choose again when the writer below changes.
 */
const SURVEY = process.env.KEPT_TRADES_SEQUENCES ? Number(process.env.KEPT_TRADES_SEQUENCES) : undefined;
const SEEDS = SURVEY ? Array.from({ length: SURVEY }, (_, i) => i + 1) : KEPT_TRADES_SEEDS;
const STEPS = 12;
const SYMBOLS = ['AAA', 'BBB'];

let writer: DatabaseHandle;
let reader: DatabaseHandle;
let drop: () => Promise<void>;
const clock = { now: new Date('2026-01-05T14:00:00.000Z') };
const now = () => new Date(clock.now);

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  writer = await openDatabase({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
  // On PostgreSQL a second pool, as a second process has; PGlite is one process's, so the same handle.
  reader = fresh.databaseUrl
    ? await openDatabase({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl })
    : writer;
});
afterAll(async () => {
  if (reader !== writer) await reader?.close();
  await writer?.close();
  await drop?.();
});

async function newTrader(accountCount: number) {
  const db = writer.db;
  const userId = randomUUID();
  await db
    .insert(users)
    .values({ id: userId, broker: 'demo', brokerUserId: userId, displayName: 'T', createdAt: now() });
  const accounts = Array.from({ length: accountCount }, (_, i) => ({
    id: randomUUID(),
    accountHash: `hash-${userId}-${i}`,
    accountName: `Account ${i}`,
  }));
  for (const a of accounts) {
    await db.insert(accountSettings).values({
      id: a.id,
      userId,
      accountHash: a.accountHash,
      originalBalance: 100_000,
      capitalRisk: 1,
      maxTradeRisk: 1,
      scaleOutFactor: 3,
      createdAt: now(),
      updatedAt: now(),
    });
  }
  return { userId, accounts };
}

/** What every row builds now. */
async function rebuilt(userId: string, accounts: { id: string; accountName: string }[]): Promise<Trade[]> {
  const db = writer.db;
  return buildTrades({
    executions: await fillsOf(db, userId),
    annotations: await annotationsOf(db, userId),
    plans: await activePlansOf(db, userId),
    accounts,
  });
}

/** Runs a write; a refusal (a transition not allowed, a stock held by another plan) is a step too. */
async function attempt<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return undefined;
  }
}

/**
 * What a write of trades decided for `symbol`, the one it touched, against a decision over every
 * row (a write that reads less must still agree): the annotations it added are the links a whole
 * build gives without them, and no plan of the symbol keeps a `doneAt` the trades no longer say.
 */
async function expectDecidedAsWhole(
  userId: string,
  symbol: string,
  keysBefore: Set<string>,
  context: string,
) {
  const annotations = await annotationsOf(db(), userId);
  const added = annotations.filter((a) => !keysBefore.has(a.key));
  const whole = buildTrades({
    executions: await fillsOf(db(), userId),
    annotations: annotations.filter((a) => keysBefore.has(a.key)),
    plans: await activePlansOf(db(), userId),
    accounts: [],
  });
  for (const a of added) {
    const trade = whole.find((t) => t.key === a.key);
    expect({ planId: a.planId, initialStop: a.initialStop }, context).toEqual({
      planId: trade?.planId,
      initialStop: trade?.initialStop,
    });
  }
  const plans = await createPlanRepository(db(), now).list(userId, []);
  const stale = doneChanges(
    plans,
    buildTrades({ executions: await fillsOf(db(), userId), annotations, plans, accounts: [] }),
  );
  const stockOf = new Map(plans.map((p) => [p.id, p.stock]));
  expect(
    stale.filter((c) => stockOf.get(c.id) === symbol),
    context,
  ).toEqual([]);
}

const db = () => writer.db;
let brokerIds = 0;

async function rowsOf(userId: string): Promise<Rows> {
  const fills = await fillsOf(db(), userId);
  return {
    fills: new Map(fills.map((f) => [f.id, JSON.stringify(f)])),
    groups: new Map(fills.map((f) => [f.id, fillGroupOf(f)])),
    annotations: new Map((await annotationsOf(db(), userId)).map((a) => [a.key, JSON.stringify(a)])),
    plans: new Set((await createPlanRepository(db(), now).list(userId, [])).map((p) => p.id)),
    active: new Map((await activePlansOf(db(), userId)).map((p) => [p.id, JSON.stringify(p)])),
  };
}

/** A trader and a random writer of their journal: each `next()` is one write, named. */
async function randomJournal(seed: number) {
  const rnd = generator(seed);
  const book = createTradeBook(db(), now);
  const plans = createPlanRepository(db(), now);
  const backups = createBackupService(db(), now);
  const { userId, accounts } = await newTrader(1 + rnd.int(2));
  const names = accounts.map((a) => ({ id: a.id, accountName: a.accountName }));
  const hashes = new Set(accounts.map((a) => a.accountHash));
  const backupsTaken: Backup[] = [];
  const fill = () => ({
    accountId: rnd.pick(accounts)!.id,
    symbol: rnd.pick(SYMBOLS)!,
    side: rnd.next() < 0.55 ? ('Buy' as const) : ('Sell' as const),
    quantity: 1 + rnd.int(3),
    price: 10 + rnd.int(20),
    fees: rnd.int(2),
    executedAt: new Date(clock.now.getTime() - rnd.int(90) * 60_000).toISOString(),
  });
  const fills = () => fillsOf(db(), userId);

  /** One write, named, with the symbol a write of trades decided on (`touched`), if one was written. */
  async function next(): Promise<{ name: string; touched?: string; own?: string }> {
    clock.now = new Date(clock.now.getTime() + (1 + rnd.int(40)) * 60_000);
    let name = '';
    let touched: string | undefined;
    // The annotation the trader wrote by hand (annotate), not decided by the write.
    let own: string | undefined;
    const roll = rnd.int(19);
    const allPlans = roll >= 5 && roll <= 12 ? await plans.list(userId, []) : [];
    const trades = roll === 5 || roll === 6 ? await rebuilt(userId, names) : [];
    if (roll <= 2) {
      name = 'fill';
      const made = fill();
      await book.recordFill(userId, made);
      touched = made.symbol;
    } else if (roll === 3) {
      name = 'delete fill';
      const manual = rnd.pick((await fills()).filter((f) => f.source === 'manual'));
      if (manual) {
        await book.deleteFill(userId, manual.id);
        touched = manual.symbol;
      }
    } else if (roll === 4) {
      name = 'import';
      const rows = Array.from({ length: 1 + rnd.int(4) }, () => {
        const at = now();
        return fillRow(userId, {
          ...fill(),
          id: uuidv7(at.getTime()),
          kind: 'fill',
          source: 'broker',
          brokerExecutionId: String(++brokerIds),
          positionEffect: null,
          createdAt: at.toISOString(),
        });
      });
      await book.storeBrokerFills(userId, rows, new Map(), now());
    } else if (roll <= 6) {
      name = 'annotate';
      const trade = rnd.pick(trades);
      const plan = rnd.pick(allPlans.filter((p) => trade && p.stock === trade.symbol));
      own = trade?.key;
      if (trade)
        touched = await attempt(() =>
          book
            .annotate(
              userId,
              trade.id,
              {
                planId: rnd.next() < 0.6 ? (plan?.id ?? null) : null,
                initialStop: rnd.next() < 0.5 ? null : 5 + rnd.int(5),
                notes: rnd.next() < 0.5 ? '' : `n${rnd.int(100)}`,
              },
              names,
            )
            .then(() => trade.symbol),
        );
    } else if (roll <= 8) {
      name = 'plan';
      await attempt(async () => {
        const stock = rnd.pick(SYMBOLS)!;
        const { value } = await plans.create(
          userId,
          { stock, entryPrice: 20, stopLossPrice: 15 + rnd.int(4) },
          [],
        );
        if (rnd.next() < 0.6) await plans.changeStatus(userId, value.id, 'Ready', []);
      });
    } else if (roll <= 10) {
      name = 'plan status';
      const plan = rnd.pick(allPlans);
      const to = plan && rnd.pick(allowedTransitions(plan.status));
      if (plan && to) await attempt(() => plans.changeStatus(userId, plan.id, to, []));
    } else if (roll === 11) {
      name = 'plan edit';
      const plan = rnd.pick(allPlans);
      if (plan)
        await attempt(() =>
          plans.update(
            userId,
            plan.id,
            { stock: rnd.pick(SYMBOLS), entryPrice: 20, stopLossPrice: 10 + rnd.int(9) },
            [],
          ),
        );
    } else if (roll === 12) {
      name = 'plan delete';
      const plan = rnd.pick(allPlans);
      if (plan) await attempt(() => plans.remove(userId, plan.id));
    } else if (roll === 13) {
      name = 'backup';
      backupsTaken.push(await backups.export(userId));
    } else if (roll === 14) {
      name = 'restore';
      const backup = rnd.pick(backupsTaken);
      if (backup) await attempt(() => backups.restore(userId, backup, async () => hashes));
    } else {
      // A row no write of trades froze links for: its trade follows the plans as they are now.
      name = 'direct row';
      await db()
        .insert(executions)
        .values(
          fillRow(userId, {
            ...fill(),
            side: rnd.next() < 0.75 ? 'Buy' : 'Sell',
            executedAt: now().toISOString(),
            id: uuidv7(clock.now.getTime()),
            kind: 'fill',
            source: 'manual',
            brokerExecutionId: null,
            positionEffect: null,
            createdAt: now().toISOString(),
          }),
        );
    }

    return { name, touched, own };
  }
  return { userId, names, rnd, next };
}

describe('kept trades equal a whole rebuild', () => {
  it(`after every step of ${SEEDS.length} sequences that meet every case`, async () => {
    const other = createKeptTrades(reader.db);
    // A keeper that drops every trader but the one it read last: a trader read again starts whole.
    const forgetful = createKeptTrades(reader.db, 1);
    const casesOf = new Map<number, Set<string>>();
    for (const seed of SEEDS) {
      const { userId, names, rnd, next } = await randomJournal(seed);
      const steps: string[] = [];
      const cases = new Set<string>();
      let rows = await rowsOf(userId);
      // What the keeper that reads now and then last read; undefined: it reads the trader whole.
      let otherRead: Rows | undefined;
      for (let step = 0; step < STEPS; step++) {
        const keysBefore = new Set((await annotationsOf(db(), userId)).map((a) => a.key));
        const { name, touched, own } = await next();
        // One write after another: what the first left kept is what the second starts from.
        if (steps.length > 0) cases.add(`${steps.at(-1)} then ${name}`);
        steps.push(name);
        const after = await rowsOf(userId);
        for (const c of casesBetween(rows, after)) cases.add(`${name}: ${c}`);
        rows = after;
        const expected = await rebuilt(userId, names);
        const context = `seed ${seed}, steps ${steps.join(', ')}`;
        if (touched !== undefined)
          await expectDecidedAsWhole(userId, touched, new Set([...keysBefore, own ?? '']), context);
        expect(await tradesOf(db(), userId, names), context).toEqual(expected);
        if (rnd.next() < 0.3) {
          // The keeper that reads now and then meets several steps' changes at once.
          for (const c of otherRead ? casesBetween(otherRead, after) : ['read whole'])
            cases.add(`read now and then: ${c}`);
          otherRead = after;
          expect(await other.trades(userId, names), context).toEqual(expected);
        }
        if (step === STEPS - 1) expect(await forgetful.trades(userId, names), context).toEqual(expected);
      }
      casesOf.set(seed, cases);
    }
    const met = new Set([...casesOf.values()].flatMap((c) => [...c]));
    if (SURVEY) {
      console.log(JSON.stringify({ cases: [...met].sort(), seeds: coveringSeeds(casesOf) }, null, 1));
    } else expect(KEPT_TRADES_CASES.filter((c) => !met.has(c))).toEqual([]);
  }, 900_000);

  it('after writes on one handle while another reads throughout', async () => {
    const other = createKeptTrades(reader.db);
    for (let seed = 1001; seed <= 1010; seed++) {
      const { userId, names, next } = await randomJournal(seed);
      let writing = true;
      const reads = (async () => {
        let count = 0;
        while (writing || count === 0) {
          await other.trades(userId, names);
          count++;
        }
        return count;
      })();
      for (let step = 0; step < 20; step++) await next();
      writing = false;
      expect(await reads).toBeGreaterThan(0);
      expect(await other.trades(userId, names), `seed ${seed}`).toEqual(await rebuilt(userId, names));
    }
  }, 300_000);
});
