import type { ServerResponse } from 'node:http';
import type { FakeLogin } from './fakeSchwab.ts';
import { schwabTime, schwabTrade } from './schwabTrades.ts';

/**
 * Schwab's order endpoints as the fake answers them (`previewOrder`, `orders`, `orders/{id}`):
 * strict about the one shape Trade Tracker sends (a TRIGGER entry whose child is an OCO of a STOP
 * and a LIMIT, or the STOP alone), refusing a bad shape or price with 400 {"message"} the way
 * Schwab does, and insufficient funds too. A test fills an order (the entry, then the stop or the
 * target) and finds it in GET orders and as TRADE transactions; it can drop a placement's answer.
 */

type Account = FakeLogin['accounts'][number];
type Json = Record<string, unknown>;
type Send = (status: number, payload: unknown, headers?: Record<string, string>) => void;

const ENTRY_TYPES = ['LIMIT', 'STOP', 'STOP_LIMIT'];
const DURATIONS = ['DAY', 'GOOD_TILL_CANCEL'];
const CLOSING: Record<string, string> = { BUY: 'SELL', SELL_SHORT: 'BUY_TO_COVER' };
/** What Schwab's order calls take for the entered-time range. */
const SCHWAB_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:?\d{2})$/;

/** A price as Schwab takes it from us: a string with 2 decimals, 4 under $1. */
function priceOf(v: unknown): number | string {
  if (typeof v !== 'string') return 'price must be a string';
  const n = Number(v);
  if (!/^\d+\.\d+$/.test(v) || !(n > 0)) return `${v} is not a valid price`;
  const decimals = v.split('.')[1]?.length ?? 0;
  if (n >= 1 ? decimals !== 2 : decimals !== 4) return `${v}: prices take 2 decimals, 4 under $1`;
  return n;
}

const sameKeys = (o: Json, keys: string[]) =>
  Object.keys(o).length === keys.length && keys.every((k) => k in o);

/** The one leg of an order: instruction, whole shares, an equity. */
function legProblem(order: Json, instruction: string, quantity: number | null, symbol: string | null) {
  const legs = order.orderLegCollection;
  if (!Array.isArray(legs) || legs.length !== 1) return 'orderLegCollection must hold one leg';
  const leg = legs[0] as Json;
  if (!sameKeys(leg, ['instruction', 'quantity', 'instrument']))
    return 'A leg holds instruction, quantity, instrument';
  if (leg.instruction !== instruction) return `Instruction must be ${instruction}`;
  if (typeof leg.quantity !== 'number' || !Number.isInteger(leg.quantity) || leg.quantity < 1)
    return 'Quantity must be a whole number of shares';
  if (quantity !== null && leg.quantity !== quantity) return 'Child order quantity must match the parent';
  const instrument = (leg.instrument ?? {}) as Json;
  if (!sameKeys(instrument, ['symbol', 'assetType']) || instrument.assetType !== 'EQUITY')
    return 'Instrument must be {symbol, assetType EQUITY}';
  if (typeof instrument.symbol !== 'string' || !/^[A-Z][A-Z0-9./-]*$/.test(instrument.symbol))
    return 'Invalid symbol';
  if (symbol !== null && instrument.symbol !== symbol) return 'Child order symbol must match the parent';
  return null;
}

/** An exit of the OCO (or the lone stop): SINGLE, NORMAL, GTC, one closing leg. */
function exitProblem(
  child: Json,
  type: 'STOP' | 'LIMIT',
  parent: { instruction: string; quantity: number; symbol: string },
) {
  const priceKey = type === 'STOP' ? 'stopPrice' : 'price';
  const keys = ['orderStrategyType', 'session', 'duration', 'orderType', priceKey, 'orderLegCollection'];
  if (!sameKeys(child, keys)) return `A ${type} exit holds ${keys.join(', ')}`;
  if (child.orderStrategyType !== 'SINGLE') return 'An exit is a SINGLE order';
  if (child.session !== 'NORMAL') return 'Session must be NORMAL';
  if (child.duration !== 'GOOD_TILL_CANCEL') return 'Exits must be GOOD_TILL_CANCEL';
  const p = priceOf(child[priceKey]);
  if (typeof p === 'string') return p;
  return legProblem(child, CLOSING[parent.instruction] as string, parent.quantity, parent.symbol);
}

export interface ParsedFakeOrder {
  instruction: string;
  symbol: string;
  quantity: number;
  orderType: string;
  /** The limit of a LIMIT or STOP_LIMIT entry. */
  price: number | null;
  /** The trigger of a STOP or STOP_LIMIT entry. */
  stopPrice: number | null;
  duration: string;
  exitStop: number;
  exitTarget: number | null;
}

/** Why Schwab would refuse this order JSON with a 400, or the order it reads. */
export function fakeOrderProblem(body: unknown): string | ParsedFakeOrder {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'Invalid order JSON';
  const order = body as Json;
  const type = order.orderType;
  if (typeof type !== 'string' || !ENTRY_TYPES.includes(type)) return 'Invalid orderType';
  const keys = [
    'orderStrategyType',
    'session',
    'duration',
    'orderType',
    'orderLegCollection',
    'childOrderStrategies',
  ];
  if (type !== 'STOP') keys.push('price');
  if (type !== 'LIMIT') keys.push('stopPrice');
  if (!sameKeys(order, keys)) return `A ${type} entry holds ${keys.join(', ')}`;
  if (order.orderStrategyType !== 'TRIGGER') return 'orderStrategyType must be TRIGGER';
  if (order.session !== 'NORMAL') return 'Session must be NORMAL';
  if (typeof order.duration !== 'string' || !DURATIONS.includes(order.duration)) return 'Invalid duration';
  const price = type === 'STOP' ? null : priceOf(order.price);
  const stopPrice = type === 'LIMIT' ? null : priceOf(order.stopPrice);
  if (typeof price === 'string') return price;
  if (typeof stopPrice === 'string') return stopPrice;
  const legs = order.orderLegCollection as Json[] | undefined;
  const instruction = (legs?.[0] as Json | undefined)?.instruction;
  if (instruction !== 'BUY' && instruction !== 'SELL_SHORT') return 'The entry must BUY or SELL_SHORT';
  const problem = legProblem(order, instruction, null, null);
  if (problem) return problem;
  const leg = legs?.[0] as { quantity: number; instrument: { symbol: string } };
  const parent = { instruction, quantity: leg.quantity, symbol: leg.instrument.symbol };

  const children = order.childOrderStrategies;
  if (!Array.isArray(children) || children.length !== 1) return 'A TRIGGER order holds one child strategy';
  const child = children[0] as Json;
  let exitStop: number;
  let exitTarget: number | null = null;
  if (child.orderStrategyType === 'OCO') {
    if (!sameKeys(child, ['orderStrategyType', 'childOrderStrategies']))
      return 'An OCO holds only its children';
    const pair = child.childOrderStrategies;
    if (!Array.isArray(pair) || pair.length !== 2) return 'An OCO holds two orders';
    const stop = (pair as Json[]).find((o) => o.orderType === 'STOP');
    const target = (pair as Json[]).find((o) => o.orderType === 'LIMIT');
    if (!stop || !target) return 'The OCO must hold a STOP and a LIMIT';
    const wrong = exitProblem(stop, 'STOP', parent) ?? exitProblem(target, 'LIMIT', parent);
    if (wrong) return wrong;
    exitStop = Number(stop.stopPrice);
    exitTarget = Number(target.price);
  } else {
    if (child.orderType !== 'STOP') return 'Without an OCO the child must be the STOP';
    const wrong = exitProblem(child, 'STOP', parent);
    if (wrong) return wrong;
    exitStop = Number(child.stopPrice);
  }

  // Schwab's price rules for a long bracket (a short one mirrors them).
  const long = instruction === 'BUY';
  const entry = (type === 'LIMIT' ? price : stopPrice) as number;
  if (type === 'STOP_LIMIT' && (long ? (price as number) < entry : (price as number) > entry))
    return 'The limit price of a stop limit order must be on the other side of its stop price';
  if (long ? exitStop >= entry : exitStop <= entry) return 'The stop price must be below the entry price';
  if (exitTarget !== null && (long ? exitTarget <= entry : exitTarget >= entry))
    return 'The limit price must be above the entry price';
  return {
    instruction,
    symbol: parent.symbol,
    quantity: parent.quantity,
    orderType: type,
    price,
    stopPrice,
    duration: order.duration,
    exitStop,
    exitTarget,
  };
}

interface Fill {
  quantity: number;
  price: number;
  time: string;
}

interface FakeOrder {
  id: number;
  hash: string;
  accountNumber: string;
  enteredAt: Date;
  sent: Json;
  parsed: ParsedFakeOrder;
  status: 'WORKING' | 'FILLED' | 'CANCELED' | 'REJECTED' | 'EXPIRED';
  statusDescription?: string;
  entryFills: Fill[];
  /** Which exit filled, once one did: the other is cancelled. */
  exit: { which: 'stop' | 'target'; fill: Fill } | null;
}

const numbers = (o: Json): Json => {
  const out: Json = { ...o };
  for (const key of ['price', 'stopPrice']) if (typeof out[key] === 'string') out[key] = Number(out[key]);
  return out;
};

export class FakeOrders {
  private nextId = 1_004_000_000_001;
  private activityId = 90_000_000;
  private readonly placed: FakeOrder[] = [];
  /** POST …/orders calls answered (or dropped), shape-valid or not. */
  placementCalls = 0;
  /** DELETE …/orders/{id} calls received, whatever their answer. */
  cancelCalls = 0;
  /** Each cancel waits this long before answering, so two requests overlap. */
  cancelDelayMs = 0;
  private dropNext = 0;

  constructor(
    private readonly now: () => Date,
    private readonly baseUrl: () => string,
    private readonly seed: (hash: string, transactions: { time: string; type?: string }[]) => void,
  ) {}

  // Knobs
  /** The next `n` placements are taken in, but the connection is dropped before any answer. */
  dropNextPlacements(n = 1) {
    this.dropNext = n;
  }
  /** The orders Schwab holds (placed and taken in), oldest first, of one account or all. */
  received(hash?: string): { id: string; sent: Json }[] {
    return this.placed
      .filter((o) => !hash || o.hash === hash)
      .map((o) => ({ id: String(o.id), sent: o.sent }));
  }
  clear() {
    this.placed.length = 0;
    this.placementCalls = 0;
    this.cancelCalls = 0;
    this.cancelDelayMs = 0;
    this.dropNext = 0;
  }
  /** Schwab rejects a working order after taking it in (an exchange's refusal). */
  reject(id: string, statusDescription: string) {
    const order = this.find(id);
    order.status = 'REJECTED';
    order.statusDescription = statusDescription;
  }
  /** A Day entry's session ended unfilled. */
  expire(id: string) {
    this.find(id).status = 'EXPIRED';
  }
  /** Fills the entry (all of it unless `quantity`), at its price unless `price`. */
  fillEntry(id: string, fill: { quantity?: number; price?: number; at?: Date } = {}) {
    const order = this.find(id);
    const p = order.parsed;
    const filled = order.entryFills.reduce((sum, f) => sum + f.quantity, 0);
    const quantity = fill.quantity ?? p.quantity - filled;
    const price = fill.price ?? ((p.orderType === 'STOP' ? p.stopPrice : p.price) as number);
    const at = fill.at ?? this.now();
    order.entryFills.push({ quantity, price, time: schwabTime(at) });
    if (filled + quantity >= p.quantity) order.status = 'FILLED';
    this.trade(order, at, p.instruction === 'BUY' ? quantity : -quantity, price, 'OPENING');
  }
  /** Fills the stop or the target for every share the entry bought; the other exit is cancelled. */
  fillExit(id: string, which: 'stop' | 'target', fill: { price?: number; at?: Date } = {}) {
    const order = this.find(id);
    const p = order.parsed;
    const quantity = order.entryFills.reduce((sum, f) => sum + f.quantity, 0);
    if (quantity === 0) throw new Error('The entry has not filled');
    if (which === 'target' && p.exitTarget === null) throw new Error('The order has no target');
    const price = fill.price ?? ((which === 'stop' ? p.exitStop : p.exitTarget) as number);
    const at = fill.at ?? this.now();
    order.exit = { which, fill: { quantity, price, time: schwabTime(at) } };
    this.trade(order, at, p.instruction === 'BUY' ? -quantity : quantity, price, 'CLOSING');
  }

  private find(id: string): FakeOrder {
    const order = this.placed.find((o) => String(o.id) === id);
    if (!order) throw new Error(`No order ${id}`);
    return order;
  }

  private trade(order: FakeOrder, at: Date, amount: number, price: number, effect: 'OPENING' | 'CLOSING') {
    const trade = schwabTrade({
      activityId: ++this.activityId,
      time: at,
      symbol: order.parsed.symbol,
      amount,
      price,
      positionEffect: effect,
    });
    const transaction = { ...trade, accountNumber: order.accountNumber, orderId: order.id };
    this.seed(order.hash, [transaction]);
  }

  handle(
    method: string,
    endpoint: string,
    orderId: string | undefined,
    account: Account,
    url: URL,
    body: string,
    res: ServerResponse,
    send: Send,
  ) {
    if (endpoint === 'previewOrder' && method === 'POST' && !orderId)
      return this.preview(account, body, send);
    if (endpoint === 'orders' && !orderId && method === 'POST') return this.place(account, body, res, send);
    if (endpoint === 'orders' && !orderId && method === 'GET') return this.list(account, url, send);
    if (endpoint === 'orders' && orderId && method === 'GET') {
      const order = this.placed.find((o) => String(o.id) === orderId && o.hash === account.hash);
      return order ? send(200, this.answer(order)) : send(404, { message: 'Order not found' });
    }
    if (endpoint === 'orders' && orderId && method === 'DELETE')
      return this.cancel(account, orderId, res, send);
    return send(405, { message: 'Method not allowed' });
  }

  private read(body: string): unknown {
    try {
      return JSON.parse(body);
    } catch {
      return undefined;
    }
  }

  private insufficient(account: Account, parsed: ParsedFakeOrder): boolean {
    const worst = (parsed.orderType === 'STOP' ? parsed.stopPrice : parsed.price) as number;
    return parsed.instruction === 'BUY' && parsed.quantity * worst > account.funds;
  }

  private preview(account: Account, body: string, send: Send) {
    const json = this.read(body);
    const parsed = fakeOrderProblem(json);
    if (typeof parsed === 'string') return send(400, { message: parsed });
    const rejects = this.insufficient(account, parsed)
      ? [
          {
            validationRuleName: 'BuyingPower',
            message: 'Insufficient buying power for this order',
            originalSeverity: 'REJECT',
          },
        ]
      : [];
    const warns =
      parsed.duration === 'GOOD_TILL_CANCEL'
        ? [
            {
              validationRuleName: 'GTC',
              message: 'Good-till-cancel orders expire after 180 days',
              originalSeverity: 'ATTENTION',
            },
          ]
        : [];
    return send(200, {
      orderId: 0,
      orderStrategy: { ...numbers(json as Json), accountNumber: account.number, status: 'ACCEPTED' },
      orderValidationResult: { alerts: [], accepts: [], rejects, reviews: [], warns },
      commissionAndFee: { commission: { commissionLegs: [] }, fee: { feeLegs: [] }, trueCommission: {} },
    });
  }

  private place(account: Account, body: string, res: ServerResponse, send: Send) {
    this.placementCalls++;
    const json = this.read(body);
    const parsed = fakeOrderProblem(json);
    if (typeof parsed === 'string') return send(400, { message: parsed });
    if (this.insufficient(account, parsed))
      return send(400, { message: 'Your order cannot be placed: insufficient funds for this order' });
    const order: FakeOrder = {
      id: this.nextId++,
      hash: account.hash,
      accountNumber: account.number,
      enteredAt: this.now(),
      sent: json as Json,
      parsed,
      status: 'WORKING',
      entryFills: [],
      exit: null,
    };
    this.placed.push(order);
    if (this.dropNext > 0) {
      this.dropNext--;
      res.socket?.destroy();
      return;
    }
    res.writeHead(201, {
      Location: `${this.baseUrl()}/trader/v1/accounts/${account.hash}/orders/${order.id}`,
    });
    res.end();
  }

  private async cancel(account: Account, orderId: string, res: ServerResponse, send: Send) {
    this.cancelCalls++;
    if (this.cancelDelayMs > 0) await new Promise((r) => setTimeout(r, this.cancelDelayMs));
    const order = this.placed.find((o) => String(o.id) === orderId && o.hash === account.hash);
    if (!order) return send(404, { message: 'Order not found' });
    if (order.status !== 'WORKING')
      return send(400, { message: `Order is ${order.status} and cannot be canceled` });
    order.status = 'CANCELED';
    // Schwab answers a cancel with an empty 200.
    res.writeHead(200);
    res.end();
  }

  private list(account: Account, url: URL, send: Send) {
    const from = url.searchParams.get('fromEnteredTime') ?? '';
    const to = url.searchParams.get('toEnteredTime') ?? '';
    if (!SCHWAB_DATE.test(from) || !SCHWAB_DATE.test(to))
      return send(400, { message: "fromEnteredTime and toEnteredTime must be yyyy-MM-dd'T'HH:mm:ss.SSSZ" });
    const [start, end] = [Date.parse(from), Date.parse(to)];
    const orders = this.placed.filter(
      (o) => o.hash === account.hash && o.enteredAt.getTime() >= start && o.enteredAt.getTime() <= end,
    );
    // Newest first, as Schwab lists them.
    return send(
      200,
      orders.reverse().map((o) => this.answer(o)),
    );
  }

  /** The order as Schwab's GET answers it: prices as numbers, statuses, activities, ids. */
  private answer(order: FakeOrder): Json {
    const p = order.parsed;
    const filled = order.entryFills.reduce((sum, f) => sum + f.quantity, 0);
    const entryDone = order.status === 'FILLED';
    const activities = (fills: Fill[], total: number) =>
      fills.map((f, i) => ({
        activityType: 'EXECUTION',
        activityId: 50_000 + i,
        executionType: 'FILL',
        quantity: f.quantity,
        orderRemainingQuantity: total - fills.slice(0, i + 1).reduce((sum, g) => sum + g.quantity, 0),
        executionLegs: [
          { legId: 1, price: f.price, quantity: f.quantity, mismarkedQuantity: 0, time: f.time },
        ],
      }));
    const sent = order.sent;
    const child = (sent.childOrderStrategies as Json[])[0] as Json;
    const exitAnswer = (exit: Json, offset: number): Json => {
      const which = exit.orderType === 'STOP' ? 'stop' : 'target';
      let status = 'AWAITING_PARENT_ORDER';
      if (order.status === 'CANCELED' || order.status === 'REJECTED' || order.status === 'EXPIRED')
        status = 'CANCELED';
      if (filled > 0) status = 'WORKING';
      if (order.exit) status = order.exit.which === which ? 'FILLED' : 'CANCELED';
      const fills = order.exit?.which === which ? [order.exit.fill] : [];
      return {
        ...numbers(exit),
        orderId: order.id + offset,
        quantity: p.quantity,
        filledQuantity: fills.reduce((sum, f) => sum + f.quantity, 0),
        status,
        enteredTime: schwabTime(order.enteredAt),
        accountNumber: Number(order.accountNumber),
        ...(fills.length > 0 ? { orderActivityCollection: activities(fills, p.quantity) } : {}),
      };
    };
    const children =
      child.orderStrategyType === 'OCO'
        ? [
            {
              orderStrategyType: 'OCO',
              childOrderStrategies: (child.childOrderStrategies as Json[]).map((c, i) =>
                exitAnswer(c, i + 1),
              ),
            },
          ]
        : [exitAnswer(child, 1)];
    return {
      ...numbers(sent),
      complexOrderStrategyType: 'NONE',
      quantity: p.quantity,
      filledQuantity: filled,
      remainingQuantity: p.quantity - filled,
      requestedDestination: 'AUTO',
      destinationLinkName: 'AutoRoute',
      orderId: order.id,
      cancelable: order.status === 'WORKING',
      editable: order.status === 'WORKING' && !entryDone,
      status: order.status,
      ...(order.statusDescription ? { statusDescription: order.statusDescription } : {}),
      enteredTime: schwabTime(order.enteredAt),
      accountNumber: Number(order.accountNumber),
      ...(order.entryFills.length > 0
        ? { orderActivityCollection: activities(order.entryFills, p.quantity) }
        : {}),
      childOrderStrategies: children,
    };
  }
}
