import {
  type BracketOrder,
  type OrderDirection,
  type OrderDuration,
  type OrderEntryType,
  type OrderStatus,
  orderPriceText,
} from '../../../domain/orders.ts';
import {
  AccessTokenRejectedError,
  type Broker,
  BrokerOrderLimitError,
  BrokerOrderNotFoundError,
  type BrokerOrderPreview,
  type BrokerOrderState,
  type BrokerTokens,
  BrokerUnavailableError,
  type ExchangeLog,
  OrderRejectedError,
} from '../broker.ts';
import { cancelRoom, createWindowCount, DAY_MS, MINUTE_MS } from '../brokerBudget.ts';
import { type SchwabAnswer, type SchwabHttp, SchwabNoAnswerError } from './schwabHttp.ts';

// A plan's bracket order as Schwab's Trader API takes it (docs/product.md, "Orders"): a TRIGGER
// order whose entry, once filled, sends its child: an OCO of a STOP and a LIMIT, or the STOP alone
// when the plan has no target (Schwab validates an OCO's legs together, so a placeholder target
// would get the stop refused too). The shape is Schwab's documented one and schwab-py's
// (`first_triggers_second`, `one_cancels_other`, orders/generic.py): prices as strings with 2
// decimals (4 under $1), the exits good till cancelled.

/** Schwab allows an app 120 orders a minute and 4,000 a day (its Trader API's order limits). */
export const SCHWAB_ORDERS_PER_MINUTE = 120;
export const SCHWAB_ORDERS_PER_DAY = 4000;

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
function refusalText(body: unknown): string {
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

// ---- The calls ----------------------------------------------------------------------------------

/**
 * A sliding count of the orders sent (placements and cancels, the order calls Schwab limits),
 * app-wide as Schwab's limits are: over either limit the order is refused before it is sent.
 * Placements leave room for cancels in both (`cancelRoom`): a loop of placements, whoever sends
 * it, never leaves a working order that cannot be cancelled.
 */
export function createOrderCounter(
  now: () => Date,
  perMinute = SCHWAB_ORDERS_PER_MINUTE,
  perDay = SCHWAB_ORDERS_PER_DAY,
) {
  const nowMs = () => now().getTime();
  const limits = [
    { limit: perDay, per: 'a day', sent: createWindowCount(perDay, DAY_MS, nowMs) },
    { limit: perMinute, per: 'a minute', sent: createWindowCount(perMinute, MINUTE_MS, nowMs) },
  ];
  return {
    admit(kind: 'place' | 'cancel') {
      for (const { limit, per, sent } of limits) {
        const keep = kind === 'place' ? cancelRoom(limit) : 0;
        const wait = sent.wait(keep);
        if (wait === undefined) continue;
        const kept = keep > 0 ? ` for new orders (${keep} are kept for cancels)` : '';
        throw new BrokerOrderLimitError(`Schwab's limit of ${limit} orders ${per} is reached${kept}`, wait);
      }
      for (const { sent } of limits) sent.add();
    },
  };
}

export interface SchwabOrderOptions {
  http: SchwabHttp;
  now: () => Date;
  ordersPerMinute?: number;
  ordersPerDay?: number;
}

type OrderCalls = Required<
  Pick<Broker, 'previewOrder' | 'placeOrder' | 'getOrder' | 'cancelOrder' | 'recentOrders'>
>;

/** Schwab's order calls, each request and its answer told to the order log (never a token). */
export function createSchwabOrderCalls({
  http,
  now,
  ordersPerMinute,
  ordersPerDay,
}: SchwabOrderOptions): OrderCalls {
  const counter = createOrderCounter(now, ordersPerMinute, ordersPerDay);
  const accountPath = (hash: string) => `/trader/v1/accounts/${encodeURIComponent(hash)}`;

  async function call(
    tokens: BrokerTokens,
    log: ExchangeLog,
    method: string,
    path: string,
    body?: unknown,
    order?: 'place' | 'cancel',
  ): Promise<SchwabAnswer> {
    let answer: SchwabAnswer;
    try {
      // An order call is counted against the order limits only once it is sure to go out.
      const alsoAdmit = order === undefined ? undefined : () => counter.admit(order);
      answer = await http.request(method, path, tokens.accessToken, body, alsoAdmit);
    } catch (error) {
      // Only a request that went out is logged: a refusal before sending sent nothing.
      if (error instanceof SchwabNoAnswerError) {
        log({
          method,
          path,
          requestBody: body ?? null,
          status: null,
          responseBody: null,
          at: now().toISOString(),
        });
      }
      throw error;
    }
    log({
      method,
      path,
      requestBody: body ?? null,
      status: answer.status,
      responseBody: answer.body,
      at: now().toISOString(),
    });
    if (answer.status === 401)
      throw new AccessTokenRejectedError(`Schwab refused the access token: ${answer.status}`);
    if (answer.status === 429) throw new BrokerUnavailableError('Schwab rate limit exceeded (429)');
    return answer;
  }

  const unexpected = (what: string, answer: SchwabAnswer) =>
    new BrokerUnavailableError(`Schwab answered ${what} with ${answer.status}: ${refusalText(answer.body)}`);

  return {
    async previewOrder(tokens, accountHash, order, log) {
      const answer = await call(
        tokens,
        log,
        'POST',
        `${accountPath(accountHash)}/previewOrder`,
        schwabOrderJson(order),
      );
      if (answer.status >= 200 && answer.status < 300) return schwabPreview(answer.body);
      if (answer.status === 400 || answer.status === 422)
        return { warnings: [], rejections: [refusalText(answer.body)] };
      throw unexpected('the preview', answer);
    },

    async placeOrder(tokens, accountHash, order, log) {
      const answer = await call(
        tokens,
        log,
        'POST',
        `${accountPath(accountHash)}/orders`,
        schwabOrderJson(order),
        'place',
      );
      // Only Schwab's refusal of the order itself says for sure that nothing was placed; any other
      // answer (a 5xx, a 201 without the order's id) leaves it unknown, so the caller looks for it.
      if (answer.status === 400 || answer.status === 422)
        throw new OrderRejectedError(refusalText(answer.body));
      if (answer.status >= 200 && answer.status < 300) {
        const id = orderIdFromLocation(answer.headers.get('location'));
        if (id) return id;
        throw new BrokerUnavailableError(
          'Schwab took the order but answered no Location: its id is not known',
        );
      }
      throw unexpected('the order', answer);
    },

    async getOrder(tokens, accountHash, brokerOrderId, log) {
      const path = `${accountPath(accountHash)}/orders/${encodeURIComponent(brokerOrderId)}`;
      const answer = await call(tokens, log, 'GET', path);
      if (answer.status === 404) throw new BrokerOrderNotFoundError(`Schwab has no order ${brokerOrderId}`);
      if (answer.status !== 200) throw unexpected('the order', answer);
      const state = schwabOrderState(answer.body as SchwabOrderAnswer, now());
      if (!state) throw new BrokerUnavailableError(`Schwab's order ${brokerOrderId} is not a bracket order`);
      return state;
    },

    async cancelOrder(tokens, accountHash, brokerOrderId, log) {
      const path = `${accountPath(accountHash)}/orders/${encodeURIComponent(brokerOrderId)}`;
      const answer = await call(tokens, log, 'DELETE', path, undefined, 'cancel');
      if (answer.status >= 200 && answer.status < 300) return;
      // Schwab refuses to cancel an order that filled or ended first: getOrder then says which.
      if (answer.status === 400 || answer.status === 404 || answer.status === 422)
        throw new OrderRejectedError(refusalText(answer.body));
      throw unexpected('the cancel', answer);
    },

    async recentOrders(tokens, accountHash, since, at, log) {
      // ISO 8601 with milliseconds and an offset (Z), as Schwab requires for the entered times.
      const params = new URLSearchParams({
        fromEnteredTime: since.toISOString(),
        toEnteredTime: at.toISOString(),
      });
      const answer = await call(tokens, log, 'GET', `${accountPath(accountHash)}/orders?${params}`);
      if (answer.status !== 200 || !Array.isArray(answer.body)) throw unexpected('the recent orders', answer);
      return (answer.body as SchwabOrderAnswer[])
        .map((o) => schwabOrderState(o, at))
        .filter((o): o is BrokerOrderState => o !== null);
    },
  };
}
