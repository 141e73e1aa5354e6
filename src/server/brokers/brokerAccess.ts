import { AsyncLocalStorage } from 'node:async_hooks';
import type { Candle } from '../../domain/candles.ts';
import { messages } from '../../domain/messages.ts';
import type { Quote } from '../../domain/quotes.ts';
import type { Database } from '../db/database.ts';
import { limited, signedOut, unavailable } from '../refusals.ts';
import {
  AccessTokenRejectedError,
  type Broker,
  type BrokerAccount,
  type BrokerExecutionPage,
  BrokerShareUsedError,
  type BrokerTokens,
  BrokerUnavailableError,
  type DailyCandle,
  OrderShareUsedError,
  ReauthRequiredError,
} from './broker.ts';
import {
  cancelRoom,
  createBrokerShare,
  createWindowCount,
  DAY_MS,
  MINUTE_MS,
  requestPools,
} from './brokerBudget.ts';
import { createQuoteCache } from './quoteCache.ts';
import { TtlCache } from './ttlCache.ts';

const BALANCES_TTL_MS = 30_000;

/**
 * The trader's sign-in as broker calls need it, kept by auth/ (`brokerSignIns`, auth/brokerSignIns.ts):
 * given, not imported, because sign-in itself calls the broker.
 */
export interface BrokerSignIns {
  /** The stored tokens; `forUpdate` locks them until the transaction `q` ends. */
  tokens(q: Database, userId: string, forUpdate?: boolean): Promise<BrokerTokens | undefined>;
  save(q: Database, userId: string, tokens: BrokerTokens, now: Date): Promise<void>;
  /** Ends the trader's sessions and forgets the tokens: the broker ended the sign-in. */
  end(db: Database, userId: string): Promise<void>;
}

export interface BrokerAccessDeps {
  db: Database;
  broker: Broker;
  now: () => Date;
  signIns: BrokerSignIns;
}

/**
 * Whose budget a broker call comes out of (docs/product.md, "Fair sharing"): the trader's own
 * share (`own`), or the app's reserve for the orders already at the broker: a status read of an
 * open order (`follow`: by the order follower or by a read) or a cancel (`cancel`, its DELETE and
 * its read), never the trader's share, so following orders never leaves a trader without room for
 * a new one, and a cancel always finds room.
 */
export type BrokerCallKind = 'own' | 'follow' | 'cancel';

/**
 * The broker's budgets shared among the traders, checked before each request it sends (the
 * request gate) in the asking trader's context (brokerBudget.ts): own requests in the trader's
 * share; follows in the reserve, leaving its cancel room; cancels in the whole reserve, each
 * trader a share of it; and a placement also in the trader's share of the app's orders a day.
 * Undefined when the call may go, else the error that refuses it.
 */
export function createBrokerBudgets(broker: Broker, nowMs: () => number) {
  const pools = broker.requestsPerMinute === undefined ? undefined : requestPools(broker.requestsPerMinute);
  const own = createBrokerShare(pools?.own, nowMs);
  const reserve = pools && createWindowCount(pools.reserve, MINUTE_MS, nowMs);
  const cancels = createBrokerShare(pools?.reserve, nowMs);
  const perDay = broker.orderLimits?.perDay;
  const placements = createBrokerShare(perDay && perDay - cancelRoom(perDay), nowMs, DAY_MS);
  return {
    admit(userId: string, kind: BrokerCallKind, placing: boolean): BrokerShareUsedError | undefined {
      if (kind === 'follow') {
        const wait = reserve?.wait(pools?.cancelRoom);
        if (wait !== undefined)
          return new BrokerShareUsedError(wait, "the app's reserve for following orders");
        reserve?.add();
        return undefined;
      }
      if (kind === 'cancel') {
        const wait = cancels.wait(userId) ?? reserve?.wait();
        if (wait !== undefined) return new BrokerShareUsedError(wait);
        cancels.add(userId);
        reserve?.add();
        return undefined;
      }
      const wait = own.wait(userId);
      if (wait !== undefined) return new BrokerShareUsedError(wait);
      const day = placing ? placements.wait(userId) : undefined;
      if (day !== undefined) return new OrderShareUsedError(day);
      own.add(userId);
      if (placing) placements.add(userId);
      return undefined;
    },
  };
}

// US markets' calendar day: daily candles are fetched once per symbol per trading day.
const newYorkDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' });
const tradingDayOf = (at: Date) => newYorkDate.format(at);

/**
 * The broker calls of one server process:
 * - tokens are renewed ahead of expiry, one refresh per user at a time: in this process a shared
 *   promise, across processes a row lock on the stored tokens (a second refresh with the same
 *   refresh token could lock the first one out, as Schwab does);
 * - an access token the broker rejects is refreshed once and the call retried once;
 * - a sign-in the broker refuses ends the trader's sessions: 401, never a 500;
 * - balances are cached per user briefly, and the last good ones answer while the broker is down;
 * - daily candles are the same for every trader: fetched once per symbol per trading day
 *   (Schwab's 120 requests a minute are shared by all users of the app);
 * - last prices are the same for every trader: shared, at most 15 s old in the session (quoteCache.ts);
 * - fills are never cached: an import wants what the broker knows now, and has no stand-in.
 */
export function createBrokerAccess(deps: BrokerAccessDeps) {
  const { db, broker, now, signIns } = deps;
  // Whose request the broker is sending, and out of which budget: every call below runs in its
  // trader's context; a placement is marked where the broker is asked to place (`ordersBroker`).
  const trader = new AsyncLocalStorage<{ userId: string; kind: BrokerCallKind; placing?: boolean }>();
  const budgets = createBrokerBudgets(broker, () => now().getTime());
  broker.setRequestGate?.(() => {
    const call = trader.getStore();
    const refused = call && budgets.admit(call.userId, call.kind, call.placing === true);
    if (refused) throw refused;
  });
  const ordersBroker: Broker = {
    ...broker,
    placeOrder: (...args) => {
      const call = trader.getStore();
      const place = () => broker.placeOrder(...args);
      return call ? trader.run({ ...call, placing: true }, place) : place();
    },
  };
  /** Over the trader's share: 429 with when to ask again; the broker not answering: 503. */
  const refusalOf = (error: BrokerUnavailableError) =>
    error instanceof OrderShareUsedError
      ? limited(messages.orderShareUsed, error.retryAfterSeconds)
      : error instanceof BrokerShareUsedError
        ? limited(messages.brokerShareUsed, error.retryAfterSeconds)
        : unavailable(messages.brokerUnavailable);
  const balances = new TtlCache<string, BrokerAccount[]>();
  const lastGoodBalances = new Map<string, BrokerAccount[]>();
  const refreshing = new Map<string, Promise<BrokerTokens>>();
  const candles = new Map<string, { day: string; candles: Promise<DailyCandle[]> }>();
  const quotes = createQuoteCache(now);

  async function endSignIn(userId: string, reason: string): Promise<never> {
    console.warn(`Broker sign-in of user ${userId} ended: ${reason}`);
    await signIns.end(db, userId);
    balances.delete(userId);
    lastGoodBalances.delete(userId);
    throw signedOut();
  }

  /** Renews `used` unless another request (here or in another process) already has. */
  function refreshOnce(userId: string, used: BrokerTokens): Promise<BrokerTokens> {
    let pending = refreshing.get(userId);
    if (!pending) {
      pending = (db as Database)
        .transaction(async (tx) => {
          const stored = await signIns.tokens(tx as unknown as Database, userId, true);
          if (!stored) throw new ReauthRequiredError('No stored sign-in');
          if (stored.accessToken !== used.accessToken) return stored;
          const fresh = await broker.refresh(stored);
          await signIns.save(tx as unknown as Database, userId, fresh, now());
          return fresh;
        })
        .finally(() => refreshing.delete(userId));
      refreshing.set(userId, pending);
    }
    return pending;
  }

  async function currentTokens(userId: string): Promise<BrokerTokens> {
    const stored = await signIns.tokens(db, userId);
    if (!stored) return endSignIn(userId, 'no readable tokens');
    if (stored.refreshExpiresAt && Date.parse(stored.refreshExpiresAt) <= now().getTime()) {
      return endSignIn(userId, 'the broker sign-in expired');
    }
    return broker.needsRefresh(stored, now()) ? refreshOnce(userId, stored) : stored;
  }

  /** Runs one broker call with valid tokens: refresh ahead, and once more after a 401; in the trader's context. */
  function withTokens<T>(
    userId: string,
    call: (tokens: BrokerTokens) => Promise<T>,
    kind: BrokerCallKind = 'own',
  ): Promise<T> {
    return trader.run({ userId, kind }, () => withTokensHere(userId, call));
  }

  async function withTokensHere<T>(userId: string, call: (tokens: BrokerTokens) => Promise<T>): Promise<T> {
    try {
      const tokens = await currentTokens(userId);
      try {
        return await call(tokens);
      } catch (error) {
        if (!(error instanceof AccessTokenRejectedError)) throw error;
        const renewed = await refreshOnce(userId, tokens);
        try {
          return await call(renewed);
        } catch (again) {
          if (again instanceof AccessTokenRejectedError) throw new ReauthRequiredError(again.message);
          throw again;
        }
      }
    } catch (error) {
      if (error instanceof ReauthRequiredError) return endSignIn(userId, error.message);
      throw error;
    }
  }

  return {
    /**
     * One order call of the trader's (orders/orderService.ts): with valid tokens, out of the
     * budget `kind` says (the trader's share unless it follows or cancels an order); a placement
     * also in the trader's share of the app's orders a day. Errors come as the broker threw them:
     * whether an order went out is the order service's to judge; `refusalOf` says a
     * BrokerUnavailableError to the trader.
     */
    orderCall<T>(
      userId: string,
      call: (broker: Broker, tokens: BrokerTokens) => Promise<T>,
      kind: BrokerCallKind = 'own',
    ): Promise<T> {
      return withTokens(userId, (tokens) => call(ordersBroker, tokens), kind);
    },
    refusalOf,
    async accounts(userId: string): Promise<BrokerAccount[]> {
      try {
        const fresh = await balances.getOrLoad(userId, now().getTime(), BALANCES_TTL_MS, () =>
          withTokens(userId, (tokens) => broker.listAccounts(tokens)),
        );
        lastGoodBalances.set(userId, fresh);
        return fresh;
      } catch (error) {
        if (!(error instanceof BrokerUnavailableError)) throw error;
        const lastGood = lastGoodBalances.get(userId);
        console.warn(
          `Broker unavailable (${error.message}); ${lastGood ? 'last balances used' : 'no balances'}`,
        );
        if (lastGood) return lastGood;
        throw refusalOf(error);
      }
    },
    /** The account's fills from `since` up to now; 503 while the broker is down. */
    async executions(userId: string, accountHash: string, since: Date): Promise<BrokerExecutionPage> {
      try {
        return await withTokens(userId, (tokens) => broker.executions(tokens, accountHash, since, now()));
      } catch (error) {
        if (!(error instanceof BrokerUnavailableError)) throw error;
        console.warn(`Broker unavailable for fills (${error.message})`);
        throw refusalOf(error);
      }
    },
    dailyCandles(userId: string, symbol: string): Promise<DailyCandle[]> {
      const day = tradingDayOf(now());
      const cached = candles.get(symbol);
      if (cached?.day === day) return cached.candles;
      const loading = withTokens(userId, (tokens) => broker.dailyCandles(tokens, symbol, now()));
      candles.set(symbol, { day, candles: loading });
      loading.catch(() => {
        if (candles.get(symbol)?.candles === loading) candles.delete(symbol);
      });
      return loading;
    },
    /** Daily candles of `symbol` for those New York days, in the trader's share; 503 while the broker is down. */
    async priceHistory(userId: string, symbol: string, fromDay: string, toDay: string): Promise<Candle[]> {
      try {
        return await withTokens(userId, (tokens) =>
          broker.priceHistory(tokens, symbol, fromDay, toDay, now()),
        );
      } catch (error) {
        if (!(error instanceof BrokerUnavailableError)) throw error;
        console.warn(`Broker unavailable for price history (${error.message})`);
        throw refusalOf(error);
      }
    },
    /** The last prices of `symbols`; the last known ones (`stale`) while the broker is down. */
    async quotes(userId: string, symbols: readonly string[]): Promise<{ quotes: Quote[]; stale: boolean }> {
      try {
        return await quotes.get(symbols, (missing) =>
          withTokens(userId, (tokens) => broker.quotes(tokens, missing, now())),
        );
      } catch (error) {
        if (!(error instanceof BrokerUnavailableError)) throw error;
        console.warn(`Broker unavailable for quotes (${error.message})`);
        throw refusalOf(error);
      }
    },
  };
}

export type BrokerAccess = ReturnType<typeof createBrokerAccess>;
