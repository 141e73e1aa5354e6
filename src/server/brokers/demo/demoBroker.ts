import type { Broker, BrokerIdentity, BrokerTokens } from '../broker.ts';
import { demoDailyCandles } from './demoCandles.ts';
import { demoFills } from './demoFills.ts';
import { createDemoOrderBook } from './demoOrders.ts';
import { demoPriceHistoryInTurns } from './demoPriceHistory.ts';
import { demoQuote } from './demoQuotes.ts';
import { findDemoTrader } from './demoTraders.ts';

export const DEMO_AUTHORIZE_PATH = '/api/v1/demo-broker/authorize';

export interface DemoBrokerOptions {
  /** The clock its simulated orders run on (demoOrders.ts). */
  now?: () => Date;
}

/** The built-in paper broker: a newcomer runs one command and uses the whole product. */
export function createDemoBroker(options: DemoBrokerOptions = {}): Broker {
  const now = options.now ?? (() => new Date());
  const book = createDemoOrderBook(now);
  const traderOf = (tokens: BrokerTokens) => {
    const trader = findDemoTrader(tokens.accessToken.replace(/^demo:/, ''));
    if (!trader) throw new Error('Unknown demo token');
    return trader;
  };
  const accountOf = (tokens: BrokerTokens, accountHash: string) => {
    const account = traderOf(tokens).accounts.find((a) => a.accountHash === accountHash);
    if (!account) throw new Error('Not an account of this demo trader');
    return account;
  };
  return {
    name: 'demo',
    authorizeUrl(state, callbackUrl) {
      const params = new URLSearchParams({ state, redirect_uri: callbackUrl });
      return `${DEMO_AUTHORIZE_PATH}?${params}`;
    },
    async exchangeCode(code): Promise<BrokerIdentity> {
      const trader = findDemoTrader(code);
      if (!trader) throw new Error('Unknown demo sign-in code');
      return {
        brokerUserId: trader.id,
        displayName: trader.displayName,
        tokens: {
          accessToken: `demo:${trader.id}`,
          refreshToken: null,
          accessExpiresAt: null,
          refreshExpiresAt: null,
        },
      };
    },
    needsRefresh: () => false,
    async refresh(tokens) {
      return tokens;
    },
    async listAccounts(tokens) {
      return traderOf(tokens).accounts.map((a) => ({ ...a }));
    },
    async executions(tokens, accountHash, since, at) {
      const account = accountOf(tokens, accountHash);
      const executions = [
        ...demoFills(account, at).filter((e) => Date.parse(e.executedAt) >= since.getTime()),
        // The fills of the orders placed here (demoOrders.ts), in time with the rest.
        ...book.executions(account, since, at),
      ].sort((a, b) => a.executedAt.localeCompare(b.executedAt));
      return { executions, skipped: 0, skippedReasons: {} };
    },
    async priceHistory(_tokens, symbol, fromDay, toDay, at) {
      return demoPriceHistoryInTurns(symbol, fromDay, toDay, at);
    },
    async dailyCandles(_tokens, symbol, now) {
      return demoDailyCandles(symbol, now);
    },
    async quotes(_tokens, symbols, at) {
      return symbols.map((symbol) => demoQuote(symbol, at));
    },
    async previewOrder(tokens, accountHash, order, log) {
      return book.preview(accountOf(tokens, accountHash), order, log);
    },
    async placeOrder(tokens, accountHash, order, log) {
      return book.place(accountOf(tokens, accountHash), order, log);
    },
    async getOrder(tokens, accountHash, brokerOrderId, log) {
      return book.get(accountOf(tokens, accountHash), brokerOrderId, log);
    },
    async cancelOrder(tokens, accountHash, brokerOrderId, log) {
      book.cancel(accountOf(tokens, accountHash), brokerOrderId, log);
    },
    async recentOrders(tokens, accountHash, since, at, log) {
      return book.recent(accountOf(tokens, accountHash), since, at, log);
    },
  };
}
