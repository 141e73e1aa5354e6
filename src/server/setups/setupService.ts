// The setups as the API answers them: each with its success score (docs/product.md, "Trade
// setups"), derived from its plans and the trades linked to them on every read.
import { setupSuccessScore, type TradeSetupRecord, UNSCORED } from '../../domain/setups.ts';
import { isCountedTrade } from '../../domain/stats.ts';
import type { TradeSetup, TradeSetupInput } from '../../domain/types.ts';
import type { Database } from '../db/database.ts';
import { tradesOf } from '../trades/tradeBook.ts';
import type { SetupRepository } from './setupRepository.ts';

export function createSetupService(db: Database, repo: SetupRepository) {
  /** The setups with their scores, from one read of the plans and one build of the trades. */
  async function scored(userId: string, setups: TradeSetupRecord[], setupId?: string): Promise<TradeSetup[]> {
    const [plans, trades] = await Promise.all([
      repo.plansOf(userId, setupId),
      // Names play no part in a score, so the broker is not asked for them.
      tradesOf(db, userId, []).then((all) => all.filter(isCountedTrade)),
    ]);
    const bySetup = new Map<string, typeof plans>();
    for (const plan of plans) {
      const own = bySetup.get(plan.tradeSetupId!);
      if (own) own.push(plan);
      else bySetup.set(plan.tradeSetupId!, [plan]);
    }
    return setups.map((s) => ({ ...s, ...setupSuccessScore(bySetup.get(s.id) ?? [], trades) }));
  }

  const one = async (userId: string, setup: TradeSetupRecord) =>
    (await scored(userId, [setup], setup.id))[0]!;

  return {
    list: async (userId: string) => scored(userId, await repo.list(userId)),
    get: async (userId: string, id: string) => one(userId, await repo.get(userId, id)),
    /** A new setup has no plans yet: it scores as the domain's UNSCORED; a replayed create is scored. */
    async create(userId: string, input: TradeSetupInput) {
      const { value, created } = await repo.create(userId, input);
      return { value: created ? { ...value, ...UNSCORED } : await one(userId, value), created };
    },
    update: async (userId: string, id: string, input: TradeSetupInput) =>
      one(userId, await repo.update(userId, id, input)),
    remove: (userId: string, id: string) => repo.remove(userId, id),
  };
}

export type SetupService = ReturnType<typeof createSetupService>;
