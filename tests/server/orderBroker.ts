import { expect } from 'vitest';
import {
  type BracketOrder,
  bracketOrderOf,
  type OrderConfirmFields,
  type OrderRequestFields,
  type OrderStatus,
} from '../../src/domain/orders.ts';
import type { TradePlanDto } from '../../src/domain/types.ts';
import {
  type Broker,
  BrokerOrderNotFoundError,
  type BrokerOrderState,
  BrokerUnavailableError,
  OrderRejectedError,
} from '../../src/server/brokers/broker.ts';
import { createDemoBroker } from '../../src/server/brokers/demo/demoBroker.ts';
import type { FakeSchwab } from './brokers/schwab/fakeSchwab.ts';
import { type Client, clientFor, cookieNamed } from './harness.ts';

/**
 * The demo broker with order calls a test steers: what it received, an answer lost after the order
 * arrived (or before), a rejection, a slow placement (so two requests overlap), a state to report.
 */
export interface ScriptedOrders {
  broker: Broker;
  /** The orders the broker received, in order. */
  received: { accountHash: string; order: BracketOrder; state: BrokerOrderState }[];
  /** The next placement: arrives but its answer is lost; never arrives; is rejected with this reason. */
  next: 'loseAnswer' | 'neverArrives' | { reject: string } | null;
  /** Each placement waits this long before answering. */
  placeDelayMs: number;
  recentCalls: number;
  setState(brokerOrderId: string, status: OrderStatus, filledQuantity: number): void;
  /** The broker forgets every order (the demo broker's restart). */
  forget(): void;
}

export function scriptedOrders(now: () => Date): ScriptedOrders {
  const demo = createDemoBroker();
  const s: ScriptedOrders = {
    broker: {} as Broker,
    received: [],
    next: null,
    placeDelayMs: 0,
    recentCalls: 0,
    forget() {
      s.received.length = 0;
    },
    setState(id, status, filledQuantity) {
      const r = s.received.find((o) => o.state.brokerOrderId === id);
      if (!r) throw new Error(`no order ${id}`);
      r.state = { ...r.state, status, filledQuantity };
    },
  };
  s.broker = {
    ...demo,
    async previewOrder(_tokens, accountHash, order, log) {
      log({
        method: 'POST',
        path: `/accounts/${accountHash}/previewOrder`,
        requestBody: order,
        status: 200,
        responseBody: {},
        at: now().toISOString(),
      });
      return { warnings: order.quantity > 50 ? ['A large order'] : [], rejections: [] };
    },
    async placeOrder(_tokens, accountHash, order, log) {
      const path = `/accounts/${accountHash}/orders`;
      const logPost = (status: number | null, responseBody: unknown) =>
        log({ method: 'POST', path, requestBody: order, status, responseBody, at: now().toISOString() });
      const next = s.next;
      s.next = null;
      if (s.placeDelayMs > 0) await new Promise((r) => setTimeout(r, s.placeDelayMs));
      if (next === 'neverArrives') {
        logPost(null, null);
        throw new BrokerUnavailableError('timeout');
      }
      if (next !== null && typeof next === 'object') {
        logPost(400, { message: next.reject });
        throw new OrderRejectedError(next.reject);
      }
      const brokerOrderId = String(1000 + s.received.length);
      s.received.push({
        accountHash,
        order,
        state: {
          brokerOrderId,
          status: 'Working',
          filledQuantity: 0,
          enteredAt: now().toISOString(),
          reason: null,
          order,
        },
      });
      if (next === 'loseAnswer') {
        logPost(null, null);
        throw new BrokerUnavailableError('the answer was lost');
      }
      logPost(201, null);
      return brokerOrderId;
    },
    async getOrder(_tokens, accountHash, brokerOrderId, log) {
      const r = s.received.find(
        (o) => o.state.brokerOrderId === brokerOrderId && o.accountHash === accountHash,
      );
      log({
        method: 'GET',
        path: `/accounts/${accountHash}/orders/${brokerOrderId}`,
        requestBody: null,
        status: r ? 200 : 404,
        responseBody: r?.state ?? null,
        at: now().toISOString(),
      });
      if (!r) throw new BrokerOrderNotFoundError('not found');
      return r.state;
    },
    async cancelOrder(_tokens, accountHash, brokerOrderId, log) {
      const r = s.received.find((o) => o.state.brokerOrderId === brokerOrderId);
      if (!r) throw new BrokerOrderNotFoundError('not found');
      log({
        method: 'DELETE',
        path: `/accounts/${accountHash}/orders/${brokerOrderId}`,
        requestBody: null,
        status: 200,
        responseBody: null,
        at: now().toISOString(),
      });
      if (r && (r.state.status === 'Working' || r.state.status === 'PartiallyFilled')) {
        r.state = { ...r.state, status: 'Cancelled' };
      }
    },
    async recentOrders(_tokens, accountHash, since, to, log) {
      s.recentCalls++;
      const found = s.received
        .filter((o) => o.accountHash === accountHash)
        .map((o) => o.state)
        .filter(
          (st) => Date.parse(st.enteredAt) >= since.getTime() && Date.parse(st.enteredAt) <= to.getTime(),
        );
      log({
        method: 'GET',
        path: `/accounts/${accountHash}/orders`,
        requestBody: null,
        status: 200,
        responseBody: found,
        at: now().toISOString(),
      });
      return found;
    },
  };
  return s;
}

/** Schwab's consent, approved at once, and back: what a browser does. */
export async function signInSchwab(baseUrl: string, schwab: FakeSchwab, login: string): Promise<Client> {
  schwab.login = login;
  const authorize = await fetch(`${baseUrl}/api/v1/auth/authorize`, { redirect: 'manual' });
  const oauthCookie = cookieNamed(authorize, 'tt_oauth');
  const approved = await fetch(authorize.headers.get('location') as string, { redirect: 'manual' });
  const callback = new URL(approved.headers.get('location') as string);
  const res = await fetch(`${baseUrl}${callback.pathname}${callback.search}`, {
    redirect: 'manual',
    headers: { Cookie: oauthCookie },
  });
  expect(res.headers.get('location')).toBe('/?status=success');
  return clientFor(baseUrl, cookieNamed(res, '__Host-tt_session'));
}

/** The usual request for a plan in an account: 10 shares (unless `over` says), a limit for the day. */
export const limitRequest = (
  plan: TradePlanDto,
  accountId: string,
  over: Partial<OrderRequestFields> = {},
): OrderRequestFields => ({
  planId: plan.id,
  accountId,
  quantity: 10,
  entryType: 'Limit',
  duration: 'Day',
  ...over,
});

/** A confirm as the app sends it: the request and the order its preview showed for the plan. */
export const confirmOf = (plan: TradePlanDto, request: OrderRequestFields): OrderConfirmFields => ({
  ...request,
  previewed: bracketOrderOf(plan, request),
});
