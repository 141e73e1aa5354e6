import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeOrders } from './fakeSchwabOrders.ts';

/**
 * A local stand-in for Schwab's OAuth, Trader and Market Data endpoints, built from Schwab's
 * behaviour as client libraries and their users report it. Strict where Schwab is strict: Basic
 * auth and a form body on the token call, single-use codes that live 30 s, 30-minute access
 * tokens, a refresh token that dies 7 days after the first login, and a refresh that retires
 * the access tokens issued before it (so two racing refreshes lock one caller out).
 */

export interface FakeLogin {
  customerId: string;
  accounts: {
    number: string;
    hash: string;
    type: 'MARGIN' | 'CASH';
    nickName: string;
    liquidation: number;
    funds: number;
  }[];
}

export const FAKE_LOGINS: Record<string, FakeLogin> = {
  alice: {
    customerId: 'CUST-ALICE-001',
    accounts: [
      {
        number: '12345678',
        hash: 'F61ED39B2E0C08D21D9F7D896541E140B7F3A66D6EAFE977C7706C16EFF0443A',
        type: 'MARGIN',
        nickName: 'Individual',
        liquidation: 53120.4,
        funds: 10531.7,
      },
      {
        number: '87654321',
        hash: 'B1D89BE1ACC6588EB3358DF65975B2E78CB43F6011CE82E7511033D96B5008E9',
        type: 'CASH',
        nickName: 'Cash Trading',
        liquidation: 9875.25,
        funds: 2350,
      },
    ],
  },
  carol: {
    customerId: 'CUST-CAROL-003',
    accounts: [
      {
        number: '70000007',
        hash: '7777777777777777777777777777777777777777777777777777777777777777',
        type: 'CASH',
        nickName: 'Carol Cash',
        liquidation: 5000,
        funds: 5000,
      },
    ],
  },
  // Imports fills in tests of her own, so no other test's journal holds any.
  dana: {
    customerId: 'CUST-DANA-004',
    accounts: [
      {
        number: '40404040',
        hash: 'DA4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A4A',
        type: 'MARGIN',
        nickName: 'Dana Margin',
        liquidation: 42000,
        funds: 15000,
      },
    ],
  },
  // Her history has splits and transfers of shares (schwab.test.ts, "Schwab splits and transfers").
  erin: {
    customerId: 'CUST-ERIN-005',
    accounts: [
      {
        number: '50505050',
        hash: 'E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5E5',
        type: 'CASH',
        nickName: 'Erin Cash',
        liquidation: 30000,
        funds: 10000,
      },
    ],
  },
  bob: {
    customerId: 'CUST-BOB-002',
    accounts: [
      {
        number: '55550001',
        hash: '0A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728AB',
        type: 'MARGIN',
        nickName: 'Bob Margin',
        liquidation: 20000,
        funds: 8000,
      },
    ],
  },
};

const ACCESS_TTL_MS = 30 * 60_000;
const REFRESH_TTL_MS = 7 * 24 * 60 * 60_000;
const CODE_TTL_MS = 30_000;
const YEAR_MS = 365 * 24 * 60 * 60_000;
/** What Schwab's transactions call accepts: ISO 8601 with milliseconds and an offset. */
/** Schwab's transaction types (its clients' enums: schwab-py, @sudowealth/schwab-api). */
const TRANSACTION_TYPES = [
  'TRADE',
  'RECEIVE_AND_DELIVER',
  'DIVIDEND_OR_INTEREST',
  'ACH_RECEIPT',
  'ACH_DISBURSEMENT',
  'CASH_RECEIPT',
  'CASH_DISBURSEMENT',
  'ELECTRONIC_FUND',
  'WIRE_OUT',
  'WIRE_IN',
  'JOURNAL',
  'MEMORANDUM',
  'MARGIN_CALL',
  'MONEY_MARKET',
  'SMA_ADJUSTMENT',
];
const SCHWAB_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:?\d{2})$/;

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Grant {
  login: string;
  expiresAt: number;
}

export class FakeSchwab {
  readonly requests: RecordedRequest[] = [];
  /** Who approves the next sign-in on the authorize page. */
  login = 'alice';
  trend: 'up' | 'down' | 'flat' = 'up';
  /** Delay of the token endpoint, so concurrent refreshes overlap. */
  tokenDelayMs = 0;
  url = '';
  private server: Server | undefined;
  private counter = 0;
  private issued = new Set<string>();
  private codes = new Map<string, Grant & { used: boolean }>();
  private accessTokens = new Map<string, Grant & { refreshToken: string }>();
  private refreshTokens = new Map<string, Grant>();
  private failures: { status: number; body: unknown }[] = [];
  private callsBeforeRateLimit: number | undefined;
  private transactions = new Map<string, { time: string; type?: string }[]>();
  /** The orders placed, by account; the order endpoints (fakeSchwabOrders.ts). */
  readonly orders = new FakeOrders(
    () => this.now(),
    () => this.url,
    (hash, transactions) => this.seedTransactions(hash, transactions),
  );
  /** Last prices `/marketdata/v1/quotes` knows; any other symbol is an invalid one. */
  readonly prices = new Map<string, number>();
  static readonly MAX_TRANSACTIONS = 3000;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
    readonly redirectUri: string,
    readonly now: () => Date,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => {
      this.server?.close(() => r());
      this.server?.closeAllConnections();
    });
  }

  // Knobs
  expireAccessTokens() {
    for (const grant of this.accessTokens.values()) grant.expiresAt = 0;
  }
  expireRefreshTokens() {
    for (const grant of this.refreshTokens.values()) grant.expiresAt = 0;
  }
  failNext(
    status: number,
    body: unknown = { errors: [{ id: randomUUID(), status: String(status), title: 'Error' }] },
  ) {
    this.failures.push({ status, body });
  }
  /** The next `n` calls succeed, then every call answers 429 until `rateLimit(undefined)`. */
  rateLimit(n: number | undefined) {
    this.callsBeforeRateLimit = n;
  }
  /**
   * Schwab's transactions of an account (by hash): answered by time within a call's range and by
   * type among the types it asks for.
   */
  seedTransactions(accountHash: string, transactions: { time: string; type?: string }[]) {
    this.transactions.set(accountHash, [...(this.transactions.get(accountHash) ?? []), ...transactions]);
  }
  clearTransactions() {
    this.transactions.clear();
  }
  tokenCalls(grantType?: string) {
    return this.requests.filter(
      (r) =>
        r.path === '/v1/oauth/token' &&
        (!grantType || new URLSearchParams(r.body).get('grant_type') === grantType),
    );
  }
  /** A valid access token of `login`'s latest sign-in, for a test that calls the broker itself. */
  accessTokenOf(login: string): string | undefined {
    return [...this.accessTokens].findLast(([, grant]) => grant.login === login)?.[0];
  }
  /** Every access and refresh token handed out so far. */
  issuedTokens(): string[] {
    return [...this.issued];
  }
  apiCalls(path?: string) {
    return this.requests.filter(
      (r) => r.path !== '/v1/oauth/token' && r.path !== '/v1/oauth/authorize' && (!path || r.path === path),
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    let body = '';
    for await (const chunk of req) body += chunk;
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    });
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
    };

    if (this.callsBeforeRateLimit !== undefined) {
      if (this.callsBeforeRateLimit <= 0) {
        return send(429, {
          errors: [
            { id: randomUUID(), status: '429', title: 'Too Many Requests', detail: 'Rate Limit Exceeded' },
          ],
        });
      }
      this.callsBeforeRateLimit--;
    }
    const failure = url.pathname === '/v1/oauth/authorize' ? undefined : this.failures.shift();
    if (failure) return send(failure.status, failure.body);

    if (url.pathname === '/v1/oauth/authorize') return this.authorize(url, res, send);
    if (url.pathname === '/v1/oauth/token' && req.method === 'POST') {
      if (this.tokenDelayMs) await new Promise((r) => setTimeout(r, this.tokenDelayMs));
      return this.token(req, body, send);
    }
    const login = this.bearer(req);
    if (!login) {
      return send(401, {
        errors: [{ id: randomUUID(), status: 401, title: 'Unauthorized', detail: 'Client not authorized' }],
      });
    }
    const who = FAKE_LOGINS[login] as FakeLogin;
    const orderCall = /^\/trader\/v1\/accounts\/([^/]+)\/(previewOrder|orders)(?:\/([^/]+))?$/.exec(
      url.pathname,
    );
    if (orderCall) {
      const [, hash = '', endpoint, orderId] = orderCall;
      const account = who.accounts.find((a) => a.hash === decodeURIComponent(hash));
      if (!account) return send(400, { message: 'Invalid account number' });
      return this.orders.handle(req.method ?? '', endpoint as string, orderId, account, url, body, res, send);
    }
    const transactionsOf = /^\/trader\/v1\/accounts\/([^/]+)\/transactions$/.exec(url.pathname)?.[1];
    if (transactionsOf) return this.transactionsCall(who, decodeURIComponent(transactionsOf), url, send);
    switch (url.pathname) {
      case '/trader/v1/accounts/accountNumbers':
        return send(
          200,
          who.accounts.map((a) => ({ accountNumber: a.number, hashValue: a.hash })),
        );
      case '/trader/v1/accounts':
        return send(200, who.accounts.map(accountJson));
      case '/trader/v1/userPreference':
        return send(200, {
          accounts: who.accounts.map((a, i) => ({
            accountNumber: a.number,
            primaryAccount: i === 0,
            type: 'BROKERAGE',
            nickName: a.nickName,
            displayAcctId: `...${a.number.slice(-3)}`,
            accountColor: 'Green',
            autoPositionEffect: false,
          })),
          streamerInfo: [
            {
              streamerSocketUrl: 'wss://streamer-api.schwab.com/ws',
              schwabClientCustomerId: who.customerId,
              schwabClientCorrelId: randomUUID(),
              schwabClientChannel: 'IO',
              schwabClientFunctionId: 'APIAPP',
            },
          ],
          offers: [{ level2Permissions: true, mktDataPermission: 'NP' }],
        });
      case '/marketdata/v1/pricehistory':
        return this.priceHistory(url, send);
      case '/marketdata/v1/quotes':
        return this.quotes(url, send);
      default:
        return send(404, { errors: [{ id: randomUUID(), status: '404', title: 'Not Found' }] });
    }
  }

  private authorize(url: URL, res: ServerResponse, send: (s: number, p: unknown) => void) {
    const q = url.searchParams;
    if (
      q.get('client_id') !== this.clientId ||
      q.get('redirect_uri') !== this.redirectUri ||
      q.get('response_type') !== 'code'
    ) {
      return send(400, {
        error: 'invalid_request',
        error_description: 'client_id, redirect_uri or response_type mismatch',
      });
    }
    const code = `C0.FAKE${++this.counter}.${randomUUID()}@`;
    this.codes.set(code, { login: this.login, expiresAt: this.now().getTime() + CODE_TTL_MS, used: false });
    // Schwab appends to the registered URL with the code's '@' percent-encoded.
    const location = `${this.redirectUri}?code=${encodeURIComponent(code)}&session=${randomUUID()}&state=${encodeURIComponent(q.get('state') ?? '')}`;
    res.writeHead(302, { Location: location });
    res.end();
  }

  private token(req: IncomingMessage, body: string, send: (s: number, p: unknown) => void) {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (
      req.headers.authorization !== expected ||
      req.headers['content-type'] !== 'application/x-www-form-urlencoded'
    ) {
      return send(401, { error: 'invalid_client', error_description: 'Unauthorized' });
    }
    const form = new URLSearchParams(body);
    const at = this.now().getTime();
    if (form.get('grant_type') === 'authorization_code') {
      const grant = this.codes.get(form.get('code') ?? '');
      if (!grant || grant.used || grant.expiresAt <= at || form.get('redirect_uri') !== this.redirectUri) {
        return send(400, { error: 'invalid_grant', error_description: 'Bad authorization code' });
      }
      grant.used = true;
      const refreshToken = `RT-${++this.counter}-${randomUUID()}`;
      this.refreshTokens.set(refreshToken, { login: grant.login, expiresAt: at + REFRESH_TTL_MS });
      return send(200, this.issueAccess(grant.login, refreshToken, at));
    }
    if (form.get('grant_type') === 'refresh_token') {
      const refreshToken = form.get('refresh_token') ?? '';
      const grant = this.refreshTokens.get(refreshToken);
      if (!grant || grant.expiresAt <= at) {
        return send(400, {
          error: 'unsupported_token_type',
          error_description:
            '400 Bad Request: "{"error_description":"Exception while authenticating refresh token [...]","error":"refresh_token_authentication_error"}"',
        });
      }
      // A refresh retires the access tokens issued before it.
      for (const [token, access] of this.accessTokens)
        if (access.refreshToken === refreshToken) this.accessTokens.delete(token);
      return send(200, this.issueAccess(grant.login, refreshToken, at));
    }
    return send(400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
  }

  private issueAccess(login: string, refreshToken: string, at: number) {
    const accessToken = `AT-${++this.counter}-${randomUUID()}`;
    this.accessTokens.set(accessToken, { login, refreshToken, expiresAt: at + ACCESS_TTL_MS });
    this.issued.add(accessToken).add(refreshToken);
    return {
      expires_in: 1800,
      token_type: 'Bearer',
      scope: 'api',
      refresh_token: refreshToken,
      access_token: accessToken,
      id_token: `ID-${this.counter}`,
    };
  }

  private bearer(req: IncomingMessage): string | undefined {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = token ? this.accessTokens.get(token) : undefined;
    return grant && grant.expiresAt > this.now().getTime() ? grant.login : undefined;
  }

  /**
   * Strict where Schwab is: known types (one or several, comma-separated, as schwab-py sends them),
   * both dates in its format, and at most a year between them.
   */
  private transactionsCall(who: FakeLogin, hash: string, url: URL, send: (s: number, p: unknown) => void) {
    if (!who.accounts.some((a) => a.hash === hash)) return send(400, { message: 'Invalid account number' });
    const q = url.searchParams;
    const refuse = (message: string) => send(400, { message, errors: [message] });
    const types = (q.get('types') ?? '').split(',');
    if (!types.every((type) => TRANSACTION_TYPES.includes(type))) {
      return refuse(`types must be among ${TRANSACTION_TYPES.join(', ')}`);
    }
    const [start, end] = [q.get('startDate') ?? '', q.get('endDate') ?? ''];
    if (!SCHWAB_DATE.test(start) || !SCHWAB_DATE.test(end)) {
      return refuse("startDate and endDate must be yyyy-MM-dd'T'HH:mm:ss.SSSZ");
    }
    const [from, to] = [Date.parse(start), Date.parse(end)];
    if (to < from) return refuse('endDate must not be before startDate');
    if (to - from > YEAR_MS) return refuse('The date range must not exceed one year');
    const inRange = (this.transactions.get(hash) ?? []).filter((t) => {
      const at = Date.parse(t.time);
      return at >= from && at <= to && types.includes(t.type ?? 'TRADE');
    });
    // Schwab puts at most 3,000 transactions in an answer, saying nothing of the rest; which it
    // keeps it does not document: the fake keeps the oldest.
    const oldestFirst = [...inRange].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    return send(200, oldestFirst.slice(0, FakeSchwab.MAX_TRANSACTIONS));
  }

  /** Keyed by symbol, as documented; unknown symbols are listed under errors.invalidSymbols. */
  private quotes(url: URL, send: (s: number, p: unknown) => void) {
    const symbols = (url.searchParams.get('symbols') ?? '').split(',').filter(Boolean);
    const answer: Record<string, unknown> = {};
    const invalidSymbols: string[] = [];
    const at = this.now().getTime();
    for (const symbol of symbols) {
      const last = this.prices.get(symbol);
      if (last === undefined) {
        invalidSymbols.push(symbol);
        continue;
      }
      const close = Math.round(last * 0.99 * 100) / 100;
      answer[symbol] = {
        assetMainType: 'EQUITY',
        assetSubType: 'COE',
        quoteType: 'NBBO',
        realtime: true,
        ssid: 1_973_757_747,
        symbol,
        quote: {
          '52WeekHigh': last * 1.3,
          '52WeekLow': last * 0.7,
          askPrice: last + 0.02,
          askSize: 200,
          bidPrice: last - 0.02,
          bidSize: 300,
          closePrice: close,
          highPrice: last * 1.01,
          lastPrice: last,
          lowPrice: last * 0.98,
          mark: last,
          netChange: Math.round((last - close) * 100) / 100,
          netPercentChange: ((last - close) / close) * 100,
          openPrice: close,
          quoteTime: at,
          totalVolume: 20_000_000,
          tradeTime: at - 1000,
        },
      };
    }
    if (invalidSymbols.length > 0) answer.errors = { invalidSymbols };
    return send(200, answer);
  }

  /**
   * As the notes on Schwab describe it: `frequencyType` must suit `periodType` (day: minute; month:
   * daily or weekly; year and ytd: daily, weekly or monthly), else 400; `startDate` and `endDate`
   * in epoch ms, `endDate` by default the previous business day's close. With `startDate`, the
   * daily bars of that range (`rangeCandles`: each day's prices depend only on the day, today's
   * on the time too); without, the last year's (`fakeCandles`, the market cycle's trend).
   */
  private priceHistory(url: URL, send: (s: number, p: unknown) => void) {
    const q = url.searchParams;
    const symbol = q.get('symbol') ?? '';
    const periodType = q.get('periodType') ?? 'day';
    const frequencyType = q.get('frequencyType') ?? (periodType === 'day' ? 'minute' : 'daily');
    const allowed: Record<string, string[]> = {
      day: ['minute'],
      month: ['daily', 'weekly'],
      year: ['daily', 'weekly', 'monthly'],
      ytd: ['daily', 'weekly', 'monthly'],
    };
    if (!allowed[periodType]?.includes(frequencyType)) {
      return send(400, {
        errors: [{ id: randomUUID(), status: '400', title: 'Bad Request', detail: 'Invalid frequencyType' }],
      });
    }
    if (symbol === 'EMPTY') return send(200, { symbol, empty: true, candles: [] });
    if (!['$SPX', 'SPY', 'AAPL', 'MSFT'].includes(symbol)) {
      return send(404, { errors: [{ id: randomUUID(), status: '404', title: 'Not Found' }] });
    }
    const start = q.get('startDate');
    if (start !== null) {
      const end = Number(q.get('endDate') ?? this.now().getTime() - 86_400_000);
      const candles = rangeCandles(Number(start), Math.min(end, this.now().getTime()), this.now());
      return send(200, { symbol, empty: candles.length === 0, candles });
    }
    const end = Number(q.get('endDate') ?? this.now().getTime());
    return send(200, { symbol, empty: false, candles: fakeCandles(this.trend, new Date(end), 260) });
  }
}

function accountJson(a: FakeLogin['accounts'][number]) {
  const currentBalances =
    a.type === 'MARGIN'
      ? {
          cashBalance: 4210.55,
          liquidationValue: a.liquidation,
          longMarketValue: a.liquidation - 4210.55,
          availableFunds: a.funds,
          availableFundsNonMarginableTrade: a.funds,
          buyingPower: a.funds * 2,
          dayTradingBuyingPower: 0,
          equity: a.liquidation,
          maintenanceRequirement: 14672.96,
          sma: a.funds,
        }
      : {
          cashBalance: 2500,
          cashAvailableForTrading: a.funds,
          cashAvailableForWithdrawal: a.funds,
          totalCash: 2500,
          unsettledCash: 150,
          liquidationValue: a.liquidation,
          longMarketValue: a.liquidation - 2500,
        };
  return {
    securitiesAccount: {
      type: a.type,
      accountNumber: a.number,
      roundTrips: 0,
      isDayTrader: false,
      isClosingOnlyRestricted: false,
      pfcbFlag: false,
      currentBalances,
    },
    aggregatedBalance: { currentLiquidationValue: a.liquidation, liquidationValue: a.liquidation },
  };
}

/** Midnight in Chicago of a calendar day, as Schwab stamps daily bars (05:00Z summer, 06:00Z winter). */
export function centralMidnight(year: number, month: number, day: number): number {
  const guess = Date.UTC(year, month, day, 6);
  const hour = Number(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(guess),
  );
  return guess - hour * 3_600_000;
}

/**
 * Weekday bars stamped from `start` to `end` (epoch ms): each day's prices depend only on the day,
 * so a day asked twice is the same bar; today's close moves with `now`'s minute, as a session's does.
 */
export function rangeCandles(start: number, end: number, now: Date) {
  const candles = [];
  const cursor = new Date(start - 2 * 86_400_000);
  cursor.setUTCHours(0, 0, 0, 0);
  const today = centralMidnight(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (; cursor.getTime() <= end + 86_400_000; cursor.setUTCDate(cursor.getUTCDate() + 1)) {
    const weekday = cursor.getUTCDay();
    const datetime = centralMidnight(cursor.getUTCFullYear(), cursor.getUTCMonth(), cursor.getUTCDate());
    if (weekday === 0 || weekday === 6 || datetime < start || datetime > end) continue;
    const n = Math.round(datetime / 86_400_000);
    const moving = datetime >= today ? (now.getUTCMinutes() % 10) / 10 : 0;
    const close = Math.round((100 + 10 * Math.sin(n / 5) + moving) * 100) / 100;
    const open = Math.round((close - 1) * 100) / 100;
    candles.push({ open, high: close + 2, low: open - 2, close, volume: 1_000_000 + (n % 1000), datetime });
  }
  return candles;
}

/** `count` weekday candles up to `end`, oldest first, closes growing, falling or flat by 0.5 %/day. */
export function fakeCandles(trend: 'up' | 'down' | 'flat', end: Date, count: number) {
  const rate = trend === 'up' ? 0.005 : trend === 'down' ? -0.005 : 0;
  const days: number[] = [];
  const cursor = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()));
  while (days.length < count) {
    const weekday = cursor.getUTCDay();
    const stamp = centralMidnight(cursor.getUTCFullYear(), cursor.getUTCMonth(), cursor.getUTCDate());
    if (weekday !== 0 && weekday !== 6 && stamp <= end.getTime()) days.unshift(stamp);
    cursor.setUTCDate(cursor.getUTCDate() - 1);
  }
  return days.map((datetime, i) => {
    const close = Math.round(4000 * (1 + rate) ** i * 100) / 100;
    return { open: close, high: close * 1.01, low: close * 0.99, close, volume: 1_000_000 + i, datetime };
  });
}
