// Schwab's transactions as fills and position adjustments (`GET …/transactions`): what an import reads.
import { newYorkDate } from '../../../domain/dateRanges.ts';
import { compareBrokerIds, countSkipped, type OptionClosing } from '../../../domain/executions.ts';
import { type OptionContract, optionContract, parseOptionSymbol } from '../../../domain/optionContract.ts';
import { sumAtPrecision } from '../../../domain/rounding.ts';
import type { SkippedReasons, SkipReason } from '../../../domain/types.ts';
import type { BrokerExecution, BrokerExecutionPage } from '../broker.ts';

export interface SchwabTransferItem {
  instrument?: {
    assetType?: string;
    symbol?: string;
    type?: string;
    cusip?: string;
    // An option's (TransactionOption in Schwab's Trader API): `symbol` is OCC's.
    underlyingSymbol?: string;
    putCall?: string;
    strikePrice?: number;
    expirationDate?: string;
    optionPremiumMultiplier?: number;
  };
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

const isOption = (instrument: Instrument) => instrument.assetType === 'OPTION';

const EFFECTS: Record<string, BrokerExecution['positionEffect']> = { OPENING: 'Open', CLOSING: 'Close' };

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

const symbolOf = (instrument: Instrument) =>
  typeof instrument.symbol === 'string' ? instrument.symbol.trim().toUpperCase() : '';

/**
 * An option leg's underlying and contract (docs/product.md, "Options"): from its OCC symbol, else
 * from the instrument's fields; the multiplier is `optionPremiumMultiplier`, 100 without one.
 */
function contractOf(instrument: Instrument): { symbol: string; option: OptionContract } | undefined {
  const m = instrument.optionPremiumMultiplier;
  const multiplier = finite(m) && m > 0 ? m : 100;
  const underlying = instrument.underlyingSymbol?.trim().toUpperCase();
  const parsed = parseOptionSymbol(instrument.symbol ?? '', multiplier);
  if (parsed) return { symbol: underlying || parsed.symbol, option: parsed.option };
  const expiresAt = Date.parse(instrument.expirationDate ?? '');
  if (!underlying || Number.isNaN(expiresAt)) return undefined;
  const [error, option] = optionContract.validate(
    {
      expiration: newYorkDate(new Date(expiresAt)),
      strike: instrument.strikePrice,
      putCall: instrument.putCall === 'CALL' ? 'Call' : instrument.putCall === 'PUT' ? 'Put' : undefined,
      multiplier,
    },
    { coerce: true },
  );
  return error ? undefined : { symbol: underlying, option };
}

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
  if (!isEquityOrEtf(leg.instrument) && !isOption(leg.instrument)) return 'notStockOrEtf';
  const contract = isOption(leg.instrument) ? contractOf(leg.instrument) : undefined;
  if (isOption(leg.instrument) && !contract) return 'unreadable';
  const symbol = contract?.symbol ?? symbolOf(leg.instrument);
  const amount = leg.amount;
  const executedAt = timeOf(t);
  if (!symbol || !finite(amount) || amount === 0 || Number.isNaN(executedAt)) return 'unreadable';
  // An option's cost is its premium per share times the contracts and the multiplier.
  const perUnit = amount * (contract?.option.multiplier ?? 1);
  const price = finite(leg.price) && leg.price > 0 ? leg.price : Math.abs((leg.cost ?? Number.NaN) / perUnit);
  if (!finite(price) || price <= 0) return 'unreadable';
  return {
    accountHash,
    brokerExecutionId: id,
    symbol,
    ...(contract ? { option: contract.option } : {}),
    side: amount > 0 ? 'Buy' : 'Sell',
    quantity: Math.abs(amount),
    price,
    fees: feesOf(t),
    executedAt: new Date(executedAt).toISOString(),
    positionEffect: EFFECTS[leg.positionEffect ?? ''] ?? null,
  };
}

/**
 * How Schwab's description says an option left the account without a trade: "REMOVAL OF OPTION
 * DUE TO ASSIGNMENT" (or EXERCISE, or EXPIRATION). A removal that names no reason is an expiry.
 */
const closingOf = (description: string): OptionClosing =>
  /ASSIGN/i.test(description) ? 'assignment' : /EXERC/i.test(description) ? 'exercise' : 'expiry';

/**
 * One option removed by a RECEIVE_AND_DELIVER (docs/product.md, "Options"): it closes at 0; the
 * shares an assignment or exercise moves come as trades of their own. The amount's sign says which
 * way the contracts left, as for shares.
 */
function optionRemoval(
  t: SchwabTransaction,
  leg: SchwabTransferItem & { instrument: Instrument },
  id: string,
  at: number,
  accountHash: string,
): BrokerExecution | SkipReason {
  const contract = contractOf(leg.instrument);
  if (!contract || !finite(leg.amount) || leg.amount === 0) return 'unreadable';
  return {
    accountHash,
    brokerExecutionId: id,
    kind: closingOf(t.description ?? ''),
    symbol: contract.symbol,
    option: contract.option,
    side: leg.amount > 0 ? 'Buy' : 'Sell',
    quantity: Math.abs(leg.amount),
    price: 0,
    fees: feesOf(t),
    executedAt: new Date(at).toISOString(),
    positionEffect: 'Close',
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
  if (legs.length === 1 && isOption(legs[0]!.instrument))
    return optionRemoval(t, legs[0]!, id, at, accountHash);
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
