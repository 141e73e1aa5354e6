import { type Candle, validateCandle } from '../../../domain/candles.ts';
import { compareBrokerIds, countSkipped } from '../../../domain/executions.ts';
import { sumAtPrecision } from '../../../domain/rounding.ts';
import type { SkippedReasons, SkipReason } from '../../../domain/types.ts';
import type {
  BrokerAccount,
  BrokerExecution,
  BrokerExecutionPage,
  BrokerQuote,
  BrokerTokens,
  DailyCandle,
} from '../broker.ts';

/** Schwab's sign-in lasts 7 days from the first login; refreshing does not extend it. */
export const REFRESH_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface SchwabTokenReply {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type?: string;
  scope?: string;
  id_token?: string;
}

export interface SchwabAccountNumber {
  accountNumber: string;
  hashValue: string;
}

export interface SchwabAccount {
  securitiesAccount: {
    type: string;
    accountNumber: string;
    currentBalances?: Record<string, number | undefined>;
  };
  aggregatedBalance?: { currentLiquidationValue?: number; liquidationValue?: number };
}

export interface SchwabUserPreference {
  accounts?: { accountNumber: string; nickName?: string; displayAcctId?: string; primaryAccount?: boolean }[];
  streamerInfo?: { schwabClientCustomerId?: string }[];
}

export interface SchwabPriceHistory {
  symbol?: string;
  empty?: boolean;
  candles?: {
    open?: number;
    high?: number;
    low?: number;
    close: number;
    volume?: number;
    datetime: number;
  }[];
}

/** `GET /marketdata/v1/quotes` with `fields=quote`: keyed by symbol (docs: ../shared/notes, "Quotes"). */
export type SchwabQuotes = Record<
  string,
  {
    symbol?: string;
    quote?: {
      lastPrice?: number;
      bidPrice?: number;
      askPrice?: number;
      closePrice?: number;
      netChange?: number;
      tradeTime?: number;
    };
  }
>;

/** `refreshExpiresAt` of the first sign-in is carried through every refresh unchanged. */
export function tokensFromReply(
  reply: SchwabTokenReply,
  issuedAt: Date,
  previous?: BrokerTokens,
): BrokerTokens {
  if (typeof reply.access_token !== 'string' || !Number.isFinite(reply.expires_in)) {
    throw new Error('Schwab token reply without access_token or expires_in');
  }
  const refreshToken = reply.refresh_token ?? previous?.refreshToken ?? null;
  if (!refreshToken) throw new Error('Schwab token reply without refresh_token');
  return {
    accessToken: reply.access_token,
    refreshToken,
    accessExpiresAt: new Date(issuedAt.getTime() + reply.expires_in * 1000).toISOString(),
    refreshExpiresAt:
      previous?.refreshExpiresAt ?? new Date(issuedAt.getTime() + REFRESH_TOKEN_LIFETIME_MS).toISOString(),
  };
}

const finiteOr = (...values: (number | undefined)[]) =>
  values.find((v): v is number => typeof v === 'number' && Number.isFinite(v)) ?? 0;

/**
 * Joins Schwab's three account answers on the account number (the balances have no hash):
 * currentBalance = liquidation value ("Account value"); available funds = cash available for
 * trading in a CASH account, available funds in a MARGIN account.
 */
export function mapAccounts(
  numbers: SchwabAccountNumber[],
  accounts: SchwabAccount[],
  preference: SchwabUserPreference,
): BrokerAccount[] {
  const hashOf = new Map(numbers.map((n) => [n.accountNumber, n.hashValue]));
  const nameOf = new Map((preference.accounts ?? []).map((a) => [a.accountNumber, a.nickName]));
  return accounts.flatMap(({ securitiesAccount: account, aggregatedBalance }) => {
    const hash = hashOf.get(account.accountNumber);
    if (!hash) return []; // Not in accountNumbers: Schwab gives no way to address it.
    const balances = account.currentBalances ?? {};
    const available =
      account.type === 'CASH'
        ? finiteOr(balances.cashAvailableForTrading)
        : finiteOr(balances.availableFunds, balances.cashAvailableForTrading);
    return [
      {
        accountNumber: account.accountNumber,
        accountHash: hash,
        accountName:
          nameOf.get(account.accountNumber) ||
          `${titleCase(account.type)} ${account.accountNumber.slice(-3)}`,
        currentBalance: finiteOr(balances.liquidationValue, aggregatedBalance?.currentLiquidationValue),
        availableFundsForTrading: available,
      },
    ];
  });
}

const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();

const tradingDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Schwab stamps daily bars at midnight US Central: the trading day is the Central date. */
export function mapCandles(history: SchwabPriceHistory): DailyCandle[] {
  if (history.empty || !Array.isArray(history.candles)) return [];
  return history.candles
    .filter((c) => Number.isFinite(c.close) && Number.isFinite(c.datetime))
    .sort((a, b) => a.datetime - b.datetime)
    .map((c) => ({ date: tradingDay.format(new Date(c.datetime)), close: c.close }));
}

/**
 * Schwab's daily bars as candles (docs/product.md, "Candles"): each stamped at midnight US Central,
 * so the trading day is the Central date. A bar without a whole, sensible set of prices is left out.
 */
export function mapPriceHistory(history: SchwabPriceHistory): Candle[] {
  if (history.empty || !Array.isArray(history.candles)) return [];
  const candles: Candle[] = [];
  for (const c of [...history.candles].sort((a, b) => a.datetime - b.datetime)) {
    if (!Number.isFinite(c.datetime)) continue;
    const candle = {
      day: tradingDay.format(new Date(c.datetime)),
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      volume: c.volume ?? 0,
    };
    if (validateCandle(candle).ok) candles.push(candle as Candle);
  }
  return candles;
}

const finiteOrNull = (n: number | undefined): number | null =>
  typeof n === 'number' && Number.isFinite(n) ? n : null;

/**
 * Schwab's quotes for the symbols asked; a symbol it does not know, or answers with no last
 * price, is left out. Times are epoch ms.
 */
export function mapQuotes(answer: SchwabQuotes, asked: readonly string[]): BrokerQuote[] {
  return asked.flatMap((symbol) => {
    const quote = answer?.[symbol]?.quote;
    const last = finiteOrNull(quote?.lastPrice);
    if (!quote || last === null || last <= 0) return [];
    const tradeTime = finiteOrNull(quote.tradeTime);
    return [
      {
        symbol,
        last,
        bid: finiteOrNull(quote.bidPrice),
        ask: finiteOrNull(quote.askPrice),
        close: finiteOrNull(quote.closePrice),
        netChange: finiteOrNull(quote.netChange),
        tradeTime: tradeTime === null ? null : new Date(tradeTime).toISOString(),
      },
    ];
  });
}

/** The Schwab login behind the tokens: stable across sign-ins, distinct between logins. */
export function identityOf(preference: SchwabUserPreference, numbers: SchwabAccountNumber[]) {
  const customerId = preference.streamerInfo?.[0]?.schwabClientCustomerId;
  const primary = preference.accounts?.find((a) => a.primaryAccount) ?? preference.accounts?.[0];
  const shownNumber = primary?.displayAcctId ?? (primary ? `...${primary.accountNumber.slice(-3)}` : '');
  // Without a customer id the sorted account numbers still name one login's set of accounts.
  const brokerUserId =
    customerId ??
    (numbers.length > 0
      ? `accounts:${numbers
          .map((n) => n.accountNumber)
          .sort()
          .join(',')}`
      : undefined);
  if (!brokerUserId) throw new Error('Schwab gave neither a customer id nor accounts for this login');
  return { brokerUserId, displayName: `Schwab ${shownNumber}`.trim() };
}

export interface SchwabTransferItem {
  instrument?: { assetType?: string; symbol?: string; type?: string; cusip?: string };
  amount?: number;
  cost?: number;
  price?: number;
  feeType?: string;
  positionEffect?: string;
}

export interface SchwabTransaction {
  activityId?: number | string;
  time?: string;
  tradeDate?: string;
  type?: string;
  status?: string;
  description?: string;
  transferItems?: SchwabTransferItem[];
}

/**
 * The transaction types the import asks for: trades, and the receipts and deliveries of
 * securities through which Schwab books splits, reverse splits and transfers of shares in or out
 * (it has no type of its own for corporate actions).
 */
export const TRANSACTION_TYPES = ['TRADE', 'RECEIVE_AND_DELIVER'] as const;

type Instrument = NonNullable<SchwabTransferItem['instrument']>;

/**
 * Stocks and ETFs, the instruments a plan is made for. Schwab files an ETF under the broad
 * COLLECTIVE_INVESTMENT with `type` EXCHANGE_TRADED_FUND; the other collective investments (unit
 * trusts, closed-end funds) and mutual funds, options, bonds and the rest are skipped.
 */
const isEquityOrEtf = (instrument: Instrument) =>
  instrument.assetType === 'EQUITY' ||
  (instrument.assetType === 'COLLECTIVE_INVESTMENT' && instrument.type === 'EXCHANGE_TRADED_FUND');

const EFFECTS: Record<string, BrokerExecution['positionEffect']> = { OPENING: 'Open', CLOSING: 'Close' };

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

const symbolOf = (instrument: Instrument) =>
  typeof instrument.symbol === 'string' ? instrument.symbol.trim().toUpperCase() : '';

/** When it happened: `tradeDate` may be a midnight placeholder; `time` is when. NaN when neither reads. */
const timeOf = (t: SchwabTransaction) => Date.parse(t.time ?? t.tradeDate ?? '');

/** The items that move a security: neither a fee nor cash. */
const securityLegs = (t: SchwabTransaction) =>
  (Array.isArray(t.transferItems) ? t.transferItems : []).filter(
    (i): i is SchwabTransferItem & { instrument: Instrument } =>
      Boolean(i?.instrument) && i.instrument?.assetType !== 'CURRENCY' && !i.feeType,
  );

/**
 * Every fee and commission of a transaction, to the precision Schwab gave them in: summed without
 * float dust (0.65 + 0.01 is 0.66), and a fee finer than a cent kept as it is.
 */
const feesOf = (t: SchwabTransaction) =>
  sumAtPrecision(
    (Array.isArray(t.transferItems) ? t.transferItems : [])
      .filter((i) => i?.feeType && finite(i.cost))
      .map((i) => Math.abs(i.cost as number)),
  );

const idOf = (t: SchwabTransaction): string | undefined => {
  const id = t.activityId;
  return (typeof id === 'number' || typeof id === 'string') && String(id) !== '' ? String(id) : undefined;
};

/** One Schwab TRADE as a fill, or why it is not one we can read. */
function tradeFill(t: SchwabTransaction, accountHash: string): BrokerExecution | SkipReason {
  const id = idOf(t);
  if (id === undefined || t.type !== 'TRADE' || (t.status !== undefined && t.status !== 'VALID')) {
    return 'unreadable';
  }
  // The security moves in the one item that is neither a fee nor cash.
  const legs = securityLegs(t);
  const leg = legs.length === 1 ? legs[0] : undefined;
  if (!leg) return 'unreadable';
  if (!isEquityOrEtf(leg.instrument)) return 'notStockOrEtf';
  const symbol = symbolOf(leg.instrument);
  const amount = leg.amount;
  const executedAt = timeOf(t);
  if (!symbol || !finite(amount) || amount === 0 || Number.isNaN(executedAt)) return 'unreadable';
  const price = finite(leg.price) && leg.price > 0 ? leg.price : Math.abs((leg.cost ?? Number.NaN) / amount);
  if (!finite(price) || price <= 0) return 'unreadable';
  return {
    accountHash,
    brokerExecutionId: id,
    symbol,
    side: amount > 0 ? 'Buy' : 'Sell',
    quantity: Math.abs(amount),
    price,
    fees: feesOf(t),
    executedAt: new Date(executedAt).toISOString(),
    positionEffect: EFFECTS[leg.positionEffect ?? ''] ?? null,
  };
}

/** One Schwab TRADE as a fill, or null when it is not an equity or ETF fill we can read. */
export function mapTransaction(t: SchwabTransaction, accountHash: string): BrokerExecution | null {
  const fill = tradeFill(t, accountHash);
  return typeof fill === 'string' ? null : fill;
}

/** One leg of a split: shares of `symbol` taken away (negative) or added, at `at` (epoch ms). */
interface SplitLeg {
  id: string;
  at: number;
  symbol: string;
  amount: number;
}

/**
 * A security's old identifier as Schwab books the removal of the old shares in a reverse split
 * (its CUSIP, 9 characters starting with three digits, where a ticker has letters).
 */
const isCusip = (symbol: string) => /^\d{3}[0-9A-Z]{5}\d$/.test(symbol);

/**
 * One RECEIVE_AND_DELIVER of stocks or ETFs: a transfer of shares in or out, or the legs of a split
 * (paired across transactions in `splitsOf`), or why it is neither.
 *
 * Schwab books a split as securities received and delivered at no cost: a forward split delivers
 * the new shares, a reverse split removes the old ones (under the old CUSIP) and delivers the new,
 * in one transaction or in two within the same minute, and the description says SPLIT. Anything
 * else that moves one security is a transfer (ACATS, a journal between accounts), at the cost per
 * share Schwab reports, if any. Several securities at once (a merger, an exchange) are not read.
 */
function positionAdjustment(
  t: SchwabTransaction,
  accountHash: string,
): BrokerExecution | SplitLeg[] | SkipReason {
  const id = idOf(t);
  const at = timeOf(t);
  if (id === undefined || (t.status !== undefined && t.status !== 'VALID') || Number.isNaN(at)) {
    return 'unreadable';
  }
  const legs = securityLegs(t);
  if (legs.length === 0 || !legs.every((l) => isEquityOrEtf(l.instrument))) return 'notStockOrEtf';
  if (!legs.every((l) => symbolOf(l.instrument) !== '' && finite(l.amount) && l.amount !== 0))
    return 'unreadable';
  const symbols = new Set(legs.map((l) => symbolOf(l.instrument)));
  const bothWays = legs.some((l) => (l.amount as number) > 0) && legs.some((l) => (l.amount as number) < 0);
  const isSplit = /SPLIT/i.test(t.description ?? '') || (symbols.size === 1 && bothWays);
  if (isSplit) {
    // The old CUSIP of a split booked in one transaction is its ticker's.
    const tickers = [...symbols].filter((symbol) => !isCusip(symbol));
    return legs.map((l) => {
      const symbol = symbolOf(l.instrument);
      return {
        id,
        at,
        symbol: isCusip(symbol) && tickers.length === 1 ? tickers[0]! : symbol,
        amount: l.amount as number,
      };
    });
  }
  if (legs.length !== 1) return 'corporateAction';
  const leg = legs[0]!;
  const amount = leg.amount as number;
  const perShare = finite(leg.price) && leg.price > 0 ? leg.price : Math.abs((leg.cost ?? 0) / amount);
  return {
    accountHash,
    brokerExecutionId: id,
    kind: 'transfer',
    symbol: symbolOf(leg.instrument),
    side: amount > 0 ? 'Buy' : 'Sell',
    quantity: Math.abs(amount),
    price: finite(perShare) && perShare > 0 ? perShare : 0,
    fees: feesOf(t),
    executedAt: new Date(at).toISOString(),
    positionEffect: null,
  };
}

/** Legs of one split are booked within this of each other. */
const SPLIT_LEGS_WITHIN_MS = 60_000;

/**
 * The splits the legs make: legs of one minute are one split per security, netted (a reverse split
 * 1-for-100 of 100 shares removes 100 and delivers 1: 99 taken away). A leg under an old CUSIP
 * belongs to the one ticker split in that minute; with none or several, it cannot be placed.
 * A split is known by the broker id of its first leg, so importing it again finds the same one.
 */
function splitsOf(legs: SplitLeg[], accountHash: string, skipped: SkippedReasons): BrokerExecution[] {
  const splits: BrokerExecution[] = [];
  const sorted = [...legs].sort((a, b) => a.at - b.at || compareBrokerIds(a.id, b.id));
  for (let i = 0; i < sorted.length; ) {
    const start = sorted[i]!.at;
    let end = i;
    while (end < sorted.length && sorted[end]!.at - start <= SPLIT_LEGS_WITHIN_MS) end++;
    const group = sorted.slice(i, end);
    i = end;
    const tickers = [...new Set(group.filter((l) => !isCusip(l.symbol)).map((l) => l.symbol))];
    const bySymbol = new Map<string, SplitLeg[]>();
    for (const leg of group) {
      const symbol = isCusip(leg.symbol) && tickers.length === 1 ? tickers[0]! : leg.symbol;
      if (isCusip(symbol)) {
        countSkipped(skipped, 'corporateAction');
        continue;
      }
      bySymbol.set(symbol, [...(bySymbol.get(symbol) ?? []), leg]);
    }
    for (const [symbol, parts] of bySymbol) {
      const net = sumAtPrecision(parts.map((p) => p.amount));
      if (net === 0) continue; // A new identifier for the same shares changes nothing.
      const first = parts[0]!;
      splits.push({
        accountHash,
        brokerExecutionId: first.id,
        kind: 'split',
        symbol,
        side: net > 0 ? 'Buy' : 'Sell',
        quantity: Math.abs(net),
        price: 0,
        fees: 0,
        executedAt: new Date(first.at).toISOString(),
        positionEffect: null,
      });
    }
  }
  return splits;
}

/**
 * Schwab's answers to the calls of one import: each activity once (ranges meet at their ends, so
 * one may be in two answers), oldest first, within [since, now]: the fills of its trades, and the
 * splits and transfers of its receipts and deliveries. What cannot be read is counted in `skipped`,
 * with why in `skippedReasons`.
 */
export function mapTransactions(
  transactions: unknown[],
  accountHash: string,
  since: Date,
  now: Date,
): BrokerExecutionPage {
  const seen = new Set<string>();
  const read: BrokerExecution[] = [];
  const splitLegs: SplitLeg[] = [];
  const skippedReasons: SkippedReasons = {};
  for (const t of transactions) {
    const id = (t as SchwabTransaction | null)?.activityId;
    if (id !== undefined && id !== null) {
      if (seen.has(String(id))) continue;
      seen.add(String(id));
    }
    const transaction = (t && typeof t === 'object' ? t : {}) as SchwabTransaction;
    const result =
      transaction.type === 'RECEIVE_AND_DELIVER'
        ? positionAdjustment(transaction, accountHash)
        : transaction.type === 'TRADE'
          ? tradeFill(transaction, accountHash)
          : 'unreadable';
    if (typeof result === 'string') countSkipped(skippedReasons, result);
    else if (Array.isArray(result)) splitLegs.push(...result);
    else read.push(result);
  }
  read.push(...splitsOf(splitLegs, accountHash, skippedReasons));
  const executions = read.filter((e) => {
    const at = Date.parse(e.executedAt);
    return at >= since.getTime() && at <= now.getTime();
  });
  executions.sort(
    (a, b) =>
      a.executedAt.localeCompare(b.executedAt) || compareBrokerIds(a.brokerExecutionId, b.brokerExecutionId),
  );
  const skipped = Object.values(skippedReasons).reduce((sum, n) => sum + n, 0);
  return { executions, skipped, skippedReasons };
}
