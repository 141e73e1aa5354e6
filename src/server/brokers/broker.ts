import type { Candle } from '../../domain/candles.ts';
import type { OptionContract } from '../../domain/optionContract.ts';
import type { BrokerExchange } from '../../domain/orderLog.ts';
import type { BracketOrder, OrderStatus } from '../../domain/orders.ts';
import type { Quote } from '../../domain/quotes.ts';
import type { StatementFill } from '../../domain/statements/statement.ts';
import type { ExecutionKind, SkippedReasons } from '../../domain/types.ts';

/** An account as the broker reports it, before the trader's own settings are merged in. */
export interface BrokerAccount {
  accountNumber: string;
  accountHash: string;
  accountName: string;
  currentBalance: number;
  availableFundsForTrading: number;
}

export interface DailyCandle {
  /** Trading day, YYYY-MM-DD. */
  date: string;
  close: number;
}

/** A stock's last price as the broker reports it (the domain's Quote, before the server stamps it). */
export type BrokerQuote = Omit<Quote, 'fetchedAt'>;

/**
 * One fill as the broker reports it, before it is filed under the trader's account; or one of its
 * position adjustments (`kind`: a split, a transfer), which move shares without a trade. What it
 * says of the fill is what a statement's says (the domain's `StatementFill`); a transfer's price
 * is its cost per share (0 when the broker reports none), a split's 0.
 */
export interface BrokerExecution
  extends Pick<
    StatementFill,
    'symbol' | 'side' | 'quantity' | 'price' | 'fees' | 'executedAt' | 'positionEffect'
  > {
  accountHash: string;
  /** The broker's own id of the fill: unique per account, so a second import skips it. */
  brokerExecutionId: string;
  /** A fill when left out. */
  kind?: ExecutionKind;
  /** The option contract a fill traded (docs/product.md, "Options"); left out for a stock. */
  option?: OptionContract;
  /**
   * The price of the stop order the broker holds for the position this opening fill started, when
   * it reports one (the demo broker does; Schwab's transactions do not). It becomes the trade's
   * initial stop unless a plan gives one.
   */
  protectiveStop?: number | null;
}

/**
 * Fills of one account in a time range; `skipped` counts what is not imported (options, …), and
 * `skippedReasons` says why (it adds up to `skipped`).
 */
export interface BrokerExecutionPage {
  executions: BrokerExecution[];
  skipped: number;
  skippedReasons: SkippedReasons;
}

/** What the server keeps of a sign-in; opaque to everything but the broker that made it. */
export interface BrokerTokens {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token expires (ISO 8601); null when it does not. */
  accessExpiresAt: string | null;
  /** When the sign-in ends for good and the trader must sign in again; null when it does not. */
  refreshExpiresAt: string | null;
}

export interface BrokerIdentity {
  /** Stable across sign-ins with the same broker login, distinct between logins. */
  brokerUserId: string;
  displayName: string;
  tokens: BrokerTokens;
}

/** One request to the broker about an order and its answer (its one definition: the domain's order log). */
export type { BrokerExchange };

/** Where an order's exchanges go, as they happen (the order log). */
export type ExchangeLog = (exchange: BrokerExchange) => void;

/** The broker's own check of an order before it is sent; advisory: the placement's answer counts. */
export interface BrokerOrderPreview {
  warnings: string[];
  rejections: string[];
}

/** An order as the broker reports it. */
export interface BrokerOrderState {
  brokerOrderId: string;
  status: OrderStatus;
  /** Shares of the entry filled so far. */
  filledQuantity: number;
  /** When the broker took it in (ISO 8601). */
  enteredAt: string;
  /** Why the broker rejected or cancelled it, in its words; null otherwise. */
  reason: string | null;
  /** What the broker holds, to recognise an order whose placement's answer was lost. */
  order: BracketOrder;
}

/** The broker refused the order (a bad price, insufficient funds…); nothing was placed. */
export class OrderRejectedError extends Error {}

/**
 * The broker has no order by that id (Schwab: a 404; the demo broker after a restart, which
 * forgets its orders): following it further is pointless.
 */
export class BrokerOrderNotFoundError extends Error {}

/** The broker refused the stored sign-in; the trader must sign in again. */
export class ReauthRequiredError extends Error {}

/** The broker refused the access token (401); a refresh and one retry may still succeed. */
export class AccessTokenRejectedError extends Error {}

/** The broker could not answer now (outage, rate limit); a cached answer may stand in. */
export class BrokerUnavailableError extends Error {}

/**
 * Our own count of the broker's order limits is reached (Schwab: 120 orders a minute, 4,000 a day,
 * for the whole app, placements leaving room for cancels): the order was not sent. Retry after
 * `retryAfterSeconds`.
 */
export class BrokerOrderLimitError extends BrokerUnavailableError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The trader has used their share of the broker's budget for now (brokerAccess.ts); a cached answer may stand in. */
export class BrokerShareUsedError extends BrokerUnavailableError {
  constructor(
    readonly retryAfterSeconds: number,
    what = "the broker's requests",
  ) {
    super(`The trader's share of ${what} is used for ${retryAfterSeconds} s`);
  }
}

/** The trader has placed their share of the app's orders a day (brokerAccess.ts): the order was not sent. */
export class OrderShareUsedError extends BrokerShareUsedError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, "the app's orders a day");
  }
}

export interface Broker {
  readonly name: string;
  /**
   * The requests a minute the broker allows the whole app (Schwab: 120, every trader's together);
   * undefined when it sets no limit (the demo broker).
   */
  readonly requestsPerMinute?: number;
  /**
   * The orders (placements and cancels) the broker allows the whole app (Schwab: 120 a minute,
   * 4,000 a day); undefined when it sets no limit. Placements leave room for cancels in both
   * (brokerBudget.ts `cancelRoom`), and each trader places a share of them a day (brokerAccess.ts).
   */
  readonly orderLimits?: { perMinute: number; perDay: number };
  /**
   * Installs what runs before each request the broker sends, in the asking trader's context: it
   * throws (BrokerShareUsedError) to refuse a request past the trader's share, or past the app's
   * reserve for following orders (brokerAccess.ts).
   */
  setRequestGate?(gate: () => void): void;
  /**
   * The redirect URI registered with the broker, when it demands an exact one (Schwab);
   * otherwise the server's own `/api/v1/auth/callback` is used.
   */
  readonly callbackUrl?: string;
  /** Where the browser goes to sign in; the broker comes back to `callbackUrl` with code and state. */
  authorizeUrl(state: string, callbackUrl: string): string;
  exchangeCode(code: string, callbackUrl: string): Promise<BrokerIdentity>;
  /** Whether the access token should be renewed before it is used at `now`. */
  needsRefresh(tokens: BrokerTokens, now: Date): boolean;
  /**
   * New tokens from the refresh token. ReauthRequiredError when the broker refuses it,
   * BrokerUnavailableError when the broker cannot answer now.
   */
  refresh(tokens: BrokerTokens): Promise<BrokerTokens>;
  listAccounts(tokens: BrokerTokens): Promise<BrokerAccount[]>;
  /**
   * The account's fills executed from `since` up to `now`, oldest first, with the splits and
   * transfers that changed its positions. Equities and ETFs only; anything else is counted in
   * `skipped`. The broker splits the range into calls it accepts.
   */
  executions(tokens: BrokerTokens, accountHash: string, since: Date, now: Date): Promise<BrokerExecutionPage>;
  /**
   * The daily candles of `symbol` (upper-case) for the New York days `fromDay` to `toDay`
   * (YYYY-MM-DD), oldest first, as known at `now`: today's, during the session, is still moving.
   * A symbol the broker does not know has none. Any symbol: candles are market data.
   */
  priceHistory(
    tokens: BrokerTokens,
    symbol: string,
    fromDay: string,
    toDay: string,
    now: Date,
  ): Promise<Candle[]>;
  /** Daily closes, oldest first, up to `now`. */
  dailyCandles(tokens: BrokerTokens, symbol: string, now: Date): Promise<DailyCandle[]>;
  /**
   * The last prices of `symbols` (upper-case, at most QUOTE_SYMBOLS_MAX), at `now`; a symbol the
   * broker does not know is left out of the answer.
   */
  quotes(tokens: BrokerTokens, symbols: readonly string[], now: Date): Promise<BrokerQuote[]>;
  // Orders (issue 29; docs/product.md, "Orders"). previewOrder is optional: not every broker has one.
  /** The broker's preview of an order; undefined when it has none. */
  previewOrder?(
    tokens: BrokerTokens,
    accountHash: string,
    order: BracketOrder,
    log: ExchangeLog,
  ): Promise<BrokerOrderPreview>;
  /**
   * Sends the order once and answers its id. OrderRejectedError when the broker refuses it;
   * BrokerUnavailableError (or any other error) when the answer is not known: it may have arrived.
   */
  placeOrder(
    tokens: BrokerTokens,
    accountHash: string,
    order: BracketOrder,
    log: ExchangeLog,
  ): Promise<string>;
  /** The order as the broker holds it now; BrokerOrderNotFoundError when it has none by that id. */
  getOrder(
    tokens: BrokerTokens,
    accountHash: string,
    brokerOrderId: string,
    log: ExchangeLog,
  ): Promise<BrokerOrderState>;
  /** Asks the broker to cancel a working order; getOrder then says whether it was (or filled first). */
  cancelOrder(
    tokens: BrokerTokens,
    accountHash: string,
    brokerOrderId: string,
    log: ExchangeLog,
  ): Promise<void>;
  /** The account's orders entered from `since` up to `now`: where a lost placement is looked for. */
  recentOrders(
    tokens: BrokerTokens,
    accountHash: string,
    since: Date,
    now: Date,
    log: ExchangeLog,
  ): Promise<BrokerOrderState[]>;
}
