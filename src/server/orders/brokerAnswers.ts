// What the broker's answers to an order call mean for the order's row (docs/product.md, "Orders"):
// whether a failed placement ever reached the broker, and what its state changes in ours.
import { BrokerOrderLimitError, type BrokerOrderState, BrokerShareUsedError } from '../brokers/broker.ts';
import { Refusal } from '../refusals.ts';
import type { OrderChanges } from './orderRepository.ts';

/** The broker never got the request: refused before it was sent (the trader's share, the order limit, a sign-in ended). */
export const neverSent = (error: unknown): boolean =>
  error instanceof BrokerShareUsedError ||
  error instanceof BrokerOrderLimitError ||
  (error instanceof Refusal && ['signedOut', 'limited', 'notFound'].includes(error.kind));

/** The broker's words for a rejection, as kept: at most ORDER_REASON_MAX characters. */
export const ORDER_REASON_MAX = 500;
export const reasonText = (reason: string | null): string | null =>
  reason === null
    ? null
    : reason.length > ORDER_REASON_MAX
      ? `${reason.slice(0, ORDER_REASON_MAX - 1)}…`
      : reason;

/** What the broker's state of an order changes in ours. */
export const changesFrom = (state: BrokerOrderState): OrderChanges => ({
  status: state.status,
  filledQuantity: state.filledQuantity,
  brokerOrderId: state.brokerOrderId,
  reason: reasonText(state.reason),
});
