// "Import the broker's fills now" (docs/product.md, "Trades"): a service over the broker and the
// trade book. The broker is asked outside any transaction; the new fills and the plan links of
// their trades are then written in one (TradeBook.storeBrokerFills).
import { addSkipped, countSkipped, importableFill, importStart } from '../../domain/executions.ts';
import type { ImportResult, SkippedReasons } from '../../domain/types.ts';
import type { AccountService } from '../accounts/accountService.ts';
import type { ImportClock } from '../auth/importClock.ts';
import type { BrokerExecutionPage } from '../brokers/broker.ts';
import type { executions } from '../db/schema.ts';
import { uuidv7 } from '../db/uuidv7.ts';
import { fillRow } from './fillRepository.ts';
import type { TradeBook } from './tradeBook.ts';

/** `brokerAccess.executions`: one account's fills since a time, through the shared request budget. */
export type BrokerFills = (userId: string, accountHash: string, since: Date) => Promise<BrokerExecutionPage>;

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * At most one run per trader at a time in this process: a second request while one runs joins it
 * and gets its answer, so repeated clicks (or a script) cannot multiply the calls to the broker,
 * whose request budget every trader shares. Across processes two runs may overlap; the unique
 * index keeps the result the same.
 */
export function oneRunPerTrader(run: (userId: string) => Promise<ImportResult>) {
  const running = new Map<string, Promise<ImportResult>>();
  return {
    run(userId: string): Promise<ImportResult> {
      let pending = running.get(userId);
      if (!pending) {
        pending = run(userId).finally(() => running.delete(userId));
        running.set(userId, pending);
      }
      return pending;
    },
  };
}

export function createBrokerImport(
  book: TradeBook,
  accounts: AccountService,
  brokerFills: BrokerFills,
  clock: ImportClock,
  now: () => Date,
) {
  const latestOf = async (userId: string) => (await book.newestBrokerFill(userId))?.toISOString() ?? null;

  /**
   * At most one import per trader every IMPORT_THROTTLE_MINUTES (docs/product.md, "Trades"):
   * within it the answer says so, and when the last one started, without asking the broker. An
   * import that fails is not counted.
   */
  async function importNow(userId: string): Promise<ImportResult> {
    const at = now();
    const claim = await clock.claim(userId, at);
    if (!claim.claimed) {
      const importedAt = claim.since.toISOString();
      return {
        imported: 0,
        skipped: 0,
        skippedReasons: {},
        latestExecutedAt: await latestOf(userId),
        importedAt,
        throttled: true,
      };
    }
    try {
      return await importFromBroker(userId, at);
    } catch (error) {
      await clock.release(userId, at, claim.previous);
      throw error;
    }
  }

  /**
   * Each account's fills since its newest held (or only `onlyAccountId`'s); a fill the domain
   * cannot import is counted as skipped.
   */
  async function importFromBroker(userId: string, at: Date, onlyAccountId?: string): Promise<ImportResult> {
    const rows: (typeof executions.$inferInsert)[] = [];
    const protectiveStops = new Map<string, number>();
    const skippedReasons: SkippedReasons = {};
    for (const account of await accounts.list(userId)) {
      if (onlyAccountId !== undefined && account.id !== onlyAccountId) continue;
      const newest = await book.newestBrokerFill(userId, account.id);
      const page = await brokerFills(userId, account.accountHash, importStart(newest, at));
      addSkipped(skippedReasons, page.skippedReasons);
      for (const reported of page.executions) {
        const fill = importableFill(reported);
        if (!fill) {
          countSkipped(skippedReasons, 'unreadable');
          continue;
        }
        const id = uuidv7(at.getTime());
        rows.push(
          fillRow(userId, {
            ...fill,
            id,
            accountId: account.id,
            source: 'broker',
            createdAt: at.toISOString(),
          }),
        );
        if (positive(reported.protectiveStop)) protectiveStops.set(id, reported.protectiveStop);
      }
    }
    const imported = await book.storeBrokerFills(userId, rows, protectiveStops, at);
    countSkipped(skippedReasons, 'alreadyImported', rows.length - imported);
    return {
      imported,
      skipped: Object.values(skippedReasons).reduce((sum, n) => sum + n, 0),
      skippedReasons,
      latestExecutedAt: await latestOf(userId),
      importedAt: at.toISOString(),
      throttled: false,
    };
  }

  const runs = oneRunPerTrader(importNow);
  return {
    run: runs.run,
    /**
     * One account's fills now, outside the throttle: an order of Trade Tracker's filled
     * (orders/orderService.ts), so its trade appears at once. It never holds up the trader's own
     * imports, whose clock it leaves as it is.
     */
    orderFilled: (userId: string, accountId: string): Promise<ImportResult> =>
      importFromBroker(userId, now(), accountId),
  };
}

export type BrokerImport = ReturnType<typeof createBrokerImport>;
