import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages.ts';
import {
  BROKER_CLOCK_SKEW_MS,
  lostOrderStep,
  ORDER_RESEND_SECONDS,
  ORDER_RESEND_WITHIN_SECONDS,
  planOrderRefusal,
  riskPercentOf,
} from '../../src/domain/orderPlacement.ts';
import type { BracketOrder } from '../../src/domain/orders.ts';
import { bracketOrderFixture } from '../fixtures/records.ts';

const order = bracketOrderFixture;

describe('planOrderRefusal', () => {
  it.each([
    ['a Ready plan, nothing filled, nothing held', 'Ready', null, false, 0, null],
    ['a plan on Hold', 'Hold', null, false, 0, messages.orderPlanNotReady],
    ['a done plan', 'Ready', '2026-11-20T15:00:00.000Z', false, 0, messages.orderPlanDone],
    ['an order of it filled in the account', 'Ready', null, true, 0, messages.orderAlreadyFilled],
    ['its trade open in the account', 'Ready', null, false, 40, messages.orderPositionHeld(40)],
    // The first reason, in the order docs/product.md "Orders" lists them.
    ['not Ready and done', 'Discarded', '2026-11-20T15:00:00.000Z', true, 40, messages.orderPlanNotReady],
    ['done, filled and held', 'Ready', '2026-11-20T15:00:00.000Z', true, 40, messages.orderPlanDone],
  ] as const)('%s', (_name, status, doneAt, filled, held, expected) => {
    expect(planOrderRefusal({ status, doneAt }, filled, held)).toBe(expected);
  });
});

describe('lostOrderStep', () => {
  const created = Date.parse('2026-11-24T15:00:00.000Z');
  const s = (seconds: number) => created + seconds * 1000;
  const listedAs = (fields: { id?: string; entered?: number; order?: BracketOrder } = {}) => ({
    brokerOrderId: fields.id ?? 'B1',
    enteredAt: new Date(fields.entered ?? s(1)).toISOString(),
    order: fields.order ?? order(),
  });
  const intent = (sentAt: number | null = null) => ({ createdAt: created, sentAt, order: order() });

  it.each([
    ['the broker lists it: adopted', intent(), [listedAs()], [], s(40), 'adopt'],
    [
      'entered a little before the intent, by a slow clock',
      intent(),
      [listedAs({ entered: created - BROKER_CLOCK_SKEW_MS })],
      [],
      s(40),
      'adopt',
    ],
    [
      'entered long before the intent: another order',
      intent(),
      [listedAs({ entered: created - BROKER_CLOCK_SKEW_MS - 1 })],
      [],
      s(40),
      'sendAgain',
    ],
    ['already one of ours', intent(), [listedAs()], ['B1'], s(40), 'sendAgain'],
    [
      'another order listed',
      intent(),
      [listedAs({ order: order({ quantity: 10 }) })],
      [],
      s(40),
      'sendAgain',
    ],
    ['not listed, sent just now: waits', intent(), [], [], s(ORDER_RESEND_SECONDS - 1), 'wait'],
    [
      'not listed, sent long enough ago: sent again',
      intent(),
      [],
      [],
      s(ORDER_RESEND_SECONDS + 1),
      'sendAgain',
    ],
    [
      'not listed, sent again already: given up',
      intent(s(31)),
      [],
      [],
      s(31 + ORDER_RESEND_SECONDS + 1),
      'giveUp',
    ],
    ['not listed, sent again just now: waits', intent(s(31)), [], [], s(32), 'wait'],
    [
      'not listed, confirmed too long ago: given up',
      intent(),
      [],
      [],
      s(ORDER_RESEND_WITHIN_SECONDS + 1),
      'giveUp',
    ],
  ] as const)('%s', (_name, lost, listed, ours, at, expected) => {
    const step = lostOrderStep(lost, listed, new Set(ours), at);
    expect(step.kind).toBe(expected);
    if (step.kind === 'adopt') expect(step.state).toBe(listed[0]);
  });
});

describe('riskPercentOf', () => {
  it.each([
    [330, 10_000, 3.3],
    [1, 3, 33.33],
    [330, 0, 0],
    [330, -50, 0],
  ])('%d at risk of %d: %d%%', (risk, balance, expected) => {
    expect(riskPercentOf(risk, balance)).toBe(expected);
  });
});
