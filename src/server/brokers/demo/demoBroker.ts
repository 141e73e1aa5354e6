import type { Broker, BrokerIdentity, BrokerTokens } from '../broker.ts';
import { demoDailyCandles } from './demoCandles.ts';
import { demoFills } from './demoFills.ts';
import { demoQuote } from './demoQuotes.ts';
import { findDemoTrader } from './demoTraders.ts';

export const DEMO_AUTHORIZE_PATH = '/api/v1/demo-broker/authorize';

/** The built-in paper broker: a newcomer runs one command and uses the whole product. */
export function createDemoBroker(): Broker {
  const traderOf = (tokens: BrokerTokens) => {
    const trader = findDemoTrader(tokens.accessToken.replace(/^demo:/, ''));
    if (!trader) throw new Error('Unknown demo token');
    return trader;
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
    async executions(tokens, accountHash, since, now) {
      const account = traderOf(tokens).accounts.find((a) => a.accountHash === accountHash);
      if (!account) throw new Error('Not an account of this demo trader');
      const executions = demoFills(account, now).filter((e) => Date.parse(e.executedAt) >= since.getTime());
      return { executions, skipped: 0, skippedReasons: {} };
    },
    async dailyCandles(_tokens, symbol, now) {
      return demoDailyCandles(symbol, now);
    },
    async quotes(_tokens, symbols, now) {
      return symbols.map((symbol) => demoQuote(symbol, now));
    },
  };
}
