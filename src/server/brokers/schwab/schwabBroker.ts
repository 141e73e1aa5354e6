import { addDays } from '../../../domain/candles.ts';
import { QUOTE_SYMBOLS_MAX } from '../../../domain/constants.ts';
import { type Broker, type BrokerIdentity, type BrokerTokens, BrokerUnavailableError } from '../broker.ts';
import { createSchwabHttp, SCHWAB_REQUESTS_PER_MINUTE, SchwabNotFoundError } from './schwabHttp.ts';
import {
  identityOf,
  mapAccounts,
  mapCandles,
  mapPriceHistory,
  mapQuotes,
  type SchwabAccount,
  type SchwabAccountNumber,
  type SchwabPriceHistory,
  type SchwabQuotes,
  type SchwabTokenReply,
  type SchwabUserPreference,
  tokensFromReply,
} from './schwabMapping.ts';
import { createSchwabOrderCalls, SCHWAB_ORDERS_PER_DAY, SCHWAB_ORDERS_PER_MINUTE } from './schwabOrders.ts';
import { mapTransactions, TRANSACTION_TYPES } from './schwabTransactions.ts';

const DAY_MS = 86_400_000;

const centralHour = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  hour: 'numeric',
  hourCycle: 'h23',
});

/** Midnight US Central of a calendar day (YYYY-MM-DD), in epoch ms: how Schwab stamps daily bars. */
export function centralMidnight(day: string): number {
  const guess = Date.parse(`${day}T06:00:00Z`);
  return guess - Number(centralHour.format(guess)) * 3_600_000;
}
/** Schwab answers transactions for at most a year per call. */
export const TRANSACTIONS_RANGE_MS = 365 * DAY_MS;

/**
 * The most transactions Schwab puts in one answer: a range whose answer is this long may hold
 * more, so it is split and asked again (docs/product.md, "Trades").
 */
export const TRANSACTIONS_PER_ANSWER = 3000;
/** A range this short is not split further: its full answer is taken as it is. */
const SHORTEST_RANGE_MS = 1000;

/** [from, to] cut into consecutive ranges of at most a year; each starts where the last ended. */
export function yearRanges(from: Date, to: Date): [Date, Date][] {
  const ranges: [Date, Date][] = [];
  for (let start = from.getTime(); start < to.getTime(); start += TRANSACTIONS_RANGE_MS) {
    ranges.push([new Date(start), new Date(Math.min(start + TRANSACTIONS_RANGE_MS, to.getTime()))]);
  }
  return ranges;
}

/** Renew the 30-minute access token when less than this is left (schwab-py uses the same). */
export const REFRESH_LEEWAY_MS = 5 * 60_000;

export interface SchwabConfig {
  clientId: string;
  clientSecret: string;
  /** Exactly the callback URL registered with Schwab (https, no trailing slash). */
  callbackUrl: string;
  baseUrl: string;
}

export interface SchwabBrokerOptions extends SchwabConfig {
  now?: () => Date;
  requestsPerMinute?: number;
  /** Schwab's order limits for the app (schwabOrders.ts), lower in tests. */
  ordersPerMinute?: number;
  ordersPerDay?: number;
}

/**
 * The Charles Schwab Trader API behind the `Broker` interface (tested against the local fake in
 * tests/server/brokers/schwab/fakeSchwab.ts): OAuth 2 authorization code flow, accounts joined
 * from three calls, daily price history, bracket orders (schwabOrders.ts).
 */
export function createSchwabBroker(options: SchwabBrokerOptions): Broker {
  const { clientId, clientSecret, callbackUrl, baseUrl } = options;
  const now = options.now ?? (() => new Date());
  const requestsPerMinute = options.requestsPerMinute ?? SCHWAB_REQUESTS_PER_MINUTE;
  let gate = () => {};
  const http = createSchwabHttp({ baseUrl, now, requestsPerMinute, gate: () => gate() });
  const orderLimits = {
    perMinute: options.ordersPerMinute ?? SCHWAB_ORDERS_PER_MINUTE,
    perDay: options.ordersPerDay ?? SCHWAB_ORDERS_PER_DAY,
  };
  const orders = createSchwabOrderCalls({
    http,
    now,
    ordersPerMinute: orderLimits.perMinute,
    ordersPerDay: orderLimits.perDay,
  });

  const accountData = (accessToken: string) =>
    Promise.all([
      http.getJson<SchwabAccountNumber[]>('/trader/v1/accounts/accountNumbers', accessToken),
      http.getJson<SchwabAccount[]>('/trader/v1/accounts', accessToken),
      http.getJson<SchwabUserPreference>('/trader/v1/userPreference', accessToken),
    ]);

  return {
    name: 'schwab',
    requestsPerMinute,
    orderLimits,
    setRequestGate(g) {
      gate = g;
    },
    callbackUrl,

    authorizeUrl(state) {
      // redirect_uri must match the registered URL exactly; URLSearchParams encodes it once.
      const params = new URLSearchParams({
        client_id: clientId,
        redirect_uri: callbackUrl,
        response_type: 'code',
        state,
      });
      return `${baseUrl}/v1/oauth/authorize?${params}`;
    },

    async exchangeCode(code): Promise<BrokerIdentity> {
      // `code` arrives decoded once from the query string (…%40 → …@); the form body encodes it once.
      const issuedAt = now();
      const reply = await http.token<SchwabTokenReply>(
        { grant_type: 'authorization_code', code, redirect_uri: callbackUrl },
        clientId,
        clientSecret,
      );
      const tokens = tokensFromReply(reply, issuedAt);
      const [numbers, preference] = await Promise.all([
        http.getJson<SchwabAccountNumber[]>('/trader/v1/accounts/accountNumbers', tokens.accessToken),
        http.getJson<SchwabUserPreference>('/trader/v1/userPreference', tokens.accessToken),
      ]);
      return { ...identityOf(preference, numbers), tokens };
    },

    needsRefresh(tokens, at) {
      return !tokens.accessExpiresAt || Date.parse(tokens.accessExpiresAt) - at.getTime() < REFRESH_LEEWAY_MS;
    },

    async refresh(tokens): Promise<BrokerTokens> {
      const issuedAt = now();
      const reply = await http.token<SchwabTokenReply>(
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken ?? '' },
        clientId,
        clientSecret,
      );
      return tokensFromReply(reply, issuedAt, tokens);
    },

    async listAccounts(tokens) {
      const [numbers, accounts, preference] = await accountData(tokens.accessToken);
      return mapAccounts(numbers, accounts, preference);
    },

    async executions(tokens, accountHash, since, at) {
      const answers: unknown[] = [];
      const ask = async (start: Date, end: Date): Promise<void> => {
        // ISO 8601 with milliseconds and an offset (Z), as Schwab requires: 2025-11-23T10:00:00.000Z.
        // Several types in one call, comma-separated, as schwab-py sends them.
        const params = new URLSearchParams({
          types: TRANSACTION_TYPES.join(','),
          startDate: start.toISOString(),
          endDate: end.toISOString(),
        });
        const answer = await http.getJson<unknown>(
          `/trader/v1/accounts/${encodeURIComponent(accountHash)}/transactions?${params}`,
          tokens.accessToken,
        );
        if (!Array.isArray(answer))
          throw new BrokerUnavailableError('Schwab answered transactions with no list');
        const span = end.getTime() - start.getTime();
        if (answer.length < TRANSACTIONS_PER_ANSWER || span <= SHORTEST_RANGE_MS) {
          answers.push(...answer);
          return;
        }
        // A full answer may have left some out: each half is asked again, until none is full.
        const middle = new Date(start.getTime() + Math.floor(span / 2));
        await ask(start, middle);
        await ask(middle, end);
      };
      // Ending a day ahead keeps today's fills in, however Schwab reads the end (docs/product.md,
      // "Trades").
      for (const [start, end] of yearRanges(since, new Date(at.getTime() + DAY_MS))) await ask(start, end);
      return mapTransactions(answers, accountHash, since, at);
    },

    async priceHistory(tokens, symbol, fromDay, toDay, at) {
      // Daily bars for a range (schwab-py's get_price_history_every_day): periodType year with
      // frequencyType daily, and the range in epoch ms. Bars are stamped at midnight US Central,
      // so the range runs from the first day's Central midnight to the last day's end (or now).
      const end = Math.min(centralMidnight(addDays(toDay, 1)) - 1, at.getTime());
      const params = new URLSearchParams({
        symbol,
        periodType: 'year',
        frequencyType: 'daily',
        frequency: '1',
        startDate: String(centralMidnight(fromDay)),
        endDate: String(end),
      });
      try {
        const history = await http.getJson<SchwabPriceHistory>(
          `/marketdata/v1/pricehistory?${params}`,
          tokens.accessToken,
        );
        return mapPriceHistory(history).filter((c) => c.day >= fromDay && c.day <= toDay);
      } catch (error) {
        // A symbol Schwab does not know: no candles, not an outage.
        if (error instanceof SchwabNotFoundError) return [];
        throw error;
      }
    },

    async dailyCandles(tokens, symbol, at) {
      const params = new URLSearchParams({
        symbol,
        periodType: 'year',
        period: '1',
        frequencyType: 'daily',
        frequency: '1',
        // Without endDate Schwab stops at the previous business day's close.
        endDate: String(at.getTime()),
      });
      const history = await http.getJson<SchwabPriceHistory>(
        `/marketdata/v1/pricehistory?${params}`,
        tokens.accessToken,
      );
      return mapCandles(history);
    },

    async quotes(tokens, symbols) {
      const quotes = [];
      // Schwab documents no limit on symbols a call; batches keep each URL short.
      for (let from = 0; from < symbols.length; from += QUOTE_SYMBOLS_MAX) {
        const batch = symbols.slice(from, from + QUOTE_SYMBOLS_MAX);
        const params = new URLSearchParams({ symbols: batch.join(','), fields: 'quote' });
        const answer = await http.getJson<SchwabQuotes>(
          `/marketdata/v1/quotes?${params}`,
          tokens.accessToken,
        );
        quotes.push(...mapQuotes(answer, batch));
      }
      return quotes;
    },

    ...orders,
  };
}
