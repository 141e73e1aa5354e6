// Every message the app and the API show, in one place (docs/product.md, "Validation messages").
// Limits come from the constants, so a message cannot drift from the rule it names.

import { accountMessages } from './accountMessages.ts';
import { frameMessages } from './appMessages.ts';
import {
  BALANCE_MAX,
  CANDLE_DAYS_MAX,
  CANDLE_FETCH_WEEKDAYS_PER_DAY,
  CANDLE_YEARS_BACK,
  CHECKLIST_CRITERIA_MAX,
  CHECKLIST_CRITERION_MAX_LENGTH,
  EDGE_NAME_MAX_LENGTH,
  EDGE_TEXT_MAX_LENGTH,
  FEES_MAX,
  HEAT_LIMIT_MAX,
  HEAT_LIMIT_MIN,
  JOURNAL_LIMITS,
  JOURNAL_NOTES_MAX_BYTES,
  JSON_DEPTH_MAX,
  type LimitedCollection,
  MAX_NEW_TRADES_PER_DAY_MAX,
  MAX_NEW_TRADES_PER_DAY_MIN,
  NEAR_ENTRY_R_MAX,
  NEAR_ENTRY_R_MIN,
  PLAN_EDGES_MAX,
  PLAN_NOTES_MAX_LENGTH,
  PRICE_MAX,
  PROBABILITY_MAX,
  PROBABILITY_MIN,
  PUSH_ENDPOINT_MAX_LENGTH,
  QUANTITY_MAX,
  QUANTITY_MIN,
  QUOTE_SYMBOLS_MAX,
  SCALE_OUT_FACTOR_MAX,
  SCALE_OUT_FACTOR_MIN,
  SCAN_ID_MAX_LENGTH,
  SETUP_CRITERIA_MAX_LENGTH,
  SETUP_DESCRIPTION_MAX_LENGTH,
  SETUP_NAME_MAX_LENGTH,
  SETUP_NOTES_MAX_LENGTH,
  STATS_GROUPINGS,
  STOCK_SYMBOL_MAX_LENGTH,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  WEIGHT_FACTOR_MAX,
  WEIGHT_FACTOR_MIN,
} from './constants.ts';
import { DATE_RANGE_PRESETS } from './dateRangePresets.ts';
import type { SkippedReasons, SkipReason } from './executions.ts';
import { optionMessages } from './optionMessages.ts';
import type { OrderStatus } from './orders.ts';
import { statementMessages } from './statements/statementMessages.ts';
import type { TextListMessages } from './textList.ts';

/** 1000000 as 1,000,000: a bound in a message reads as the trader writes amounts. */
const grouped = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** What each journal limit counts, in the trader's words, and what makes room when there is a way. */
const LIMITED: Readonly<Record<LimitedCollection, [string, string]>> = {
  tradePlans: ['trade plans', ': delete some to make room'],
  edges: ['edges, deleted ones included', ''],
  tradeSetups: ['trade setups', ': delete some to make room'],
  executions: ['fills', ''],
  tradeAnnotations: ['trades', ''],
};

/** What a list of short texts (src/domain/textList.ts) says when it fails, worded alike for every list. */
const listSays = (list: string, entry: string, atMost: string, tooMany: string): TextListMessages => ({
  notList: `${list} must be a list of texts`,
  blank: `${entry} must not be empty`,
  tooLong: `${entry} must be ${atMost} characters`,
  controlCharacters: `${entry} must not contain control characters`,
  brokenCharacter: `${entry} must not contain a broken character`,
  tooMany,
});

export const messages = {
  ...frameMessages,
  edgeNameRequired: 'Name is required',
  edgeNameTooLong: `Edge name must be less than ${EDGE_NAME_MAX_LENGTH} characters`,
  edgeDescriptionRequired: 'Description is required',
  edgeIdentificationNotesRequired: 'Identification notes are required',
  edgeWeightOutOfRange: `Weight factor must be between ${WEIGHT_FACTOR_MIN} and ${WEIGHT_FACTOR_MAX}`,
  edgeDescriptionTooLong: `Description must be less than ${EDGE_TEXT_MAX_LENGTH} characters`,
  edgeIdentificationNotesTooLong: `Identification notes must be less than ${EDGE_TEXT_MAX_LENGTH} characters`,
  edgeNameTaken: 'An edge with this name already exists',
  edgeNotFound: 'Edge not found',

  setupNameRequired: 'Name is required',
  setupNameTooLong: `Name must be less than ${SETUP_NAME_MAX_LENGTH} characters`,
  setupDescriptionTooLong: `Description must be less than ${SETUP_DESCRIPTION_MAX_LENGTH} characters`,
  setupNotesTooLong: `Notes must be less than ${SETUP_NOTES_MAX_LENGTH} characters`,
  setupCriteriaTooLong: `Criteria must be ${grouped(SETUP_CRITERIA_MAX_LENGTH)} characters or less`,
  setupNameTaken: 'A trade setup with this name already exists',
  setupNotFound: 'Trade setup not found',

  stockRequired: 'Stock symbol is required',
  stockTooLong: `Stock symbol must be ${STOCK_SYMBOL_MAX_LENGTH} characters or less`,
  stockInvalidCharacters: 'Stock symbol may contain only letters, digits, ".", "/" and "-"',
  entryPriceNotPositive: 'Entry price must be greater than 0',
  stopLossNotPositive: 'Stop loss price must be greater than 0',
  stopLossNotBelowEntry: 'Stop loss price must be less than entry price',
  priceTooHigh: (what: string) => `${what} must be at most ${grouped(PRICE_MAX)}`,
  stopNotBelowEntryWarning: 'The stop is at or above the entry: move it below the entry to size this trade',
  stopNotAboveEntryWarningShort:
    'The stop is at or below the entry: move it above the entry to size this short trade',
  targetNotAboveEntry: 'Target price must be greater than entry price',
  stopLossNotAboveEntryShort: 'Stop loss price must be greater than entry price for a short plan',
  targetNotBelowEntryShort: 'Target price must be less than entry price for a short plan',
  directionInvalid: 'Direction must be Long or Short',
  planNotesTooLong: `Notes must be less than ${PLAN_NOTES_MAX_LENGTH} characters`,
  scanIdTooLong: `Scan id must be less than ${SCAN_ID_MAX_LENGTH} characters`,
  planEdgesTooMany: `A plan cites at most ${PLAN_EDGES_MAX} edges`,
  probabilityOutOfRange: `Probability of success must be between ${PROBABILITY_MIN} and ${PROBABILITY_MAX}`,
  planNotFound: 'Trade plan not found',
  planDiscarded: 'Cannot update a discarded trade plan',
  activePlanExists: 'An active trade plan for this stock already exists',
  statusUnchanged: 'Trade plan is already in the requested status',
  statusInvalid: 'Status must be one of Draft, Ready, Hold, Discarded',
  transitionRefused: (from: string, to: string) => `Cannot transition from ${from} to ${to}`,
  cycleTypeInvalid: 'Market cycle must be one of Uptrend, Downtrend, Sideways',
  edgesIncludeInvalid: "Include must be 'deactivated'",
  statsGroupingInvalid: `Group by must be one of ${STATS_GROUPINGS.join(', ')}`,
  // A date range in the address or a GET /stats call (docs/product.md, "Review").
  dateRangeInvalid: `Range must be one of ${DATE_RANGE_PRESETS.join(', ')}, or from and to`,
  dateRangeBoth: 'Give a range or from and to, not both',
  dateRangeNeedsBoth: 'A custom range needs both from and to',
  dateRangeFromInvalid: 'From must be a date written YYYY-MM-DD, from 1970 on',
  dateRangeToInvalid: 'To must be a date written YYYY-MM-DD, from 1970 on',
  dateRangeOrder: 'From must not be after to',

  // Why an account's size for a plan is "N/A" (docs/product.md, "Position size").
  positionSizeRiskTooLow: 'Max trade risk allows less than one share',
  positionSizeCapitalTooLow: 'Capital risk allows less than one share',
  positionSizeFundsTooLow: 'Not enough free funds for one share',
  positionSizeLotTooSmall: (lot: number) => `Less than one lot of ${lot} shares`,
  // What capped a size above 0 (issue 40), beside it in the plan form's preview and the details.
  positionSizeCappedByRisk: (percent: string) => `capped by max trade risk ${percent}`,
  positionSizeCappedByCapital: (percent: string) => `capped by capital risk ${percent}`,
  positionSizeCappedByFunds: 'capped by available funds',
  positionSizeRoundedToLot: (lot: number) => `rounded to the scale-out factor ${lot}`,

  accountNotFound: 'Account not found',

  // The order service's refusals (docs/product.md, "Orders").
  orderNotFound: 'Order not found',
  orderKeyRequired: 'An order needs an Idempotency-Key header: a UUID made for this confirm',
  orderKeyReused: 'This Idempotency-Key was used for another order',
  orderAlreadyOpen: 'This plan already has an open order for this account',
  orderAlreadyFilled:
    'An order of this plan already filled in this account: its trade is the plan’s position',
  orderPositionHeld: (shares: number) =>
    `This plan's trade is already open in this account (${shares} shares): its trade is the plan’s position`,
  orderChangedSincePreview: 'The plan changed since the preview',
  orderPreviewRequired: 'Preview the order, then confirm what the preview shows',
  orderPlanNotReady: 'Only a Ready plan can be sent as an order',
  orderPlanDone: 'This plan is done: its trade has closed',
  orderQuantityOverSize: (size: number) =>
    size > 0
      ? `Quantity must be at most the plan's size for this account, ${size} shares`
      : "The plan's size for this account is no shares",
  orderNotCancellable: 'Only a working order can be cancelled',
  orderStillSending: "The order's answer from the broker is not known yet: look again in a moment",
  planHasOpenOrder: 'This plan has an open order at the broker: cancel it before deleting the plan',
  orderNotReceived:
    'The broker did not receive this order, so nothing was placed. Place it again if you still want it',
  orderBrokerPreviewUnavailable: "The broker's own preview is not available now",
  orderGoneAtBroker:
    'The broker no longer has this order (a demo broker forgets its orders when the server restarts)',
  orderBrokerLimit:
    "The broker's limit of orders for this app is reached: nothing was sent, try again shortly",
  orderShareUsed:
    'You have sent your share of the orders the broker takes from this app in a day (every trader shares them): nothing was sent, try again later',

  sideInvalid: 'Side must be Buy or Sell',
  quantityNotPositive: 'Quantity must be greater than 0',
  quantityTooSmall: `Quantity must be at least ${grouped(QUANTITY_MIN)}`,
  quantityTooLarge: `Quantity must be at most ${grouped(QUANTITY_MAX)}`,
  priceNotPositive: 'Price must be greater than 0',
  feesNegative: 'Fees must not be negative',
  feesTooHigh: `Fees must be at most ${grouped(FEES_MAX)}`,
  executedAtInvalid: 'Execution time must be a valid date and time',
  executedAtInFuture: 'Execution time must not be in the future',
  executionNotFound: 'Execution not found',
  brokerExecutionNotDeletable: 'Broker executions cannot be deleted',
  tradeNotFound: 'Trade not found',
  tradePlanOtherSymbol: 'The trade plan must be for the same stock as the trade',
  tradePlanOtherDirection: (trade: string, plan: string) =>
    `A ${trade.toLowerCase()} trade cannot be linked to a ${plan.toLowerCase()} plan`,
  initialStopNotPositive: 'Initial stop must be greater than 0',
  ownInitialRiskNotPositive: 'Your initial risk must be greater than 0',
  tradeNotesTooLong: `Notes must be less than ${PLAN_NOTES_MAX_LENGTH} characters`,
  tagsSay: listSays(
    'Tags',
    'A tag',
    `at most ${TAG_MAX_LENGTH}`,
    `A trade can have at most ${TAGS_MAX} tags`,
  ),
  mistakesSay: listSays(
    'Mistakes',
    'A mistake',
    `at most ${TAG_MAX_LENGTH}`,
    `A trade can have at most ${TAGS_MAX} mistakes`,
  ),
  // A setup's checklist and the plans that tick it (docs/product.md, "Trade setups", "Plan statuses").
  criteriaMetSay: listSays(
    'Criteria met',
    'A criterion',
    `less than ${CHECKLIST_CRITERION_MAX_LENGTH}`,
    `A plan can tick at most ${CHECKLIST_CRITERIA_MAX} criteria`,
  ),
  checklistRequiredLabel: 'Require every entry criterion before Ready',
  checklistHint: `One criterion a line: plans of this setup tick the ones met (at most ${CHECKLIST_CRITERIA_MAX}).`,
  checklistIncomplete: (met: number, total: number) =>
    `This plan's setup requires every entry criterion before Ready: ${met} of ${total} ticked`,
  ...accountMessages,
  ...optionMessages,
  capitalRiskOutOfRange: 'Capital risk must be more than 0 and at most 100',
  maxTradeRiskOutOfRange: 'Max trade risk must be more than 0 and at most 100',
  capitalRiskHelp: 'The most of the balance one position may cost.',
  maxTradeRiskHelp: 'The most of the balance one trade may lose if its stop is hit.',
  scaleOutFactorInvalid: `Scale-out factor must be a whole number from ${SCALE_OUT_FACTOR_MIN} to ${SCALE_OUT_FACTOR_MAX}`,
  heatLimitOutOfRange: `Heat limit must be between ${HEAT_LIMIT_MIN} and ${HEAT_LIMIT_MAX}`,
  heatLimitHelp: 'The most of the balance the open trades and the active plans may lose together.',
  dailyLossLimitInvalid: 'Daily loss limit must be more than 0, or empty for none',
  dailyLossLimitTooHigh: `Daily loss limit must be at most ${grouped(BALANCE_MAX)} dollars`,
  dailyLossLimitPercentTooHigh: 'Daily loss limit in percent must be at most 100',
  dailyLossLimitUnitInvalid: 'Daily loss limit unit must be Dollars or Percent',
  maxNewTradesPerDayInvalid: `Max new trades a day must be a whole number from ${MAX_NEW_TRADES_PER_DAY_MIN} to ${MAX_NEW_TRADES_PER_DAY_MAX}, or empty for none`,
  riskGuardHelp:
    "Once the day's realised loss or new trades reach a limit, Trade Tracker sends no new orders for this account until the next trading day.",

  // Orders from Trade Tracker per account (docs/product.md, "Orders"); the switch's own texts are
  // in ordersAllowedTexts.ts.
  allowedInvalid: 'Allowed must be true or false',
  ordersNotAllowed:
    "Orders from Trade Tracker are off for this account: turn them on in the account's settings",
  dailyLossLimitReached: (loss: string, limit: string) => `Daily loss limit reached: ${loss} of ${limit}`,
  dailyLossLimitReachedWithOrders: (loss: string, atRisk: string, limit: string) =>
    `Daily loss limit reached: ${loss} realised and ${atRisk} at risk in today's orders, of ${limit}`,
  newTradesLimitReached: (count: number, max: number) => `${count} of ${max} new trades today`,
  orderPastLossLimit: (atRisk: string, realised: string, inOrders: string, limit: string) =>
    `This order could lose ${atRisk}: with ${realised} realised today and ${inOrders} at risk in today's orders, that is past the daily loss limit of ${limit}`,
  guardReachedRefusal: (reason: string) =>
    `${reason}: no new orders for this account until the next trading day`,
  guardCannotStopBroker: "Trade Tracker cannot stop orders placed in the broker's own app.",

  mustBeNumber: 'Must be a number',
  mustBeText: 'Must be text',
  idNotUuid: 'Id must be a UUID',
  createdAtInvalid: 'Creation time must be a valid date and time',
  textControlCharacters: 'Text must not contain control characters',
  // Half of a character (a lone UTF-16 surrogate), as a cut emoji leaves.
  textBrokenCharacter: 'Text must not contain a broken character',
  recordDeleted: 'This record was deleted',
  invalidBody: 'Request body must be a JSON object',
  unknownField: (name: string) => `Unknown field: ${name.length > 50 ? `${name.slice(0, 49)}…` : name}`,
  invalidJson: 'Request body is not valid JSON',
  bodyNestedTooDeeply: `Request body must not nest lists or objects more than ${JSON_DEPTH_MAX} deep`,
  bodyTooLarge: 'Request body is larger than 1 MB',
  validationFailed: 'Validation failed',

  signInLimited: 'Too many sign-in attempts. Try again in a few minutes.',
  tooManyRequests: 'Too many requests at once: wait a few seconds, then try again.',
  heavyCallBusy:
    'Your restore, backup, import or full sync before this one is still running: try again in a few seconds.',
  heavyReadsBusy: 'Too many lists, statistics or candles asked at once: try again in a few seconds.',
  malformedUrl: 'Malformed URL',
  invalidSyncCursor: 'Not a sync cursor: sync again without one',
  notFound: 'Not found',
  crossSiteRefused: 'Cross-site request refused',
  // Said of an id another trader holds or deleted, alike: nothing of whose it is or what it holds.
  idInUse: 'This id cannot be used',
  journalFull: (collection: LimitedCollection) =>
    `Your journal holds ${grouped(JOURNAL_LIMITS[collection])} ${LIMITED[collection][0]}, the most it can${LIMITED[collection][1]}`,
  journalNotesFull: `Your notes fill the ${JOURNAL_NOTES_MAX_BYTES / 1024 / 1024} MB a journal holds: shorten some to make room`,
  journalWouldOverflow: (collection: LimitedCollection, count: number) =>
    `Your journal would hold ${grouped(count)} ${LIMITED[collection][0]}, more than the ${grouped(JOURNAL_LIMITS[collection])} it can`,
  alreadyExists: 'Already exists',
  brokerUnavailable: 'Your broker is not answering right now. Try again in a minute.',
  quoteSymbolsRequired: 'Give the symbols to quote, separated by commas',
  quoteSymbolsTooMany: `At most ${QUOTE_SYMBOLS_MAX} symbols a call`,
  quoteSymbolNotYours: (symbol: string) =>
    `${symbol} is not the stock of one of your active plans or open trades`,
  candleSymbolRequired: 'Give the symbol whose candles to show',
  candleDayInvalid: 'Give the day as YYYY-MM-DD',
  candleRangeInvalid: 'The first day must not be after the last',
  candleRangeTooLong: `At most ${CANDLE_DAYS_MAX} days of candles a call`,
  candleDayTooEarly: `Candles go back at most ${CANDLE_YEARS_BACK} years`,
  candleDayAfterToday: 'The first day must not be after today',
  candleSymbolNotYours: (symbol: string) =>
    `${symbol} is not the stock of one of your active plans or trades`,
  candleBudgetUsed: `You have had today's ${grouped(CANDLE_FETCH_WEEKDAYS_PER_DAY)} days of price history from the broker. Try again tomorrow.`,
  candlesUnavailableOffline: 'Price history is not available offline',
  candlesNotLoaded: 'Price history could not be loaded',
  candlesNone: 'No price history for this symbol',
  brokerShareUsed:
    "You have used your share of the broker's requests for this minute (every trader shares them). Try again in a minute.",
  pushEndpointInvalid: `A subscription's endpoint is a push service's https address (a host name, then a path without spaces, user names or unusual characters), at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`,
  pushKeysInvalid: "The subscription's keys are not a browser's push keys (p256dh and auth, base64url)",
  pushServiceRefused: "Notifications go only through the browsers' push services",
  pushEndpointTaken:
    "This push endpoint is another trader's, with other keys: turn notifications off and on again on this device",
  // Orders (docs/product.md, "Orders").
  orderQuantityInvalid: 'Quantity must be a whole number of shares, at least 1',
  orderEntryTypeInvalid: 'Entry type must be one of Limit, Stop, StopLimit',
  orderDurationInvalid: 'Duration must be Day or GoodTillCancel',
  entryLimitPriceNotPositive: 'Limit price must be greater than 0',
  entryLimitPriceRequired: 'A stop-limit entry needs its limit price',
  entryLimitPriceNotStopLimit: 'Only a stop-limit entry has a limit price',
  entryLimitBelowTrigger: "The stop-limit's limit price must be at or above its stop price",
  targetPriceNotPositive: 'Target price must be greater than 0',
  targetNotAboveEntryLimit: "Target price must be greater than the entry's limit price",
  orderPriceTick: (what: string) => `${what} must be in whole cents (4 decimals under $1)`,
  entryLimitAboveTriggerShort: "A short stop-limit's limit price must be at or below its stop price",
  targetNotBelowEntryLimitShort: "Target price must be less than the entry's limit price for a short plan",
  settingsNotFound: 'Settings not found',
  nearEntryROutOfRange: `The near-entry threshold must be from ${NEAR_ENTRY_R_MIN}R to ${NEAR_ENTRY_R_MAX}R`,
  ...statementMessages,
} as const;

/** The order screens' texts (docs/product.md, "Orders"). */
export const orderTexts = {
  onlyOnline: 'Orders are sent only online',
  notAllowed: 'Orders are off for this account.',
  turnOnLink: 'Turn on "Allow orders from Trade Tracker" in its settings on the Dashboard',
  sizeHint: (shares: number) =>
    `The plan's size for this account: ${shares} shares. You may lower it, not raise it.`,
  quantityOverSize: (shares: number) => `At most ${shares} shares: the plan's size for this account`,
  entryHint: 'A limit buys at the entry or lower; a stop (or stop-limit) buys a breakout above the market.',
  limitFillsAtOnce: (direction: 'Long' | 'Short', last: string) =>
    direction === 'Long'
      ? `A buy limit above the market fills at once at about ${last}`
      : `A sell-short limit below the market fills at once at about ${last}`,
  entryHintShort:
    'A limit sells short at the entry or higher; a stop (or stop-limit) sells short a breakdown below the market.',
  brokerWarnings: "The broker's warnings",
  brokerRejections: 'The broker would reject it',
  noBrokerPreview: 'This broker gives no preview of its own: its answer comes with the order.',
  unknown:
    "The server's answer was lost, so it is not known yet whether the order was placed. It was not sent twice. Its status shows here as soon as it can be read.",
  checking: "Reading the order's status…",
  placed: (status: string) => `Order sent: ${status}`,
  cancelQuestion: (words: string) => `Cancel this order at the broker? ${words}`,
  cancelled: 'Order cancelled',
  orderIs: (status: string) => `The order is ${status}`,
  logOffline: 'The order log shows when online',
  logEmpty: 'No requests to the broker yet',
  lastKnown: (time: string) =>
    `Last known at ${time}. Offline: orders are shown as they were, and cannot be changed.`,
  previewFailed: 'Failed to preview the order',
  placeFailed: 'Failed to place the order',
  cancelFailed: 'Failed to cancel the order',
  loadFailed: 'Failed to load the orders',
  logFailed: 'Failed to load the order log',
} as const;

/** An order's status as the plan shows it. */
export const orderStatusTexts: Readonly<Record<OrderStatus, string>> = {
  Sending: 'Sending…',
  Working: 'Working',
  PartiallyFilled: 'Partially filled',
  Filled: 'Filled',
  Cancelled: 'Cancelled',
  Rejected: 'Rejected',
};

/** Why the broker's transactions were not imported (an import's `skippedReasons`), as the Trades page says it. */
export const skipReasonTexts: Record<SkipReason, string> = {
  notStockOrEtf: 'not a stock or ETF',
  corporateAction: 'a corporate action the journal cannot follow',
  unreadable: 'could not be read',
  alreadyImported: 'already imported',
};

const SKIP_REASON_ORDER = Object.keys(skipReasonTexts) as SkipReason[];

/**
 * What the last import left out and why ("Not imported: 2 not a stock or ETF, 1 could not be
 * read"); null when nothing but fills already held. Those come back at every import (imports
 * overlap by a day), so they are not news.
 */
export function skippedSummary(reasons: SkippedReasons): string | null {
  const parts = SKIP_REASON_ORDER.filter((r) => r !== 'alreadyImported' && (reasons[r] ?? 0) > 0).map(
    (r) => `${reasons[r]} ${skipReasonTexts[r]}`,
  );
  return parts.length === 0 ? null : `Not imported: ${parts.join(', ')}`;
}
