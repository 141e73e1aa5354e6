// An option contract (docs/product.md, "Options"): what an option fill carries beside its
// underlying's symbol, its struct (the one definition, part of executions.ts's fill), and the
// symbols brokers write it as: OCC's (`AAPL  261218C00200000`, Schwab's API) and thinkorswim's
// (`.AAPL261218C200`).
import { defaulted, define, type Infer, object, Struct } from 'superstruct';
import { OPTION_MULTIPLIER_DEFAULT, OPTION_MULTIPLIER_MAX, STOCK_SYMBOL_PATTERN } from './constants.ts';
import { isCalendarDate, newYorkMidnight } from './dateRanges.ts';
import { optionMessages } from './optionMessages.ts';
import { between, oneOf, price } from './validation.ts';

export const PUT_CALL = ['Call', 'Put'] as const;
export type PutCall = (typeof PUT_CALL)[number];

/** Strikes are written in thousandths of a dollar in OCC's symbol. */
const STRIKE_UNITS = 1000;

const contractFields = object({
  /** The last trading day, YYYY-MM-DD (New York). */
  expiration: define<string>(
    'expiration',
    (v) => (typeof v === 'string' && isCalendarDate(v)) || optionMessages.expirationInvalid,
  ),
  strike: price(optionMessages.strikeNotPositive, 'Strike'),
  putCall: oneOf(PUT_CALL, optionMessages.putCallInvalid),
  /** Shares one contract moves: 100 unless the source says otherwise (an adjusted contract). */
  multiplier: defaulted(
    between(
      [0, true, optionMessages.multiplierInvalid],
      [OPTION_MULTIPLIER_MAX, optionMessages.multiplierInvalid],
    ),
    OPTION_MULTIPLIER_DEFAULT,
  ),
});
export type OptionContract = Infer<typeof contractFields>;

/** The contract of an option fill; its underlying is the fill's `symbol`. Not an object: said in words. */
export const optionContract = new Struct<OptionContract, typeof contractFields.schema>({
  ...contractFields,
  validator: (v) =>
    (typeof v === 'object' && v !== null && !Array.isArray(v)) || optionMessages.optionNotObject,
});

/** What an amount per share is worth per contract: 1 for a stock (no contract). */
export const multiplierOf = (option: OptionContract | null | undefined): number => option?.multiplier ?? 1;

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const yymmdd = (expiration: string) => expiration.slice(2).replaceAll('-', '');
const strikeDigits = (strike: number) => pad(Math.round(strike * STRIKE_UNITS), 8);
const letter = (putCall: PutCall) => (putCall === 'Call' ? 'C' : 'P');

/** OCC's symbol: the root padded to 6 characters, YYMMDD, C or P, the strike in thousandths (8 digits). */
export const occSymbolOf = (symbol: string, option: OptionContract): string =>
  `${symbol.padEnd(6, ' ')}${yymmdd(option.expiration)}${letter(option.putCall)}${strikeDigits(option.strike)}`;

/**
 * The contract's name in a trade key and a trade's group: OCC's symbol without its padding. Two
 * fills of one contract (underlying, expiration, strike, put/call) share it.
 */
export const contractKeyOf = (symbol: string, option: OptionContract): string =>
  occSymbolOf(symbol, option).replaceAll(' ', '');

const CONTRACT_KEY = /^([A-Z0-9./-]{1,10}?)(\d{6})([CP])(\d{8})$/;
/** Whether text is a contract key (`contractKeyOf`). */
export const isContractKey = (text: string): boolean => CONTRACT_KEY.test(text);

const OCC = /^([A-Z0-9./-]{1,10}?) *(\d{6})([CP])(\d{8})$/;
const THINKORSWIM = /^\.([A-Z0-9./-]{1,10}?)(\d{6})([CP])(\d+(?:\.\d+)?)$/;

/**
 * An option's symbol as brokers write it (OCC's, padded or not; thinkorswim's with a leading dot
 * and the strike in dollars) read as its underlying and contract, or undefined when it is no
 * option's symbol. The multiplier is not in a symbol: 100 unless `multiplier` says otherwise.
 */
export function parseOptionSymbol(
  text: string,
  multiplier = OPTION_MULTIPLIER_DEFAULT,
): { symbol: string; option: OptionContract } | undefined {
  const upper = text.trim().toUpperCase();
  const occ = OCC.exec(upper);
  const tos = occ ? null : THINKORSWIM.exec(upper);
  const m = occ ?? tos;
  if (!m) return undefined;
  const [, symbol, date, pc, strikeText] = m as unknown as [string, string, string, string, string];
  if (!STOCK_SYMBOL_PATTERN.test(symbol)) return undefined;
  const expiration = `20${date.slice(0, 2)}-${date.slice(2, 4)}-${date.slice(4, 6)}`;
  const strike = occ ? Number(strikeText) / STRIKE_UNITS : Number(strikeText);
  const [error, option] = optionContract.validate(
    { expiration, strike, putCall: pc === 'C' ? 'Call' : 'Put', multiplier },
    { coerce: true },
  );
  return error ? undefined : { symbol, option };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The contract as a trade shows it: "AAPL 18 Dec 26 200 C". */
export function contractLabel(symbol: string, option: OptionContract): string {
  const [year, month, day] = option.expiration.split('-') as [string, string, string];
  const strike = String(Math.round(option.strike * STRIKE_UNITS) / STRIKE_UNITS);
  return `${symbol} ${Number(day)} ${MONTHS[Number(month) - 1]} ${year.slice(2)} ${strike} ${letter(option.putCall)}`;
}

/** What a trade or fill is of, as the app names it: the stock, or an option's contract. */
export const instrumentLabel = (traded: {
  symbol: string;
  option?: OptionContract | null | undefined;
}): string => (traded.option ? contractLabel(traded.symbol, traded.option) : traded.symbol);

/** Options stop trading at the close of their expiration day: 4 p.m. in New York. */
const CLOSE_AFTER_MIDNIGHT_MS = 16 * 3_600_000;

/** When a contract expires: the close of its expiration day, as `toISOString` writes it. */
export const expiresAt = (option: OptionContract): string =>
  new Date(newYorkMidnight(option.expiration) + CLOSE_AFTER_MIDNIGHT_MS).toISOString();

/** Whether two fills' contracts are the same one (both none: two stock fills). */
export const sameContract = (a: OptionContract | null, b: OptionContract | null): boolean =>
  a === null || b === null
    ? a === b
    : a.expiration === b.expiration &&
      a.strike === b.strike &&
      a.putCall === b.putCall &&
      a.multiplier === b.multiplier;
