// The setups as the API answers them: each with its success score (docs/product.md, "Trade
// setups"), derived from its plans and the trades linked to them on every read.
import { setupSuccessScore, type TradeSetupRecord, UNSCORED } from '../../domain/setups.ts';
import { isCountedTrade } from '../../domain/stats.ts';
import type { Trade, TradePlanStatus, TradeSetup, TradeSetupInput } from '../../domain/types.ts';
import type { SetupRepository } from './setupRepository.ts';

/** A plan as a score counts it (the domain's `setupSuccessScore`), with the setup it cites. */
export interface ScoredPlan {
  id: string;
  tradeSetupId: string | null;
  status: TradePlanStatus;
  probabilityOfSuccess: number | null;
}

/**
 * What the scores are computed from: the plans citing a setup (one setup's alone when `setupId`)
 * and the trades. Given by app.ts from plans/ and trades/, which read setups themselves.
 */
export type ScoreInputs = (
  userId: string,
  setupId?: string,
) => Promise<{ plans: ScoredPlan[]; trades: readonly Trade[] }>;

export function createSetupService(repo: SetupRepository, scoreInputs: ScoreInputs) {
  /** The setups with their scores, from one read of the plans and one build of the trades. */
  async function scored(userId: string, setups: TradeSetupRecord[], setupId?: string): Promise<TradeSetup[]> {
    const inputs = await scoreInputs(userId, setupId);
    const { plans } = inputs;
    const trades = inputs.trades.filter(isCountedTrade);
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
