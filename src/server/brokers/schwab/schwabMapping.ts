import { type Candle, validateCandle } from '../../../domain/candles.ts';
import type { BrokerAccount, BrokerQuote, BrokerTokens, DailyCandle } from '../broker.ts';

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
