// An account (docs/product.md, "Accounts"): a broker's, whose balances come live from the broker,
// or one the trader added by hand, whose name, last digits and balance are the trader's own; the
// settings are the trader's for both. The structs here are their one definition: the types, the
// API's and the form's validators, the defaults of an account seen for the first time, and the
// backup's check.

import { defaulted, define } from 'superstruct';
import { backupMessages } from './backupMessages.ts';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  BALANCE_MAX,
  DEFAULT_CAPITAL_RISK_PERCENT,
  DEFAULT_HEAT_LIMIT_PERCENT,
  DEFAULT_MAX_TRADE_RISK_PERCENT,
  DEFAULT_SCALE_OUT_FACTOR,
  HEAT_LIMIT_MAX,
  HEAT_LIMIT_MIN,
  LOSS_LIMIT_UNITS,
  type LossLimitUnit,
  MAX_NEW_TRADES_PER_DAY_MAX,
  MAX_NEW_TRADES_PER_DAY_MIN,
  SCALE_OUT_FACTOR_MAX,
  SCALE_OUT_FACTOR_MIN,
} from './constants.ts';
import { messages } from './messages.ts';
import {
  between,
  type CrossCheck,
  clientId,
  finite,
  type Infer,
  isCleanText,
  nullable,
  object,
  oneOf,
  optional,
  sameValues,
  stamps,
  text,
  uuid,
  validator,
} from './validation.ts';

/** Where an account comes from: the broker's connection, or the trader's own hand. */
export const ACCOUNT_SOURCES = ['broker', 'manual'] as const;
export type AccountSource = (typeof ACCOUNT_SOURCES)[number];

/**
 * A manual account's hash: it has none at a broker, and the stored hash is unique per trader and
 * is how a restore finds an account, so it is its own id's.
 */
export const manualAccountHash = (id: string): string => `manual:${id}`;

/** A broker account's own fields as stored: the broker answers them, so none is kept. */
export const BROKER_ACCOUNT_FIELDS = {
  source: 'broker' as AccountSource,
  accountName: null,
  lastDigits: null,
  currentBalance: null,
} as const;

/** What the trader writes of an account added by hand (a broker's come from the broker). */
const manualFields = {
  accountName: text(ACCOUNT_NAME_MAX_LENGTH, messages.accountNameTooLong, messages.accountNameRequired),
  /** The last digits of its number at the bank or broker, to tell accounts apart; may be empty. */
  lastDigits: define<string>(
    'lastDigits',
    (v) => (typeof v === 'string' && /^[0-9]{0,4}$/.test(v)) || messages.lastDigitsInvalid,
  ),
  /** The trader's own figure: sizes, heat and P&L read it as a broker's live balance. */
  currentBalance: between(
    [0, false, messages.currentBalanceInvalid],
    [BALANCE_MAX, messages.currentBalanceTooHigh],
  ),
};

export const isHeatLimitInRange = (limit: number): boolean =>
  Number.isFinite(limit) && limit >= HEAT_LIMIT_MIN && limit <= HEAT_LIMIT_MAX;

// Risk percentages of 0 would size every trade at zero shares, so they must be positive.
const percent = (message: string) => finite((n) => n > 0 && n <= 100, message);

const settingsFields = {
  /** Balance the trader measures P&L against; defaults to the first balance seen. */
  originalBalance: between(
    [0, false, messages.originalBalanceInvalid],
    [BALANCE_MAX, messages.originalBalanceTooHigh],
  ),
  /** Percent of the balance a single position may tie up. */
  capitalRisk: percent(messages.capitalRiskOutOfRange),
  /** Percent of the balance a single trade may lose. */
  maxTradeRisk: percent(messages.maxTradeRiskOutOfRange),
  /** Whole number 1..10: the parts a position is sold in, so a size is a multiple of it. */
  scaleOutFactor: finite(
    (n) => Number.isInteger(n) && n >= SCALE_OUT_FACTOR_MIN && n <= SCALE_OUT_FACTOR_MAX,
    messages.scaleOutFactorInvalid,
  ),
  /** Percent of the balance the open trades and the active plans may lose together (0..100). */
  heatLimit: finite(isHeatLimitInRange, messages.heatLimitOutOfRange),
  // The risk guard (docs/product.md, "Orders"): each limit optional, null for none.
  /** The day's realised loss at which orders stop: dollars, or percent of the live balance. */
  dailyLossLimit: nullable(
    between([0, true, messages.dailyLossLimitInvalid], [BALANCE_MAX, messages.dailyLossLimitTooHigh]),
  ),
  dailyLossLimitUnit: oneOf(LOSS_LIMIT_UNITS, messages.dailyLossLimitUnitInvalid),
  /** The new trades a day at which orders stop. */
  maxNewTradesPerDay: nullable(
    finite(
      (n) => Number.isInteger(n) && n >= MAX_NEW_TRADES_PER_DAY_MIN && n <= MAX_NEW_TRADES_PER_DAY_MAX,
      messages.maxNewTradesPerDayInvalid,
    ),
  ),
};

/** The guard's settings of an account without one: no limits, a loss limit given in dollars. */
export const NO_RISK_GUARD = {
  dailyLossLimit: null,
  dailyLossLimitUnit: 'Dollars' as LossLimitUnit,
  maxNewTradesPerDay: null,
} as const;

/**
 * A loss limit in percent is of the balance, so at most 100. Checked only where the body carries
 * the unit and the limit both; the server checks the stored settings with a change merged in.
 */
const lossLimitInPercent: CrossCheck = (body, errors) => {
  const { dailyLossLimit: limit, dailyLossLimitUnit: unit } = body;
  if (errors.some((e) => e.field === 'dailyLossLimit')) return;
  if (unit === 'Percent' && typeof limit === 'number' && limit > 100) {
    errors.push({ field: 'dailyLossLimit', message: messages.dailyLossLimitPercentTooHigh });
  }
};

/** The trader's own settings for one broker account, all of them: what the settings form sends. */
const accountSettings = object(settingsFields);
export type AccountSettings = Infer<typeof accountSettings>;

/**
 * `PUT /api/v1/accounts/{id}`. `heatLimit` and the risk guard's fields may be left out: a client
 * that predates them (or a change it queued offline) keeps the stored ones. Whether orders are
 * allowed is never among them (its own call, `PUT /accounts/{id}/orders`): a body naming it is
 * read without it.
 */
const optionalSettings = {
  heatLimit: optional(settingsFields.heatLimit),
  dailyLossLimit: optional(settingsFields.dailyLossLimit),
  dailyLossLimitUnit: optional(settingsFields.dailyLossLimitUnit),
  maxNewTradesPerDay: optional(settingsFields.maxNewTradesPerDay),
};
/** A manual account's own fields may come with its settings; a broker account's are refused on their field. */
const accountSettingsInput = object({
  ...settingsFields,
  ...optionalSettings,
  accountName: optional(manualFields.accountName),
  lastDigits: optional(manualFields.lastDigits),
  currentBalance: optional(manualFields.currentBalance),
});
export type AccountSettingsInput = Infer<typeof accountSettingsInput>;

export const validateAccountSettings = validator(accountSettingsInput, lossLimitInPercent);

/** The settings form's check: every field is the trader's to fill, the heat limit too. */
export const validateAccountSettingsForm = validator(accountSettings, lossLimitInPercent);

/** The settings form of an account added by hand: its name, digits and balance too. */
export const validateManualSettingsForm = validator(
  object({ ...settingsFields, ...manualFields }),
  lossLimitInPercent,
);

/**
 * `POST /api/v1/accounts`: an account added by hand, with a client-made id like every create. The
 * settings the form does not ask take the defaults of `defaultAccountSettings`.
 */
const manualAccountInput = object({
  ...clientId,
  ...manualFields,
  lastDigits: optional(manualFields.lastDigits),
  originalBalance: settingsFields.originalBalance,
  capitalRisk: settingsFields.capitalRisk,
  maxTradeRisk: settingsFields.maxTradeRisk,
  scaleOutFactor: optional(settingsFields.scaleOutFactor),
  ...optionalSettings,
});
export type ManualAccountInput = Infer<typeof manualAccountInput>;

export const validateManualAccount = validator(manualAccountInput, lossLimitInPercent);

/** `PUT /api/v1/accounts/{id}/orders`: orders from Trade Tracker on or off for the account. */
export const validateOrdersAllowed = validator(
  object({
    allowed: define<boolean>('allowed', (v) => typeof v === 'boolean' || messages.allowedInvalid),
  }),
);

/** The settings of an account seen for the first time: P&L is measured from its balance then. */
export const defaultAccountSettings = (currentBalance: number): AccountSettings => ({
  originalBalance: currentBalance,
  capitalRisk: DEFAULT_CAPITAL_RISK_PERCENT,
  maxTradeRisk: DEFAULT_MAX_TRADE_RISK_PERCENT,
  scaleOutFactor: DEFAULT_SCALE_OUT_FACTOR,
  heatLimit: DEFAULT_HEAT_LIMIT_PERCENT,
  ...NO_RISK_GUARD,
});

/** The trader's settings of one broker account as stored and backed up, found again by its hash at the broker. */
export const accountRecord = object({
  id: uuid,
  accountHash: define<string>(
    'accountHash',
    (v) => (typeof v === 'string' && v.trim() !== '' && isCleanText(v)) || backupMessages.accountHashInvalid,
  ),
  // A backup made before manual accounts holds broker accounts only.
  source: defaulted(oneOf(ACCOUNT_SOURCES, messages.accountSourceInvalid), 'broker' as AccountSource),
  accountName: defaulted(nullable(manualFields.accountName), null),
  lastDigits: defaulted(nullable(manualFields.lastDigits), null),
  currentBalance: defaulted(nullable(manualFields.currentBalance), null),
  ...settingsFields,
  // A backup always carries the heat limit, so a missing one is a broken backup, not "keep it".
  heatLimit: finite(isHeatLimitInRange, messages.heatLimitOutOfRange, messages.mustBeNumber),
  // A backup made before the risk guard has none: it restores without limits.
  dailyLossLimit: defaulted(settingsFields.dailyLossLimit, null),
  dailyLossLimitUnit: defaulted(settingsFields.dailyLossLimitUnit, NO_RISK_GUARD.dailyLossLimitUnit),
  maxNewTradesPerDay: defaulted(settingsFields.maxNewTradesPerDay, null),
  ...stamps(),
});
export type AccountRecord = Infer<typeof accountRecord>;

/**
 * A manual account carries its name, last digits and balance and its own hash; a broker account
 * none of them (the broker answers them) and a hash of the broker's.
 */
const sourceFields: CrossCheck = (body, errors) => {
  const manual = body.source === 'manual';
  if (errors.some((e) => e.field === 'source')) return;
  for (const field of ['accountName', 'lastDigits', 'currentBalance'] as const) {
    if (errors.some((e) => e.field === field)) continue;
    // The body as sent: a field left out (an older backup) is null.
    const value = body[field] ?? null;
    if (manual && value === null) {
      const message =
        field === 'accountName'
          ? messages.accountNameRequired
          : field === 'lastDigits'
            ? messages.lastDigitsInvalid
            : messages.currentBalanceInvalid;
      errors.push({ field, message });
    }
    if (!manual && value !== null) errors.push({ field, message: messages.brokerAccountByBroker });
  }
  if (errors.some((e) => e.field === 'accountHash' || e.field === 'id')) return;
  const hash = String(body.accountHash);
  if (manual ? hash !== manualAccountHash(String(body.id).toLowerCase()) : hash.startsWith('manual:')) {
    errors.push({ field: 'accountHash', message: messages.manualAccountHashInvalid });
  }
};

export const validateAccountRecord = validator(accountRecord, (body, errors) => {
  lossLimitInPercent(body, errors);
  sourceFields(body, errors);
});

/** The settings fields, in the order the form shows them. */
export const SETTINGS_FIELDS = Object.keys(settingsFields) as (keyof AccountSettings)[];

/** The same settings of the same broker account (a restore skips them). */
export const sameAccount = (a: AccountRecord, b: AccountRecord): boolean =>
  sameValues(a, b, [
    'accountHash',
    'source',
    'accountName',
    'lastDigits',
    'currentBalance',
    ...SETTINGS_FIELDS,
  ]);

/** An account with the trader's settings: what position sizes, trade names, imports and the sync need. */
export interface LiveAccount extends AccountSettings {
  id: string;
  /** A broker's (balances live), or added by hand ('manual': its balance is the trader's figure). */
  source: AccountSource;
  /** A manual account's last digits as the trader wrote them; null for a broker's. */
  lastDigits: string | null;
  /**
   * Whether Trade Tracker may send orders to this account (docs/product.md, "Orders"): changed
   * only by its own online call, never backed up. Missing in a cache filled before it existed: off.
   */
  ordersAllowed: boolean;
  accountName: string;
  /** Masked by the server: only the last 4 digits are visible (a manual account's own, or none). */
  accountNumber: string;
  /** A manual account's is its balance: what it holds in positions is not known to Trade Tracker. */
  availableFundsForTrading: number;
  currentBalance: number;
  accountHash: string;
  /**
   * A manual account's: when its balance was last stated, by hand or by a statement's day
   * (statements/balances.ts). Absent for a broker's, and in a cache filled before it existed.
   */
  balanceAsOf?: string;
}

/** An account as `GET /api/v1/accounts` answers it: with its heat (docs/product.md, "Review"). */
export interface Account extends LiveAccount {
  /** Dollars at risk in the open trades with a stop. */
  openRisk: number;
  /** Dollars at risk in the active plans not traded yet, at this account's position size. */
  plannedRisk: number;
  /** Open trades with no stop: their risk is unknown, so it is not in openRisk. */
  openWithoutStop: number;
}

type Balances = Pick<Account, 'currentBalance' | 'availableFundsForTrading'>;
type WithOriginal = Pick<Account, 'currentBalance' | 'originalBalance'>;

export const investedAmount = (a: Balances): number => a.currentBalance - a.availableFundsForTrading;

export const totalPnL = (a: WithOriginal): number => a.currentBalance - a.originalBalance;

export const totalPnLPercentage = (a: WithOriginal): number =>
  a.originalBalance === 0 ? 0 : (totalPnL(a) / a.originalBalance) * 100;

export const maxRiskAmount = (a: Pick<Account, 'currentBalance' | 'maxTradeRisk'>): number =>
  (a.currentBalance * a.maxTradeRisk) / 100;

export const capitalRiskAmount = (a: Pick<Account, 'currentBalance' | 'capitalRisk'>): number =>
  (a.currentBalance * a.capitalRisk) / 100;

export const isProfit = (a: WithOriginal): boolean => totalPnL(a) > 0;
export const isLoss = (a: WithOriginal): boolean => totalPnL(a) < 0;

const percentOf = (part: number, whole: number): number => (whole === 0 ? 0 : (part / whole) * 100);

/** The Dashboard's "Invested %": invested amount as a percentage of the balance; 0 on a zero balance. */
export const investedPercentage = (a: Balances): number => percentOf(investedAmount(a), a.currentBalance);

interface AccountTotals {
  originalBalance: number;
  currentBalance: number;
  invested: number;
  free: number;
  investedPercentage: number;
  pnl: number;
  pnlPercentage: number;
}

/**
 * The Dashboard's Total row (docs/product.md, "Accounts"): sums, then invested % of the total
 * balance, P&L and its percentage of the total original.
 */
export function accountTotals(accounts: readonly (Balances & WithOriginal)[]): AccountTotals {
  let originalBalance = 0;
  let currentBalance = 0;
  let invested = 0;
  let free = 0;
  for (const a of accounts) {
    originalBalance += a.originalBalance;
    currentBalance += a.currentBalance;
    invested += investedAmount(a);
    free += a.availableFundsForTrading;
  }
  const pnl = currentBalance - originalBalance;
  const pnlPercentage =
    originalBalance === 0 || !Number.isFinite(pnl / originalBalance) ? 0 : (pnl / originalBalance) * 100;
  const investedPercentage = percentOf(invested, currentBalance);
  return { originalBalance, currentBalance, invested, free, investedPercentage, pnl, pnlPercentage };
}
