import type { LiveAccount, MarketCycle, SyncAnswer } from '../../domain/types.ts';
import type { AccountService } from '../accounts/accountService.ts';
import { currentCursor, journalChangedSince } from '../db/changeStamps.ts';
import type { Database } from '../db/database.ts';
import { changedFor, ownerWhere } from '../db/owned.ts';
import { accountSettings, tradeAnnotations, tradeSetups } from '../db/schema.ts';
import { deletedSince } from '../db/tombstones.ts';
import type { EdgeRepository } from '../edges/edgeRepository.ts';
import type { HeavyCalls } from '../http/fairShare.ts';
import type { MarketCycleService } from '../marketCycle/marketCycleService.ts';
import type { PlanRepository } from '../plans/planRepository.ts';
import { Refusal } from '../refusals.ts';
import type { SetupService } from '../setups/setupService.ts';
import type { TradeBook } from '../trades/tradeBook.ts';

interface SyncSources {
  db: Database;
  accounts: AccountService;
  cycles: MarketCycleService;
  edges: EdgeRepository;
  setups: SetupService;
  plans: PlanRepository;
  book: TradeBook;
  /** A full sync reads the whole journal: one heavy call of the trader's at a time (http/fairShare.ts). */
  heavy: HeavyCalls;
}

/** A broker-backed part of the answer, or why it is missing; any other refusal (a sign-in the broker ended) fails the sync. */
async function brokerPart<T>(load: () => Promise<T>): Promise<{ value?: T; error?: string }> {
  try {
    return { value: await load() };
  } catch (error) {
    // The broker not answering, or this trader's share of it used: the rest of the sync still comes.
    if (error instanceof Refusal && (error.kind === 'unavailable' || error.kind === 'limited'))
      return { error: error.message };
    throw error;
  }
}

export function createSyncService(s: SyncSources) {
  const { db } = s;

  /** Whether any of the trader's rows in `table` were written since the cursor. */
  const changedIn = async (
    table: typeof tradeSetups | typeof tradeAnnotations | typeof accountSettings,
    userId: string,
    since: string,
  ) => (await ownerWhere(db, table, changedFor(table, userId, since))) !== undefined;

  async function everything(userId: string, accounts: LiveAccount[]) {
    const [edges, tradeSetupList, plans, executions, trades] = await Promise.all([
      // Deactivated edges too: plans cite them by name, offline as well.
      s.edges.list(userId, true),
      s.setups.list(userId),
      s.plans.list(userId, accounts),
      s.book.fills(userId),
      s.book.list(userId, accounts),
    ]);
    return {
      edges: { upserted: edges, deleted: [] },
      tradePlans: { upserted: plans, deleted: [] },
      executions: { upserted: executions, deleted: [] },
      tradeSetups: tradeSetupList,
      trades,
    };
  }

  /** `changed`: what the probe of the journal's stamps since the cursor found (db/changeStamps.ts). */
  async function changes(userId: string, since: string, accounts: LiveAccount[], changed: boolean) {
    // Most delta syncs find nothing new: the probe answers them, instead of seven reads.
    if (!changed) {
      const none = () => ({ upserted: [], deleted: [] });
      return { edges: none(), tradePlans: none(), executions: none() };
    }
    const [edges, plans, executions, deleted, setupsChanged, annotationsChanged, settingsChanged] =
      await Promise.all([
        s.edges.changedSince(userId, since),
        s.plans.changedSince(userId, since, accounts),
        s.book.fillsChangedSince(userId, since),
        deletedSince(db, userId, since),
        // These rows only feed derived figures: whether they changed is all that matters.
        changedIn(tradeSetups, userId, since),
        changedIn(tradeAnnotations, userId, since),
        changedIn(accountSettings, userId, since),
      ]);
    const fillsOrPlans =
      plans.length + executions.length + deleted.tradePlans.length + deleted.executions.length > 0;
    // Derived figures come whole when any of their inputs changed (docs/architecture.md, "The sync protocol").
    const scoresChanged =
      fillsOrPlans || setupsChanged || annotationsChanged || deleted.tradeSetups.length > 0;
    const tradesChanged = fillsOrPlans || annotationsChanged || settingsChanged;
    const [tradeSetupList, trades] = await Promise.all([
      scoresChanged ? s.setups.list(userId) : undefined,
      tradesChanged ? s.book.list(userId, accounts) : undefined,
    ]);
    return {
      // Deactivating an edge updates its row, so it comes as an upsert (isActive false); no edge is ever removed.
      edges: { upserted: edges, deleted: [] },
      tradePlans: { upserted: plans, deleted: deleted.tradePlans },
      executions: { upserted: executions, deleted: deleted.executions },
      ...(tradeSetupList ? { tradeSetups: tradeSetupList } : {}),
      ...(trades ? { trades } : {}),
    };
  }

  return {
    /**
     * What changed for the trader since `since` (everything without it), with the live accounts,
     * and the market cycle unless the client already has the computation stamped `cycleSeen`.
     */
    async sync(
      userId: string,
      since: string | undefined,
      cycleSeen: string | undefined,
    ): Promise<SyncAnswer> {
      // The cursor is read once, before the rows: a delta's comes with its probe, from the same
      // snapshot, so whatever the probe did not see is sent next time (db/changeStamps.ts).
      const [probe, accounts, cycle] = await Promise.all([
        since === undefined
          ? currentCursor(db).then((cursor) => ({ changed: true, cursor }))
          : journalChangedSince(db, userId, since),
        brokerPart(() => s.accounts.list(userId)),
        brokerPart<MarketCycle>(() => s.cycles.current(userId)),
      ]);
      const { cursor } = probe;
      const live = accounts.value ?? [];
      // A cursor from the future (another database, a restore) cannot be trusted: start again.
      const full = since === undefined || BigInt(since) > BigInt(cursor);
      const data = full
        ? await s.heavy.run(userId, 'full sync', () => everything(userId, live))
        : await changes(userId, since, live, probe.changed);
      const errors: NonNullable<SyncAnswer['errors']> = {};
      if (accounts.error) errors.accounts = accounts.error;
      if (cycle.error) errors.marketCycle = cycle.error;
      return {
        cursor,
        full,
        ...(accounts.value ? { accounts: accounts.value } : {}),
        ...(cycle.value && cycle.value.timestamp !== cycleSeen ? { marketCycle: cycle.value } : {}),
        ...data,
        ...(Object.keys(errors).length > 0 ? { errors } : {}),
      };
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
