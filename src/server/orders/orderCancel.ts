// Cancelling an order (docs/product.md, "Orders"): one DELETE at the broker however many cancels
// of the order arrive at once, in any process. The request whose claim on the order's row took
// (`claimCancel`) asks the broker; the others wait for its outcome and answer it.
import { messages } from '../../domain/messages.ts';
import { isOpenOrderStatus, type OrderDto } from '../../domain/orders.ts';
import {
  type BrokerExchange,
  BrokerOrderNotFoundError,
  BrokerUnavailableError,
  OrderRejectedError,
} from '../brokers/broker.ts';
import type { BrokerAccess } from '../brokers/brokerAccess.ts';
import { conflict } from '../refusals.ts';
import { changesFrom } from './brokerAnswers.ts';
import { type OrderRepository, type OrderRow, toOrder } from './orderRepository.ts';

/** How long a second cancel waits for the first one's outcome: the first's two broker calls. */
export const CANCEL_WAIT_MS = 30_000;
const CANCEL_LOOK_MS = 100;

export interface OrderCancelDeps {
  repository: OrderRepository;
  brokerAccess: BrokerAccess;
  now: () => Date;
  /** A claim older than this is a request that died (orderService.ts ORDER_CLAIM_SECONDS). */
  claimSeconds: number;
  hashOf(userId: string, accountId: string): Promise<string>;
  /** Runs a broker call with a log of its exchanges, written to the order's log whatever happens. */
  logged<T>(orderId: string, call: (log: (e: BrokerExchange) => void) => Promise<T>): Promise<T>;
  importQuietly(userId: string, accountId: string): Promise<void>;
  /** The broker holds no such order any more. */
  gone(row: OrderRow): Promise<OrderRow>;
}

export function createOrderCancel(deps: OrderCancelDeps) {
  const { repository, brokerAccess, now } = deps;

  /** Asks the broker to cancel the order this request claimed, then reads its state; lets the claim go. */
  async function cancelClaimed(userId: string, row: OrderRow): Promise<OrderRow> {
    const brokerOrderId = row.brokerOrderId as string;
    try {
      const accountHash = await deps.hashOf(userId, row.accountId);
      const state = await deps.logged(row.id, (log) =>
        brokerAccess.orderCall(
          userId,
          async (broker, tokens) => {
            try {
              await broker.cancelOrder(tokens, accountHash, brokerOrderId, log);
            } catch (error) {
              // Filled or cancelled first: the order's state says which.
              if (!(error instanceof OrderRejectedError)) throw error;
            }
            return broker.getOrder(tokens, accountHash, brokerOrderId, log);
          },
          'cancel',
        ),
      );
      const updated = await repository.settle(row.id, changesFrom(state), now());
      if (state.filledQuantity > row.filledQuantity) await deps.importQuietly(userId, row.accountId);
      return updated;
    } catch (error) {
      if (error instanceof BrokerOrderNotFoundError) return deps.gone(row);
      await repository.release(row.id);
      if (error instanceof BrokerUnavailableError) throw brokerAccess.refusalOf(error);
      throw error;
    }
  }

  /**
   * Another request is cancelling the order, here or in another process: the order once that
   * request has its answer (its claim let go), or as it stands after CANCEL_WAIT_MS.
   */
  async function outcomeOfOther(userId: string, id: string): Promise<OrderRow> {
    const until = performance.now() + CANCEL_WAIT_MS;
    for (;;) {
      const row = await repository.get(userId, id);
      if (row.claimedAt === null || !isOpenOrderStatus(row.status) || performance.now() >= until) return row;
      await new Promise((resolve) => setTimeout(resolve, CANCEL_LOOK_MS));
    }
  }

  return async function cancel(userId: string, id: string): Promise<OrderDto> {
    const row = await repository.get(userId, id);
    if (row.status === 'Sending') throw conflict(messages.orderStillSending);
    if (!isOpenOrderStatus(row.status) || row.brokerOrderId === null) {
      throw conflict(messages.orderNotCancellable);
    }
    const at = now();
    const staleBefore = new Date(at.getTime() - deps.claimSeconds * 1000);
    const claimed = await repository.claimCancel(userId, id, at, staleBefore);
    return toOrder(claimed ? await cancelClaimed(userId, claimed) : await outcomeOfOther(userId, id));
  };
}
