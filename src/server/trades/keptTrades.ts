// The trades kept between reads (docs/architecture.md, "The server"): per trader, this process
// keeps the fills, annotations and active plans its trades are built from, the figures of each
// account and symbol (the domain's `tradeFiguresOf`), and the change stamp (db/changeStamps.ts)
// they are current to. A read asks the database what the trader wrote since that stamp (rows and
// tombstones), rebuilds the figures of the groups whose fills changed, and links every figure again
// (`linkTrades`, in memory: links cross symbols). Correctness comes from the database's stamps, so
// several processes sharing one database each keep their own. An open option's group is rebuilt
// too once the clock passes its expiration (docs/product.md, "Options"): no row changes then.

import { expiresAt } from '../../domain/optionContract.ts';
import type { TradeFigures } from '../../domain/trade.ts';
import type { TradeAnnotation } from '../../domain/tradeAnnotation.ts';
import { fillGroupOf, tradeFiguresOf } from '../../domain/tradeFigures.ts';
import { linkTrades } from '../../domain/tradeLinks.ts';
import { isActiveStatus, type TradePlan } from '../../domain/tradePlans.ts';
import type { Execution, Trade } from '../../domain/types.ts';
import { currentCursor, type JournalTable, journalChangedSince } from '../db/changeStamps.ts';
import type { Database } from '../db/database.ts';
import { deletedSince } from '../db/tombstones.ts';
import { activePlansOf, plansChangedSince } from '../plans/planQueries.ts';
import { annotationsChangedSince, annotationsOf } from './annotationRepository.ts';
import { fillsChangedSince, fillsOf } from './fillRepository.ts';

type PlanForLink = Omit<TradePlan, 'edgeIds'>;

/** One trader's trades as last read, current up to `stamp`. */
interface Kept {
  stamp: string;
  /** Fill id → its group (`fillGroupOf`). */
  groupOf: Map<string, string>;
  /** Group → its fills by id. */
  fills: Map<string, Map<string, Execution>>;
  /** Group → its trades' figures. */
  figures: Map<string, TradeFigures[]>;
  /** An option's group with a trade still open → when it expires (ms): rebuilt once that passes. */
  expiring: Map<string, number>;
  annotations: Map<string, TradeAnnotation>;
  /** The active plans (Ready, Hold), by id: the ones that may link a trade. */
  plans: Map<string, PlanForLink>;
  /** The trades as last linked, without account names; undefined once anything changed. */
  linked?: readonly Trade[];
}

/** The tables the trades are built from: a read whose stamp none of them passed rebuilds nothing. */
const SOURCE_TABLES: JournalTable[] = ['executions', 'tradeAnnotations', 'tradePlans', 'tombstones'];

/**
 * Rows kept per database handle, all traders together (a fill, an annotation or a plan each count
 * one; a trader one more): past it the least recently read traders are dropped, to be read whole
 * again when they come back. About 50 MB.
 */
const DEFAULT_MAX_ROWS = 100_000;

const weightOf = (k: Kept) => k.groupOf.size + k.annotations.size + k.plans.size + 1;

/** Everything the trades are built from, read whole; `stamp` read first (db/changeStamps.ts). */
async function readWhole(db: Database, userId: string, now: Date): Promise<Kept> {
  const stamp = await currentCursor(db);
  const [fills, annotations, plans] = await Promise.all([
    fillsOf(db, userId),
    annotationsOf(db, userId),
    activePlansOf(db, userId),
  ]);
  const kept: Kept = {
    stamp,
    groupOf: new Map(),
    fills: new Map(),
    figures: new Map(),
    expiring: new Map(),
    annotations: new Map(annotations.map((a) => [a.key, a])),
    plans: new Map(plans.map((p) => [p.id, p])),
  };
  for (const fill of fills) addFill(kept, fill);
  for (const group of kept.fills.keys()) refigure(kept, group, now);
  return kept;
}

function addFill(kept: Kept, fill: Execution): string {
  const group = fillGroupOf(fill);
  kept.groupOf.set(fill.id, group);
  const fills = kept.fills.get(group);
  if (fills) fills.set(fill.id, fill);
  else kept.fills.set(group, new Map([[fill.id, fill]]));
  return group;
}

/** Removes a fill; answers its group, undefined when it was not kept. */
function removeFill(kept: Kept, id: string): string | undefined {
  const group = kept.groupOf.get(id);
  if (group === undefined) return undefined;
  kept.groupOf.delete(id);
  kept.fills.get(group)?.delete(id);
  return group;
}

function refigure(kept: Kept, group: string, now: Date): void {
  const fills = kept.fills.get(group);
  kept.expiring.delete(group);
  if (!fills || fills.size === 0) {
    kept.fills.delete(group);
    kept.figures.delete(group);
    return;
  }
  const figures = tradeFiguresOf([...fills.values()], now);
  kept.figures.set(group, figures);
  const open = figures.find((f) => f.closedAt === null && f.option);
  if (open?.option) kept.expiring.set(group, Date.parse(expiresAt(open.option)));
}

/** Rebuilds the option groups whose expiration `now` has passed since they were built. */
function expire(kept: Kept, now: Date): void {
  for (const [group, at] of kept.expiring) {
    if (at > now.getTime()) continue;
    refigure(kept, group, now);
    kept.linked = undefined;
  }
}

/**
 * Brings `kept` up to the database: what changed since its stamp, read after a new stamp. The
 * tombstones are read before the rows, so a record deleted and restored meanwhile is kept, and one
 * deleted between the two reads goes at the next. Nothing in `kept` changes until every read is
 * in: a failed read leaves it as it was.
 */
async function catchUp(db: Database, userId: string, kept: Kept, now: Date): Promise<void> {
  // The new stamp comes with the probe, from the same snapshot (db/changeStamps.ts).
  const { changed, cursor: stamp } = await journalChangedSince(db, userId, kept.stamp, SOURCE_TABLES);
  if (!changed) {
    kept.stamp = stamp;
    return;
  }
  const deleted = await deletedSince(db, userId, kept.stamp);
  const [fills, annotations, plans] = await Promise.all([
    fillsChangedSince(db, userId, kept.stamp),
    annotationsChangedSince(db, userId, kept.stamp),
    plansChangedSince(db, userId, kept.stamp),
  ]);
  const touched = new Set<string>();
  const touch = (group: string | undefined) => group !== undefined && touched.add(group);
  // A tombstone names no symbol: the fill's group is the one it was kept in; a fill never kept
  // (written and deleted since the stamp) changes nothing.
  for (const id of deleted.executions) touch(removeFill(kept, id));
  // A fill's row rewritten (a restore) may have moved it: its old group is rebuilt too.
  for (const fill of fills) {
    touch(removeFill(kept, fill.id));
    touch(addFill(kept, fill));
  }
  kept.linked = undefined;
  for (const group of touched) refigure(kept, group, now);
  for (const a of annotations) kept.annotations.set(a.key, a);
  for (const id of deleted.tradePlans) kept.plans.delete(id);
  for (const plan of plans) {
    if (isActiveStatus(plan.status)) kept.plans.set(plan.id, plan);
    else kept.plans.delete(plan.id);
  }
  kept.stamp = stamp;
}

/** An account as a trade names it; '' when the broker could not be asked. */
export interface AccountName {
  id: string;
  accountName: string;
}

/** The kept trades of every trader reading through one database handle. */
export function createKeptTrades(
  db: Database,
  maxRows = DEFAULT_MAX_ROWS,
  now: () => Date = () => new Date(),
) {
  /** Least recently read first. */
  const traders = new Map<string, { kept: Promise<Kept | undefined>; weight: number }>();
  let weight = 0;

  /** Counts what the trader's entry now holds, and drops the least recently read past `maxRows`. */
  function keep(userId: string, kept: Kept): void {
    const entry = traders.get(userId);
    if (entry) {
      weight -= entry.weight;
      entry.weight = weightOf(kept);
      weight += entry.weight;
    }
    for (const [id, other] of traders) {
      if (weight <= maxRows || id === userId) break;
      traders.delete(id);
      weight -= other.weight;
    }
  }

  return {
    /**
     * The trader's trades, as `buildTrades` would build them from every row now. Reads of one
     * trader in this process take turns: each catches up from where the last one left.
     */
    trades(userId: string, accounts: readonly AccountName[]): Promise<Trade[]> {
      const entry = traders.get(userId);
      const kept = (entry?.kept ?? Promise.resolve(undefined)).then(async (last) => {
        const at = now();
        if (!last) return readWhole(db, userId, at);
        await catchUp(db, userId, last, at);
        expire(last, at);
        return last;
      });
      // What the next read starts from: after a failed read, the journal read whole.
      const current = kept.then(
        (k) => k,
        () => undefined,
      );
      if (entry) {
        // Read last: to the end of the order, the last to be dropped.
        traders.delete(userId);
        entry.kept = current;
        traders.set(userId, entry);
      } else traders.set(userId, { kept: current, weight: 0 });
      return kept.then((k) => {
        if (traders.get(userId)?.kept === current) keep(userId, k);
        // Linked once for every read until something changes; names play no part in a link.
        k.linked ??= linkTrades([...k.figures.values()].flat(), {
          annotations: [...k.annotations.values()],
          plans: [...k.plans.values()],
          accounts: [],
        });
        // The list is the caller's; a trade in it is shared, read only, unless it takes a name.
        const names = new Map(accounts.map((a) => [a.id, a.accountName]));
        return k.linked.map((trade) => {
          const accountName = names.get(trade.accountId) ?? '';
          return accountName === trade.accountName ? trade : { ...trade, accountName };
        });
      });
    },
  };
}

export type KeptTrades = ReturnType<typeof createKeptTrades>;

const byDatabase = new WeakMap<Database, KeptTrades>();

/**
 * The kept trades of this database handle: one per handle, so each process (and test app) has its
 * own, on the clock of the first to ask (the trade book's: createTradeBook).
 */
export function keptTradesOf(db: Database, now?: () => Date): KeptTrades {
  let kept = byDatabase.get(db);
  if (!kept) {
    kept = createKeptTrades(db, DEFAULT_MAX_ROWS, now);
    byDatabase.set(db, kept);
  }
  return kept;
}
