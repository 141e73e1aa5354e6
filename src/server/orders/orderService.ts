// Orders from plans (docs/product.md, "Orders"): checked again here with the live balance, recorded
// before the broker is called, sent by exactly one request, and followed until they fill.
import { messages } from '../../domain/messages.ts';
import { heldShares, orderSizeLimit, sameOrderRequest } from '../../domain/orderDecisions.ts';
import {
  BROKER_CLOCK_SKEW_MS,
  lostOrderStep,
  ORDER_RESEND_SECONDS,
  ORDER_RESEND_WITHIN_SECONDS,
  planOrderRefusal,
  riskPercentOf,
} from '../../domain/orderPlacement.ts';
import {
  type BracketOrder,
  bracketOrderOf,
  bracketOrderProblems,
  describeOrder,
  hasFills,
  isOpenOrderStatus,
  type OrderConfirmFields,
  type OrderDto,
  type OrderPreview,
  type OrderRequestFields,
  orderCost,
  orderDollarsAtRisk,
  sameBracketOrder,
} from '../../domain/orders.ts';
import type { Trade } from '../../domain/trade.ts';
import type { LiveAccount, TradePlanDto } from '../../domain/types.ts';
import { settingsOf } from '../accounts/accountRepository.ts';
import type { AccountService } from '../accounts/accountService.ts';
import { atMost } from '../atMost.ts';
import {
  type BrokerExchange,
  BrokerOrderLimitError,
  BrokerOrderNotFoundError,
  BrokerShareUsedError,
  BrokerUnavailableError,
  OrderRejectedError,
} from '../brokers/broker.ts';
import type { BrokerAccess } from '../brokers/brokerAccess.ts';
import type { Database } from '../db/database.ts';
import type { PlanRepository } from '../plans/planRepository.ts';
import { conflict, invalid, limited, notFound, Refusal } from '../refusals.ts';
import { tradesOf } from '../trades/tradeBook.ts';
import { changesFrom, neverSent, reasonText } from './brokerAnswers.ts';
import { createOrderCancel } from './orderCancel.ts';
import { orderRefusal } from './orderGate.ts';
import { type OrderRepository, type OrderRow, toOrder } from './orderRepository.ts';

/** A request calling the broker for an order longer than this has died: another may take the order over. */
export const ORDER_CLAIM_SECONDS = 30;
export { ORDER_RESEND_SECONDS, ORDER_RESEND_WITHIN_SECONDS };
/** Reads ask the broker about an open order at most this often, whoever reads it. */
export const ORDER_LOOK_SECONDS = 5;
/** Open orders the follower looks at in one go, and at once. */
const FOLLOW_BATCH = 200;
const FOLLOW_AT_ONCE = 4;

export interface OrderServiceDeps {
  db: Database;
  repository: OrderRepository;
  plans: PlanRepository;
  accounts: AccountService;
  brokerAccess: BrokerAccess;
  /** Imports one account's fills at once (trades/brokerImport.ts `orderFilled`). */
  importFills: (userId: string, accountId: string) => Promise<unknown>;
  now: () => Date;
}

export function createOrderService(deps: OrderServiceDeps) {
  const { db, repository, plans, accounts, brokerAccess, importFills, now } = deps;
  const secondsBefore = (at: Date, seconds: number) => new Date(at.getTime() - seconds * 1000);

  /** The account's hash at the broker, from the trader's own settings rows. */
  async function hashOf(userId: string, accountId: string): Promise<string> {
    const account = (await settingsOf(db, userId)).find((a) => a.id === accountId);
    if (!account) throw notFound(messages.accountNotFound);
    return account.accountHash;
  }

  /** Runs a broker call with a log of its exchanges, written to the order's log whatever happens. */
  async function logged<T>(
    orderId: string,
    call: (log: (e: BrokerExchange) => void) => Promise<T>,
  ): Promise<T> {
    const exchanges: BrokerExchange[] = [];
    try {
      return await call((e) => exchanges.push(e));
    } finally {
      if (exchanges.length > 0) await repository.log(orderId, exchanges);
    }
  }

  /**
   * The order the plan makes for the request, and the checks of docs/product.md, "Orders", but the
   * gate's final word: a placement asks it again where it records the intent (`place`).
   */
  async function checked(
    userId: string,
    request: OrderRequestFields,
  ): Promise<{ plan: TradePlanDto; account: LiveAccount; order: BracketOrder; trades: Trade[] }> {
    const live = await accounts.list(userId);
    const account = live.find((a) => a.id === request.accountId);
    if (!account) throw notFound(messages.accountNotFound);
    const plan = await plans.get(userId, request.planId, live);
    const [earlier, trades] = await Promise.all([
      repository.forPlan(userId, plan.id),
      tradesOf(db, userId, []),
    ]);
    const filledThere = earlier.some((o) => o.accountId === account.id && hasFills(o));
    const notNow = planOrderRefusal(plan, filledThere, heldShares(trades, plan.id, account.id));
    if (notNow !== null) throw conflict(notNow);
    const refused = await orderRefusal(db, userId, account, trades, now());
    if (refused !== null) throw conflict(refused);
    const order = bracketOrderOf(plan, request);
    const size = orderSizeLimit(plan, account, order);
    if (request.quantity > size) {
      throw invalid([{ field: 'quantity', message: messages.orderQuantityOverSize(size) }]);
    }
    const problems = bracketOrderProblems(order);
    if (problems.length > 0) throw invalid(problems.map((message) => ({ field: 'order', message })));
    const pastLimit = await orderRefusal(db, userId, account, trades, now(), { order });
    if (pastLimit !== null) throw conflict(pastLimit);
    return { plan, account, order, trades };
  }

  async function preview(userId: string, request: OrderRequestFields): Promise<OrderPreview> {
    const { account, order } = await checked(userId, request);
    const dollarsAtRisk = orderDollarsAtRisk(order);
    let broker: OrderPreview['broker'] = null;
    try {
      const answer = await brokerAccess.orderCall(userId, async (b, tokens) =>
        b.previewOrder ? b.previewOrder(tokens, account.accountHash, order, () => {}) : undefined,
      );
      if (answer) broker = { warnings: answer.warnings, rejections: answer.rejections };
    } catch (error) {
      // Advisory: the placement's answer counts, so a preview the broker cannot give now is said, not refused.
      if (!(error instanceof BrokerUnavailableError)) throw error;
      broker = { warnings: [messages.orderBrokerPreviewUnavailable], rejections: [] };
    }
    return {
      order,
      words: describeOrder(order),
      cost: orderCost(order),
      dollarsAtRisk,
      riskPercentOfAccount: riskPercentOf(dollarsAtRisk, account.currentBalance),
      broker,
    };
  }

  /**
   * Sends a claimed order once and writes the answer; a lost answer leaves it Sending, unclaimed.
   * Refused before it reached the broker, a first send takes the intent back (the key may be used
   * again); a send again leaves the order Sending for the next look.
   */
  async function send(userId: string, row: OrderRow, again = false): Promise<OrderRow> {
    try {
      const accountHash = await hashOf(userId, row.accountId);
      const brokerOrderId = await logged(row.id, (log) =>
        brokerAccess.orderCall(userId, (broker, tokens) =>
          broker.placeOrder(tokens, accountHash, row.order, log),
        ),
      );
      return await repository.settle(row.id, { status: 'Working', brokerOrderId }, now());
    } catch (error) {
      if (error instanceof OrderRejectedError) {
        return repository.settle(row.id, { status: 'Rejected', reason: reasonText(error.message) }, now());
      }
      if (neverSent(error) && !again) {
        await repository.withdraw(row.id);
        if (error instanceof BrokerOrderLimitError) {
          throw limited(messages.orderBrokerLimit, error.retryAfterSeconds);
        }
        throw error instanceof BrokerShareUsedError ? brokerAccess.refusalOf(error) : error;
      }
      console.warn(
        `Order ${row.id}: the placement's answer was lost (${(error as Error)?.constructor?.name})`,
      );
      return repository.release(row.id);
    }
  }

  /**
   * A Sending order whose placement's answer was lost (or whose sender died): adopted when the
   * broker lists it (same order, entered after the intent, not already one of ours), sent again
   * only when it does not and the last send is old enough. Answers the row as it stands.
   */
  async function resolve(userId: string, row: OrderRow): Promise<OrderRow> {
    const at = now();
    const claimed = await repository.claim(userId, row.id, at, secondsBefore(at, ORDER_CLAIM_SECONDS));
    if (!claimed) return repository.get(userId, row.id);
    try {
      const accountHash = await hashOf(userId, row.accountId);
      const since = new Date(claimed.createdAt.getTime() - BROKER_CLOCK_SKEW_MS);
      const listed = await logged(row.id, (log) =>
        brokerAccess.orderCall(
          userId,
          (broker, tokens) => broker.recentOrders(tokens, accountHash, since, at, log),
          'follow',
        ),
      );
      const ours = await repository.brokerOrderIds(
        row.accountId,
        listed.map((s) => s.brokerOrderId),
      );
      const lost = {
        createdAt: claimed.createdAt.getTime(),
        sentAt: claimed.sentAt?.getTime() ?? null,
        order: claimed.order,
      };
      const step = lostOrderStep(lost, listed, ours, at.getTime());
      switch (step.kind) {
        case 'adopt': {
          const adopted = await repository.settle(row.id, changesFrom(step.state), now());
          if (step.state.filledQuantity > 0) await importQuietly(userId, row.accountId);
          return adopted;
        }
        case 'wait':
          return await repository.release(row.id);
        case 'giveUp':
          return await repository.settle(
            row.id,
            { status: 'Rejected', reason: messages.orderNotReceived },
            now(),
          );
        case 'sendAgain':
          await repository.sentAgain(row.id, at);
          return await send(userId, claimed, true);
      }
    } catch (error) {
      await repository.release(row.id);
      if (error instanceof BrokerUnavailableError || error instanceof Refusal) return claimed;
      throw error;
    }
  }

  async function importQuietly(userId: string, accountId: string) {
    try {
      await importFills(userId, accountId);
    } catch (error) {
      console.warn(`Fills of a filled order not imported now (${(error as Error)?.constructor?.name})`);
    }
  }

  /**
   * Brings an open order up to date, at most every ORDER_LOOK_SECONDS whoever reads it; a new fill
   * imports the account's fills at once, so its trade appears. The broker not answering keeps
   * what is known.
   */
  async function freshen(userId: string, row: OrderRow): Promise<OrderRow> {
    if (!isOpenOrderStatus(row.status)) return row;
    const at = now();
    if (row.status === 'Sending') {
      const free = row.claimedAt === null || row.claimedAt < secondsBefore(at, ORDER_CLAIM_SECONDS);
      if (!free || !(await repository.takeLook(row.id, at, secondsBefore(at, ORDER_LOOK_SECONDS))))
        return row;
      return resolve(userId, row);
    }
    if (row.brokerOrderId === null) return row;
    if (!(await repository.takeLook(row.id, at, secondsBefore(at, ORDER_LOOK_SECONDS)))) return row;
    try {
      const brokerOrderId = row.brokerOrderId;
      const accountHash = await hashOf(userId, row.accountId);
      // Out of the app's reserve for following orders, never the trader's share (brokers/brokerAccess.ts).
      const state = await logged(row.id, (log) =>
        brokerAccess.orderCall(
          userId,
          (broker, tokens) => broker.getOrder(tokens, accountHash, brokerOrderId, log),
          'follow',
        ),
      );
      const updated = await repository.noteState(row.id, changesFrom(state), now());
      if (state.filledQuantity > row.filledQuantity) await importQuietly(userId, row.accountId);
      return updated;
    } catch (error) {
      if (error instanceof BrokerUnavailableError) return row;
      if (error instanceof BrokerOrderNotFoundError) return gone(row);
      throw error;
    }
  }

  /** The broker holds no such order any more: it can trade no more, and is followed no more. */
  const gone = (row: OrderRow) =>
    repository.settle(row.id, { status: 'Cancelled', reason: messages.orderGoneAtBroker }, now());

  /** The order under this key: the same request answers it (resolving a lost answer), another is refused. */
  async function existing(userId: string, row: OrderRow, request: OrderConfirmFields) {
    if (!sameOrderRequest(row.request, request)) throw conflict(messages.orderKeyReused);
    const current = row.status === 'Sending' ? await resolve(userId, row) : row;
    return { order: toOrder(current), created: false };
  }

  async function place(
    userId: string,
    idempotencyKey: string,
    request: OrderConfirmFields,
  ): Promise<{ order: OrderDto; created: boolean }> {
    const known = await repository.byKey(userId, idempotencyKey);
    if (known) return existing(userId, known, request);
    const { plan, account, order, trades } = await checked(userId, request);
    if (!sameBracketOrder(order, request.previewed)) throw conflict(messages.orderChangedSincePreview);
    const intent = { planId: plan.id, accountId: account.id, idempotencyKey, request, order };
    // Decided and recorded under the account's lock: two placements at once are judged one after
    // the other, the second counting the first (docs/product.md, "Orders": the risk guard).
    const inserted = await db.transaction(async (tx) => {
      const q = tx as unknown as Database;
      const refused = await orderRefusal(q, userId, account, trades, now(), { lock: true, order });
      // The same key's order, recorded while this waited for the lock, answers it: not a refusal.
      if (refused !== null && !(await repository.byKey(userId, idempotencyKey, q))) throw conflict(refused);
      return refused === null ? repository.insertIntent(userId, intent, now(), q) : undefined;
    });
    if (!inserted) {
      // A unique index refused it: the same key from another request (a double tap, another
      // process), or another open order of the plan and account (a second tab).
      const raced = await repository.byKey(userId, idempotencyKey);
      if (raced) return existing(userId, raced, request);
      throw conflict(messages.orderAlreadyOpen);
    }
    return { order: toOrder(await send(userId, inserted)), created: true };
  }

  const cancel = createOrderCancel({
    repository,
    brokerAccess,
    now,
    claimSeconds: ORDER_CLAIM_SECONDS,
    hashOf,
    logged,
    importQuietly,
    gone,
  });

  return {
    preview,
    place,
    /**
     * One look at the open orders of every trader (at most FOLLOW_BATCH, the longest unlooked-at
     * first), each at most every ORDER_LOOK_SECONDS as any read: a fill is imported with the app
     * closed, so its trade (and its stop and target alerts) exists at once.
     */
    async followOpen(): Promise<number> {
      const rows = await repository.openOrders(FOLLOW_BATCH);
      await atMost(FOLLOW_AT_ONCE, rows, async (row) => {
        try {
          await freshen(row.userId, row);
        } catch (error) {
          // A signed-out trader or a refused share: looked at again next time.
          console.warn(`An open order not followed now (${(error as Error)?.constructor?.name})`);
        }
      });
      return rows.length;
    },
    async get(userId: string, id: string): Promise<OrderDto> {
      return toOrder(await freshen(userId, await repository.get(userId, id)));
    },
    /** The plan's orders, newest first, the open ones brought up to date. */
    async forPlan(userId: string, planId: string): Promise<OrderDto[]> {
      const rows = await repository.forPlan(userId, planId);
      const fresh: OrderRow[] = [];
      for (const row of rows) fresh.push(await freshen(userId, row));
      return fresh.map(toOrder);
    },
    cancel,
    log: (userId: string, id: string) => repository.logOf(userId, id),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
