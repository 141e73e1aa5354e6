import { loadBrokerTokens, saveBrokerTokens } from '../auth/userStore.ts';
import type { AppDeps } from '../http/appEnv.ts';
import { HttpError } from '../http/errors.ts';
import type { BrokerAccount, DailyCandle } from './broker.ts';
import { TtlCache } from './ttlCache.ts';

const BALANCES_TTL_MS = 30_000;

/**
 * The broker calls of one server: balances cached per user briefly, so a page load calls the
 * broker once, and tokens refreshed and saved when the broker renews them.
 */
export function createBrokerAccess(deps: AppDeps) {
  const { db, broker, now } = deps;
  const balances = new TtlCache<string, BrokerAccount[]>();

  async function tokensFor(userId: string) {
    const stored = await loadBrokerTokens(db, userId);
    if (!stored) throw new HttpError(401, 'Authentication required');
    const fresh = await broker.refresh(stored);
    if (fresh !== stored) await saveBrokerTokens(db, userId, fresh, now());
    return fresh;
  }

  return {
    accounts(userId: string): Promise<BrokerAccount[]> {
      return balances.getOrLoad(userId, now().getTime(), BALANCES_TTL_MS, async () =>
        broker.listAccounts(await tokensFor(userId)),
      );
    },
    async dailyCandles(userId: string, symbol: string): Promise<DailyCandle[]> {
      return broker.dailyCandles(await tokensFor(userId), symbol, now());
    },
  };
}

export type BrokerAccess = ReturnType<typeof createBrokerAccess>;
