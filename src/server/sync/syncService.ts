import { sql } from 'drizzle-orm';
import type { LiveAccount, MarketCycle, SyncAnswer } from '../../domain/types.ts';
import { settingsWrittenSince } from '../accounts/accountRepository.ts';
import type { AccountService } from '../accounts/accountService.ts';
import { currentCursor, journalChangedSince } from '../db/changeStamps.ts';
import type { Database } from '../db/database.ts';
import { deletedSince } from '../db/tombstones.ts';
import type { EdgeRepository } from '../edges/edgeRepository.ts';
import type { HeavyCalls } from '../http/fairShare.ts';
import type { MarketCycleService } from '../marketCycle/marketCycleService.ts';
import { planInputsMovedSince } from '../plans/planQueries.ts';
import type { PlanRepository } from '../plans/planRepository.ts';
import { Refusal } from '../refusals.ts';
import type { SettingsRepository } from '../settings/settingsRepository.ts';
import { setupsWrittenSince } from '../setups/setupRepository.ts';
import type { SetupService } from '../setups/setupService.ts';
import { annotationsWrittenSince } from '../trades/annotationRepository.ts';
import type { TradeBook } from '../trades/tradeBook.ts';

interface SyncSources {
  db: Database;
  accounts: AccountService;
  cycles: MarketCycleService;
  edges: EdgeRepository;
  setups: SetupService;
  plans: PlanRepository;
  settings: SettingsRepository;
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

  /**
   * Which inputs of the derived figures the trader wrote since the cursor, in one statement: the
   * setups, annotations and account settings, and plans only where the stamps of what a trade's
   * link or a setup's score reads of them moved (`linkXid`, `scoreXid`: db/schema.ts); each
   * clause is its table's folder's.
   */
  async function inputsChanged(userId: string, since: string) {
    const result = (await db.execute(
      sql`select ${setupsWrittenSince(userId, since)} as setups, ${annotationsWrittenSince(userId, since)} as annotations,
        ${settingsWrittenSince(userId, since)} as settings, ${planInputsMovedSince(userId, since, 'linkXid')} as links,
        ${planInputsMovedSince(userId, since, 'scoreXid')} as scores`,
    )) as { rows: Record<'setups' | 'annotations' | 'settings' | 'links' | 'scores', boolean>[] };
    return result.rows[0] as (typeof result.rows)[number];
  }

  async function everything(userId: string, accounts: LiveAccount[]) {
    const [edges, tradeSetupList, plans, executions, trades, settings] = await Promise.all([
      // Deactivated edges too: plans cite them by name, offline as well.
      s.edges.list(userId, true),
      s.setups.list(userId),
      s.plans.list(userId, accounts),
      s.book.fills(userId),
      s.book.list(userId, accounts),
      s.settings.get(userId),
    ]);
    return {
      edges: { upserted: edges, deleted: [] },
      traderSettings: { upserted: [settings], deleted: [] },
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
      return { edges: none(), tradePlans: none(), executions: none(), traderSettings: none() };
    }
    const [edges, plans, executions, deleted, inputs, settings] = await Promise.all([
      s.edges.changedSince(userId, since),
      s.plans.changedSince(userId, since, accounts),
      s.book.fillsChangedSince(userId, since),
      deletedSince(db, userId, since),
      inputsChanged(userId, since),
      s.settings.changedSince(userId, since),
    ]);
    const fillsChanged = executions.length + deleted.executions.length > 0;
    // A deleted plan may have linked trades or scored a setup; its row is gone, so it counts for both.
    const linksChanged = inputs.links || deleted.tradePlans.length > 0;
    // Derived figures come whole when any of their inputs changed (docs/architecture.md, "The sync protocol").
    const tradesChanged = fillsChanged || linksChanged || inputs.annotations || inputs.settings;
    const scoresChanged =
      fillsChanged ||
      linksChanged ||
      inputs.scores ||
      inputs.setups ||
      inputs.annotations ||
      deleted.tradeSetups.length > 0;
    const [tradeSetupList, trades] = await Promise.all([
      scoresChanged ? s.setups.list(userId) : undefined,
      tradesChanged ? s.book.list(userId, accounts) : undefined,
    ]);
    return {
      // Deactivating an edge updates its row, so it comes as an upsert (isActive false); no edge is ever removed.
      edges: { upserted: edges, deleted: [] },
      tradePlans: { upserted: plans, deleted: deleted.tradePlans },
      executions: { upserted: executions, deleted: deleted.executions },
      traderSettings: { upserted: settings, deleted: [] },
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
