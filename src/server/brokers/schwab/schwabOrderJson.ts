import {
  type BracketOrder,
  type OrderDirection,
  type OrderDuration,
  type OrderEntryType,
  type OrderStatus,
  orderPriceText,
} from '../../../domain/orders.ts';
import type { BrokerOrderPreview, BrokerOrderState } from '../broker.ts';

// A plan's bracket order as Schwab's Trader API takes it (docs/product.md, "Orders"): a TRIGGER
// order whose entry, once filled, sends its child: an OCO of a STOP and a LIMIT, or the STOP alone
// when the plan has no target (Schwab validates an OCO's legs together, so a placeholder target
// would get the stop refused too). The shape is Schwab's documented one and schwab-py's
// (`first_triggers_second`, `one_cancels_other`, orders/generic.py): prices as strings with 2
// decimals (4 under $1), the exits good till cancelled.

export interface SchwabOrderLeg {
  instruction: 'BUY' | 'SELL' | 'SELL_SHORT' | 'BUY_TO_COVER';
  quantity: number;
  instrument: { symbol: string; assetType: 'EQUITY' };
}

/** One order of a strategy as we send it (Schwab answers more fields; `SchwabOrderAnswer`). */
export interface SchwabOrderJson {
  orderStrategyType: 'SINGLE' | 'TRIGGER' | 'OCO';
  session?: 'NORMAL';
  duration?: 'DAY' | 'GOOD_TILL_CANCEL';
  orderType?: 'LIMIT' | 'STOP' | 'STOP_LIMIT';
  price?: string;
  stopPrice?: string;
  orderLegCollection?: SchwabOrderLeg[];
  childOrderStrategies?: SchwabOrderJson[];
}

const INSTRUCTIONS: Record<OrderDirection, [SchwabOrderLeg['instruction'], SchwabOrderLeg['instruction']]> = {
  Long: ['BUY', 'SELL'],
  Short: ['SELL_SHORT', 'BUY_TO_COVER'],
};
const ORDER_TYPES: Record<OrderEntryType, NonNullable<SchwabOrderJson['orderType']>> = {
  Limit: 'LIMIT',
  Stop: 'STOP',
  StopLimit: 'STOP_LIMIT',
};
const DURATIONS: Record<OrderDuration, NonNullable<SchwabOrderJson['duration']>> = {
  Day: 'DAY',
  GoodTillCancel: 'GOOD_TILL_CANCEL',
};

const leg = (instruction: SchwabOrderLeg['instruction'], order: BracketOrder): SchwabOrderLeg => ({
  instruction,
  quantity: order.quantity,
  instrument: { symbol: order.symbol, assetType: 'EQUITY' },
});

/** The order JSON Schwab takes for a bracket order (`POST …/orders` and `…/previewOrder`). */
export function schwabOrderJson(order: BracketOrder): SchwabOrderJson {
  const [open, close] = INSTRUCTIONS[order.direction];
  const entryPrices =
    order.entryType === 'Limit'
      ? { price: orderPriceText(order.entryPrice) }
      : order.entryType === 'Stop'
        ? { stopPrice: orderPriceText(order.entryPrice) }
        : {
            price: orderPriceText(order.entryLimitPrice ?? order.entryPrice),
            stopPrice: orderPriceText(order.entryPrice),
          };
  const exit = (orderType: 'STOP' | 'LIMIT', at: number): SchwabOrderJson => ({
    orderStrategyType: 'SINGLE',
    session: 'NORMAL',
    duration: 'GOOD_TILL_CANCEL',
    orderType,
    ...(orderType === 'STOP' ? { stopPrice: orderPriceText(at) } : { price: orderPriceText(at) }),
    orderLegCollection: [leg(close, order)],
  });
  const stop = exit('STOP', order.stopPrice);
  return {
    orderStrategyType: 'TRIGGER',
    session: 'NORMAL',
    duration: DURATIONS[order.duration],
    orderType: ORDER_TYPES[order.entryType],
    ...entryPrices,
    orderLegCollection: [leg(open, order)],
    childOrderStrategies: [
      order.targetPrice === null
        ? stop
        : { orderStrategyType: 'OCO', childOrderStrategies: [stop, exit('LIMIT', order.targetPrice)] },
    ],
  };
}

// ---- Reading Schwab's orders back ------------------------------------------------------------

interface SchwabExecutionLeg {
  quantity?: number;
  price?: number;
  time?: string;
}

/** An order as Schwab answers `GET …/orders/{id}` and `GET …/orders` (the fields read here). */
export interface SchwabOrderAnswer {
  orderId?: number | string;
  orderStrategyType?: string;
  status?: string;
  statusDescription?: string;
  enteredTime?: string;
  duration?: string;
  orderType?: string;
  price?: number | string;
  stopPrice?: number | string;
  quantity?: number;
  filledQuantity?: number;
  orderLegCollection?: {
    instruction?: string;
    quantity?: number;
    instrument?: { symbol?: string; assetType?: string };
  }[];
  orderActivityCollection?: { activityType?: string; executionLegs?: SchwabExecutionLeg[] }[];
  childOrderStrategies?: SchwabOrderAnswer[];
}

const WORKING = new Set([
  'AWAITING_PARENT_ORDER',
  'AWAITING_CONDITION',
  'AWAITING_STOP_CONDITION',
  'AWAITING_MANUAL_REVIEW',
  'ACCEPTED',
  'AWAITING_UR_OUT',
  'PENDING_ACTIVATION',
  'QUEUED',
  'WORKING',
  'NEW',
  // Still able to fill until Schwab confirms the cancel or the replacement.
  'PENDING_CANCEL',
  'PENDING_REPLACE',
  'UNKNOWN',
]);
const ENDED = new Set(['CANCELED', 'EXPIRED', 'REPLACED']);

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** Shares of the entry (the top order) filled: its `filledQuantity`, or its executions' legs if more. */
export function entryFilledQuantity(answer: SchwabOrderAnswer): number {
  const executed = (answer.orderActivityCollection ?? [])
    .filter((a) => a.activityType === undefined || a.activityType === 'EXECUTION')
    .flatMap((a) => a.executionLegs ?? [])
    .reduce((sum, l) => sum + (num(l.quantity) ?? 0), 0);
  return Math.max(num(answer.filledQuantity) ?? 0, executed);
}

/**
 * Where the order stands. It is the entry's status that counts: the order as a whole is Filled
 * once its entry filled, whatever its exits do after (they are GTC orders of their own at Schwab;
 * their fills come in through the fill import). A working entry with some shares filled is
 * PartiallyFilled; an entry cancelled or expired after a partial fill is Cancelled with its
 * filledQuantity (those shares' exits keep working at Schwab).
 */
export function schwabOrderStatus(answer: SchwabOrderAnswer): {
  status: OrderStatus;
  filledQuantity: number;
} {
  const filledQuantity = entryFilledQuantity(answer);
  const quantity = num(answer.quantity) ?? num(answer.orderLegCollection?.[0]?.quantity) ?? 0;
  const status = answer.status ?? 'UNKNOWN';
  if (status === 'FILLED' || (quantity > 0 && filledQuantity >= quantity))
    return { status: 'Filled', filledQuantity: Math.max(filledQuantity, status === 'FILLED' ? quantity : 0) };
  if (status === 'REJECTED') return { status: 'Rejected', filledQuantity };
  if (ENDED.has(status)) return { status: 'Cancelled', filledQuantity };
  if (!WORKING.has(status)) return { status: 'Working', filledQuantity };
  return { status: filledQuantity > 0 ? 'PartiallyFilled' : 'Working', filledQuantity };
}

const DIRECTIONS: Record<string, OrderDirection> = { BUY: 'Long', SELL_SHORT: 'Short' };
const ENTRY_TYPES: Record<string, OrderEntryType> = { LIMIT: 'Limit', STOP: 'Stop', STOP_LIMIT: 'StopLimit' };
const DURATION_OF: Record<string, OrderDuration> = { DAY: 'Day', GOOD_TILL_CANCEL: 'GoodTillCancel' };

/** The bracket order a Schwab order is, or null when it is not one of ours (any other shape). */
export function bracketOrderOf(answer: SchwabOrderAnswer): BracketOrder | null {
  if (answer.orderStrategyType !== 'TRIGGER') return null;
  const entryLeg = answer.orderLegCollection?.[0];
  const direction = DIRECTIONS[entryLeg?.instruction ?? ''];
  const entryType = ENTRY_TYPES[answer.orderType ?? ''];
  const duration = DURATION_OF[answer.duration ?? ''];
  const symbol = entryLeg?.instrument?.symbol;
  const quantity = num(entryLeg?.quantity) ?? num(answer.quantity);
  if (!direction || !entryType || !duration || !symbol || quantity === null) return null;
  const entryPrice = num(entryType === 'Limit' ? answer.price : answer.stopPrice);
  const entryLimitPrice = entryType === 'StopLimit' ? num(answer.price) : null;
  if (entryPrice === null || (entryType === 'StopLimit' && entryLimitPrice === null)) return null;

  const child = answer.childOrderStrategies?.[0];
  const exits =
    child?.orderStrategyType === 'OCO' ? (child.childOrderStrategies ?? []) : child ? [child] : [];
  const stop = exits.find((e) => e.orderType === 'STOP');
  const target = exits.find((e) => e.orderType === 'LIMIT');
  const stopPrice = num(stop?.stopPrice);
  if (stopPrice === null) return null;
  return {
    symbol: symbol.toUpperCase(),
    direction,
    quantity,
    entryType,
    entryPrice,
    entryLimitPrice,
    duration,
    stopPrice,
    targetPrice: target ? num(target.price) : null,
  };
}

/** Schwab writes times as 2025-11-24T15:04:05+0000. */
const isoOf = (time: string | undefined, fallback: Date): string => {
  const at = time ? Date.parse(time.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')) : Number.NaN;
  return new Date(Number.isNaN(at) ? fallback.getTime() : at).toISOString();
};

export function schwabOrderState(answer: SchwabOrderAnswer, at: Date): BrokerOrderState | null {
  const order = bracketOrderOf(answer);
  if (!order || answer.orderId === undefined) return null;
  const { status, filledQuantity } = schwabOrderStatus(answer);
  return {
    brokerOrderId: String(answer.orderId),
    status,
    filledQuantity,
    enteredAt: isoOf(answer.enteredTime, at),
    reason:
      (status === 'Rejected' || status === 'Cancelled') && typeof answer.statusDescription === 'string'
        ? brokerText(answer.statusDescription)
        : null,
    order,
  };
}

interface SchwabValidationDetail {
  validationRuleName?: string;
  message?: string;
  activityMessage?: string;
}

/** What Schwab's preview says (`orderValidationResult`): rejects refuse, the rest warn. */
export function schwabPreview(answer: unknown): BrokerOrderPreview {
  const result = ((answer ?? {}) as { orderValidationResult?: Record<string, SchwabValidationDetail[]> })
    .orderValidationResult;
  const texts = (key: string) => {
    const details: unknown = result?.[key];
    if (!Array.isArray(details)) return [];
    return (details as (SchwabValidationDetail | null)[])
      .map((d) => d?.message ?? d?.activityMessage ?? d?.validationRuleName ?? '')
      .filter((text) => typeof text === 'string' && text.length > 0)
      .map(brokerText);
  };
  return {
    warnings: [...texts('alerts'), ...texts('warns'), ...texts('reviews')],
    rejections: texts('rejects'),
  };
}

/** The new order's id: the last segment of the `Location` Schwab answers a placement with. */
export function orderIdFromLocation(location: string | null): string | null {
  const id = location?.split('?')[0]?.replace(/\/+$/, '').split('/').pop();
  return id && /^\d+$/.test(id) ? id : null;
}

/** The broker's words, bounded: they are kept (the order's reason, the order log's answers). */
const BROKER_TEXT_MAX = 500;
const brokerText = (text: string) => text.slice(0, BROKER_TEXT_MAX);

/** Schwab's own words for a refusal: `message`, or its `errors`' details. */
export function refusalText(body: unknown): string {
  if (typeof body === 'string' && body.length > 0) return brokerText(body);
  const b = (body ?? {}) as { message?: unknown; errors?: unknown };
  if (typeof b.message === 'string' && b.message.length > 0) return brokerText(b.message);
  if (Array.isArray(b.errors)) {
    const texts = b.errors.map((e) =>
      typeof e === 'string'
        ? e
        : ((e as { detail?: string; title?: string }).detail ?? (e as { title?: string }).title),
    );
    const joined = texts.filter((t) => typeof t === 'string' && t.length > 0).join('; ');
    if (joined) return brokerText(joined);
  }
  return 'Schwab refused the order';
}
