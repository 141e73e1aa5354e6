// The server's decisions on placing and following an order that need no database and no broker
// (docs/product.md, "Orders"): whether a plan may make an order now, and what to do with an order
// whose placement's answer was lost. Pure, table-tested in tests/domain/orderPlacement.test.ts;
// server/orders/orderService.ts does the reading, the calling and the writing around them.
import { messages } from './messages.ts';
import { type BracketOrder, sameBracketOrder } from './orders.ts';
import type { TradePlanDto } from './types.ts';

/** A lost order is sent again only this long after it was last sent: by then the broker lists it if it has it. */
export const ORDER_RESEND_SECONDS = 30;
/**
 * A lost order is sent again at most once, and only this soon after the trader's confirm: the
 * price it was confirmed at is still the market's. Later (or lost twice) it is given up, said so.
 */
export const ORDER_RESEND_WITHIN_SECONDS = 120;
/** A broker's clock may run behind ours: its orders entered this long before the intent still count. */
export const BROKER_CLOCK_SKEW_MS = 60_000;

/**
 * Why the plan makes no order in the account now, the first reason of these, or null: it is not
 * Ready, it is done, an order of it filled there, a trade of it is open there (`held` shares).
 */
export function planOrderRefusal(
  plan: Pick<TradePlanDto, 'status' | 'doneAt'>,
  filledThere: boolean,
  held: number,
): string | null {
  if (plan.status !== 'Ready') return messages.orderPlanNotReady;
  if (plan.doneAt !== null) return messages.orderPlanDone;
  if (filledThere) return messages.orderAlreadyFilled;
  if (held > 0) return messages.orderPositionHeld(held);
  return null;
}

/** An order as the broker lists it, as far as recognising a lost one goes. */
export interface ListedOrder {
  brokerOrderId: string;
  /** When the broker took it in (ISO 8601). */
  enteredAt: string;
  order: BracketOrder;
}

export type LostOrderStep<S> =
  | { kind: 'adopt'; state: S }
  | { kind: 'wait' }
  | { kind: 'giveUp' }
  | { kind: 'sendAgain' };

/**
 * What becomes of an order whose placement's answer was lost (times in epoch ms, `at` now): the
 * broker's order it is adopted as (the same order, entered after the intent by the broker's
 * clock, not already one of `ours`); else a wait while the last send is recent, given up once sent
 * again or too long after the confirm, or sent again.
 */
export function lostOrderStep<S extends ListedOrder>(
  intent: { createdAt: number; sentAt: number | null; order: BracketOrder },
  listed: readonly S[],
  ours: ReadonlySet<string>,
  at: number,
): LostOrderStep<S> {
  const since = intent.createdAt - BROKER_CLOCK_SKEW_MS;
  const found = listed.find(
    (s) =>
      !ours.has(s.brokerOrderId) &&
      Date.parse(s.enteredAt) >= since &&
      sameBracketOrder(s.order, intent.order),
  );
  if (found) return { kind: 'adopt', state: found };
  const lastSent = intent.sentAt ?? intent.createdAt;
  if (lastSent > at - ORDER_RESEND_SECONDS * 1000) return { kind: 'wait' };
  const resent = lastSent !== intent.createdAt;
  if (resent || intent.createdAt < at - ORDER_RESEND_WITHIN_SECONDS * 1000) return { kind: 'giveUp' };
  return { kind: 'sendAgain' };
}

/** The order's risk as a percent of the account's balance, to the cent; 0 without a balance. */
export const riskPercentOf = (dollarsAtRisk: number, balance: number): number =>
  balance > 0 ? Math.round((dollarsAtRisk / balance) * 100 * 100) / 100 : 0;
