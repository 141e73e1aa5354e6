// Schwab's order calls (docs/product.md, "Orders"); the orders' JSON both ways is schwabOrderJson.ts.
import type { BracketOrder } from '../../../domain/orders.ts';
import {
  AccessTokenRejectedError,
  type Broker,
  BrokerOrderLimitError,
  BrokerOrderNotFoundError,
  type BrokerOrderState,
  type BrokerTokens,
  BrokerUnavailableError,
  type ExchangeLog,
  OrderRejectedError,
} from '../broker.ts';

import { cancelRoom, createWindowCount, DAY_MS, MINUTE_MS } from '../brokerBudget.ts';
import { type SchwabAnswer, type SchwabHttp, SchwabNoAnswerError } from './schwabHttp.ts';
import {
  orderIdFromLocation,
  refusalText,
  type SchwabOrderAnswer,
  schwabOrderJson,
  schwabOrderState,
  schwabPreview,
} from './schwabOrderJson.ts';

/** Schwab allows an app 120 orders a minute and 4,000 a day (its Trader API's order limits). */
export const SCHWAB_ORDERS_PER_MINUTE = 120;
export const SCHWAB_ORDERS_PER_DAY = 4000;

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

  /** A bracket order's JSON posted to the account's `path` (a preview, or a placement counted as one). */
  const postOrder = (
    tokens: BrokerTokens,
    log: ExchangeLog,
    accountHash: string,
    path: 'previewOrder' | 'orders',
    order: BracketOrder,
  ) =>
    call(
      tokens,
      log,
      'POST',
      `${accountPath(accountHash)}/${path}`,
      schwabOrderJson(order),
      path === 'orders' ? 'place' : undefined,
    );

  return {
    async previewOrder(tokens, accountHash, order, log) {
      const answer = await postOrder(tokens, log, accountHash, 'previewOrder', order);
      if (answer.status >= 200 && answer.status < 300) return schwabPreview(answer.body);
      if (answer.status === 400 || answer.status === 422)
        return { warnings: [], rejections: [refusalText(answer.body)] };
      throw unexpected('the preview', answer);
    },

    async placeOrder(tokens, accountHash, order, log) {
      const answer = await postOrder(tokens, log, accountHash, 'orders', order);
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
