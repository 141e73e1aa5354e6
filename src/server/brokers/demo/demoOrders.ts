import { randomUUID } from 'node:crypto';
import { newYorkTime, sessionFraction } from '../../../domain/marketHours.ts';
import {
  type BracketOrder,
  bracketOrderProblems,
  describeOrder,
  type OrderStatus,
  orderCost,
} from '../../../domain/orders.ts';
import {
  type BrokerAccount,
  type BrokerExchange,
  type BrokerExecution,
  BrokerOrderNotFoundError,
  type BrokerOrderPreview,
  type BrokerOrderState,
  type ExchangeLog,
  OrderRejectedError,
} from '../broker.ts';
import { demoQuote } from './demoQuotes.ts';

// The demo broker's orders (docs/product.md, "Orders"): simulated against the demo's intraday
// price path (demoQuotes.ts), so a newcomer can place a bracket order and watch it become a trade.
// They are kept in this process's memory only: a restart forgets them (fine for a paper broker;
// the fills already imported stay in the journal).

const MINUTE_MS = 60_000;
const OPEN_MINUTE = 9 * 60 + 30;
const DAY_MINUTES = 24 * 60;

interface Fill {
  at: Date;
  price: number;
}

export interface DemoOrder {
  id: string;
  accountHash: string;
  order: BracketOrder;
  enteredAt: Date;
  status: OrderStatus;
  reason: string | null;
  /** A stop-limit entry's trigger was reached: it now works as a limit. */
  triggered: boolean;
  entry: Fill | null;
  exit: (Fill & { which: 'stop' | 'target' }) | null;
  /** The minute up to which the order was evaluated (exclusive). */
  evaluatedTo: number;
  /** The order has seen a minute of a session: a Day entry expires when that session closes. */
  sawSession: boolean;
}

/** The next minute worth a look after `t` outside the session: the next open, or the next midnight. */
function nextLook(t: number): number {
  const { minute } = newYorkTime(new Date(t));
  const wait = minute < OPEN_MINUTE ? OPEN_MINUTE - minute : DAY_MINUTES - minute;
  return t + Math.max(1, wait) * MINUTE_MS;
}

/** +1 for a long order, −1 for a short one: a price move times the sign is what the position gains. */
const signOf = (o: DemoOrder): 1 | -1 => (o.order.direction === 'Short' ? -1 : 1);

/** Whether `price` is at or beyond `level` upward for a long order, downward for a short one. */
const atOrPast = (o: DemoOrder, price: number, level: number): boolean => signOf(o) * (price - level) >= 0;

/**
 * Whether the entry fills at `price`, once its trigger (if any) is reached. A long buys: a limit
 * at or below its price, a stop once the price rises to it. A short sells short, the mirror: a
 * limit at or above its price, a stop once the price falls to it.
 */
function entryFills(o: DemoOrder, price: number): boolean {
  const { order } = o;
  if (order.entryType === 'Limit') return atOrPast(o, order.entryPrice, price);
  if (order.entryType === 'Stop') return atOrPast(o, price, order.entryPrice);
  if (!o.triggered && atOrPast(o, price, order.entryPrice)) o.triggered = true;
  return o.triggered && atOrPast(o, order.entryLimitPrice ?? order.entryPrice, price);
}

/**
 * Runs a working order minute by minute from where it was left up to `now`, at the demo's price of
 * each session minute: a buy limit fills at or below its limit (at once when the price already is),
 * a buy stop when the price reaches it, a stop-limit when triggered and at or below its limit, each
 * at the price of that minute. From the next minute the exits work: the stop when the price falls
 * to it, the target when it rises to it, one cancelling the other (a short order the mirror: its
 * stop when the price rises to it, its target when it falls to it). A Day entry not filled when its
 * session closes (16:00 New York) expires: Cancelled.
 */
export function advanceDemoOrder(o: DemoOrder, now: Date): void {
  const end = now.getTime();
  let t = o.evaluatedTo;
  while (t <= end && (o.status === 'Working' || (o.status === 'Filled' && o.exit === null))) {
    const at = new Date(t);
    if (sessionFraction(at) === null) {
      if (o.sawSession && o.entry === null && o.order.duration === 'Day') {
        o.status = 'Cancelled';
        o.reason = 'The Day order expired unfilled at the close';
        break;
      }
      t = nextLook(t);
      continue;
    }
    o.sawSession = true;
    const price = demoQuote(o.order.symbol, at).last;
    if (o.entry === null) {
      if (entryFills(o, price)) {
        o.entry = { at, price };
        o.status = 'Filled';
      }
    } else if (t > o.entry.at.getTime()) {
      if (atOrPast(o, o.order.stopPrice, price)) o.exit = { at, price, which: 'stop' };
      else if (o.order.targetPrice !== null && atOrPast(o, price, o.order.targetPrice))
        o.exit = { at, price, which: 'target' };
    }
    t += MINUTE_MS;
  }
  o.evaluatedTo = Math.max(o.evaluatedTo, t);
}

/** The fills an order made up to now: the entry, then its exit. */
export function demoOrderExecutions(o: DemoOrder): BrokerExecution[] {
  const fills: BrokerExecution[] = [];
  const base = {
    accountHash: o.accountHash,
    symbol: o.order.symbol,
    quantity: o.order.quantity,
    fees: 0,
  };
  if (o.entry) {
    fills.push({
      ...base,
      brokerExecutionId: `demo-order-${o.id}-entry`,
      // A short sells short to open and buys to cover.
      side: o.order.direction === 'Short' ? 'Sell' : 'Buy',
      price: o.entry.price,
      executedAt: o.entry.at.toISOString(),
      positionEffect: 'Open',
      protectiveStop: o.order.stopPrice,
    });
  }
  if (o.exit) {
    fills.push({
      ...base,
      brokerExecutionId: `demo-order-${o.id}-${o.exit.which}`,
      side: o.order.direction === 'Short' ? 'Buy' : 'Sell',
      price: o.exit.price,
      executedAt: o.exit.at.toISOString(),
      positionEffect: 'Close',
      protectiveStop: null,
    });
  }
  return fills;
}

const stateOf = (o: DemoOrder): BrokerOrderState => ({
  brokerOrderId: o.id,
  status: o.status,
  filledQuantity: o.entry ? o.order.quantity : 0,
  enteredAt: o.enteredAt.toISOString(),
  reason: o.reason,
  order: { ...o.order },
});

const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** The demo's order book: every trader's simulated orders, by account, in this process's memory. */
export function createDemoOrderBook(now: () => Date) {
  const orders = new Map<string, DemoOrder[]>();
  const ofAccount = (hash: string) => orders.get(hash) ?? [];

  const exchange = (log: ExchangeLog, e: Omit<BrokerExchange, 'at'>) =>
    log({ ...e, at: now().toISOString() });
  const path = (account: BrokerAccount, rest = '') => `/demo/accounts/${account.accountHash}/orders${rest}`;

  function find(account: BrokerAccount, id: string): DemoOrder {
    const order = ofAccount(account.accountHash).find((o) => o.id === id);
    // A restart forgets the demo's orders: say so rather than make one up.
    if (!order)
      throw new BrokerOrderNotFoundError(`The demo broker has no order ${id} (a restart forgets its orders)`);
    advanceDemoOrder(order, now());
    return order;
  }

  return {
    /** Warnings only, and honest: funds, and whether the market is open to work the entry now. */
    preview(account: BrokerAccount, order: BracketOrder, log: ExchangeLog): BrokerOrderPreview {
      const warnings: string[] = [];
      const cost = orderCost(order);
      if (cost > account.availableFundsForTrading)
        warnings.push(
          `This order costs up to ${money(cost)}, more than the ${money(account.availableFundsForTrading)} available for trading`,
        );
      if (sessionFraction(now()) === null)
        warnings.push('The market is closed: the entry works from the next session');
      const answer = { warnings, rejections: bracketOrderProblems(order) };
      exchange(log, {
        method: 'POST',
        path: path(account, '/preview'),
        requestBody: order,
        status: 200,
        responseBody: answer,
      });
      return answer;
    },

    place(account: BrokerAccount, order: BracketOrder, log: ExchangeLog): string {
      const problems = bracketOrderProblems(order);
      if (problems.length === 0 && orderCost(order) > account.availableFundsForTrading)
        problems.push(`Insufficient funds: the order costs up to ${money(orderCost(order))}`);
      if (problems.length > 0) {
        exchange(log, {
          method: 'POST',
          path: path(account),
          requestBody: order,
          status: 400,
          responseBody: { message: problems.join('; ') },
        });
        throw new OrderRejectedError(problems.join('; '));
      }
      const enteredAt = now();
      const placed: DemoOrder = {
        id: randomUUID(),
        accountHash: account.accountHash,
        order: { ...order },
        enteredAt,
        status: 'Working',
        reason: null,
        triggered: false,
        entry: null,
        exit: null,
        evaluatedTo: enteredAt.getTime(),
        sawSession: false,
      };
      orders.set(account.accountHash, [...ofAccount(account.accountHash), placed]);
      exchange(log, {
        method: 'POST',
        path: path(account),
        requestBody: order,
        status: 201,
        responseBody: { orderId: placed.id, words: describeOrder(order) },
      });
      return placed.id;
    },

    get(account: BrokerAccount, id: string, log: ExchangeLog): BrokerOrderState {
      const state = stateOf(find(account, id));
      exchange(log, {
        method: 'GET',
        path: path(account, `/${id}`),
        requestBody: null,
        status: 200,
        responseBody: state,
      });
      return state;
    },

    /** Cancels a working entry; an entry that filled first is refused, as a broker would. */
    cancel(account: BrokerAccount, id: string, log: ExchangeLog): void {
      const order = find(account, id);
      if (order.status !== 'Working') {
        const message = `The order is ${order.status} and cannot be cancelled`;
        exchange(log, {
          method: 'DELETE',
          path: path(account, `/${id}`),
          requestBody: null,
          status: 400,
          responseBody: { message },
        });
        throw new OrderRejectedError(message);
      }
      order.status = 'Cancelled';
      order.reason = 'Cancelled by the trader';
      exchange(log, {
        method: 'DELETE',
        path: path(account, `/${id}`),
        requestBody: null,
        status: 200,
        responseBody: null,
      });
    },

    recent(account: BrokerAccount, since: Date, at: Date, log: ExchangeLog): BrokerOrderState[] {
      const found = ofAccount(account.accountHash)
        .filter((o) => o.enteredAt >= since && o.enteredAt <= at)
        .map((o) => {
          advanceDemoOrder(o, now());
          return stateOf(o);
        });
      exchange(log, {
        method: 'GET',
        path: `${path(account)}?from=${since.toISOString()}&to=${at.toISOString()}`,
        requestBody: null,
        status: 200,
        responseBody: found,
      });
      return found;
    },

    /** The fills the account's orders made from `since` up to `at`. */
    executions(account: BrokerAccount, since: Date, at: Date): BrokerExecution[] {
      return ofAccount(account.accountHash).flatMap((o) => {
        advanceDemoOrder(o, at);
        return demoOrderExecutions(o).filter((e) => {
          const t = Date.parse(e.executedAt);
          return t >= since.getTime() && t <= at.getTime();
        });
      });
    },
  };
}
