import { compareBrokerIds } from '../../../domain/executions.ts';
import type {
  BrokerAccount,
  BrokerExecution,
  BrokerExecutionPage,
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
  candles?: { close: number; datetime: number }[];
}

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
  instrument?: { assetType?: string; symbol?: string; type?: string };
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
  transferItems?: SchwabTransferItem[];
}

/**
 * Stocks and ETFs, the instruments a plan is made for. Schwab files an ETF under the broad
 * COLLECTIVE_INVESTMENT with `type` EXCHANGE_TRADED_FUND; the other collective investments (unit
 * trusts, closed-end funds) and mutual funds, options, bonds and the rest are skipped.
 */
const isEquityOrEtf = (instrument: NonNullable<SchwabTransferItem['instrument']>) =>
  instrument.assetType === 'EQUITY' ||
  (instrument.assetType === 'COLLECTIVE_INVESTMENT' && instrument.type === 'EXCHANGE_TRADED_FUND');

const EFFECTS: Record<string, BrokerExecution['positionEffect']> = { OPENING: 'Open', CLOSING: 'Close' };

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** One Schwab TRADE as a fill, or null when it is not an equity or ETF fill we can read. */
export function mapTransaction(t: SchwabTransaction, accountHash: string): BrokerExecution | null {
  const id = t.activityId;
  if ((typeof id !== 'number' && typeof id !== 'string') || String(id) === '') return null;
  if (t.type !== 'TRADE' || (t.status !== undefined && t.status !== 'VALID')) return null;
  const items = Array.isArray(t.transferItems) ? t.transferItems : [];
  // The security moves in the one item that is neither a fee nor cash.
  const legs = items.filter((i) => i?.instrument && i.instrument.assetType !== 'CURRENCY' && !i.feeType);
  const leg = legs.length === 1 ? legs[0] : undefined;
  if (!leg?.instrument || !isEquityOrEtf(leg.instrument)) return null;
  const symbol = typeof leg.instrument.symbol === 'string' ? leg.instrument.symbol.trim().toUpperCase() : '';
  const amount = leg.amount;
  // `tradeDate` may be a midnight placeholder; `time` is when the fill happened.
  const executedAt = Date.parse(t.time ?? t.tradeDate ?? '');
  if (!symbol || !finite(amount) || amount === 0 || Number.isNaN(executedAt)) return null;
  const price = finite(leg.price) && leg.price > 0 ? leg.price : Math.abs((leg.cost ?? Number.NaN) / amount);
  if (!finite(price) || price <= 0) return null;
  const fees = items
    .filter((i) => i?.feeType && finite(i.cost))
    .reduce((sum, i) => sum + Math.abs(i.cost as number), 0);
  return {
    accountHash,
    brokerExecutionId: String(id),
    symbol,
    side: amount > 0 ? 'Buy' : 'Sell',
    quantity: Math.abs(amount),
    price,
    // Cents added in binary drift (0.65 + 0.01); no fee is finer than a hundredth of a cent.
    fees: Math.round(fees * 10_000) / 10_000,
    executedAt: new Date(executedAt).toISOString(),
    positionEffect: EFFECTS[leg.positionEffect ?? ''] ?? null,
  };
}

/**
 * Schwab's answers to the calls of one import: each activity once (ranges meet at their ends, so
 * one may be in two answers), oldest first, within [since, now]; what is not a readable equity or
 * ETF fill is counted in `skipped`.
 */
export function mapTransactions(
  transactions: unknown[],
  accountHash: string,
  since: Date,
  now: Date,
): BrokerExecutionPage {
  const seen = new Set<string>();
  const executions: BrokerExecution[] = [];
  let skipped = 0;
  for (const t of transactions) {
    const id = (t as SchwabTransaction | null)?.activityId;
    if (id !== undefined && id !== null) {
      if (seen.has(String(id))) continue;
      seen.add(String(id));
    }
    const fill = t && typeof t === 'object' ? mapTransaction(t as SchwabTransaction, accountHash) : null;
    if (!fill) skipped++;
    else {
      const at = Date.parse(fill.executedAt);
      if (at >= since.getTime() && at <= now.getTime()) executions.push(fill);
    }
  }
  executions.sort(
    (a, b) =>
      a.executedAt.localeCompare(b.executedAt) || compareBrokerIds(a.brokerExecutionId, b.brokerExecutionId),
  );
  return { executions, skipped };
}
