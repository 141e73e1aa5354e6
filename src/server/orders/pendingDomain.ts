// Stand-ins for the domain's order rules (src/domain/orders.ts, being written alongside): removed
// when they land. Only what the order service needs: the request's validator, the order in words,
// and the prices' rules.
import { messages } from '../../domain/messages.ts';
import {
  type BracketOrder,
  ORDER_DURATIONS,
  ORDER_ENTRY_TYPES,
  type OrderRequestFields,
} from '../../domain/orders.ts';
import type { FieldError, ValidationResult } from '../../domain/types.ts';
import { isUuid } from '../../domain/validation.ts';

export function validateOrderRequest(body: unknown): ValidationResult<OrderRequestFields> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: [{ field: 'body', message: messages.invalidBody }] };
  }
  const b = body as Record<string, unknown>;
  const errors: FieldError[] = [];
  if (!isUuid(b.planId)) errors.push({ field: 'planId', message: messages.idNotUuid });
  if (!isUuid(b.accountId)) errors.push({ field: 'accountId', message: messages.idNotUuid });
  if (!(typeof b.quantity === 'number' && Number.isInteger(b.quantity) && b.quantity >= 1)) {
    errors.push({ field: 'quantity', message: messages.quantityNotPositive });
  }
  if (!(ORDER_ENTRY_TYPES as readonly unknown[]).includes(b.entryType)) {
    errors.push({ field: 'entryType', message: messages.mustBeText });
  }
  if (!(ORDER_DURATIONS as readonly unknown[]).includes(b.duration)) {
    errors.push({ field: 'duration', message: messages.mustBeText });
  }
  const limit = b.entryLimitPrice ?? null;
  if (limit !== null && !(typeof limit === 'number' && limit > 0)) {
    errors.push({ field: 'entryLimitPrice', message: messages.priceNotPositive });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      planId: (b.planId as string).toLowerCase(),
      accountId: (b.accountId as string).toLowerCase(),
      quantity: b.quantity as number,
      entryType: b.entryType as OrderRequestFields['entryType'],
      entryLimitPrice: limit as number | null,
      duration: b.duration as OrderRequestFields['duration'],
    },
  };
}

const cents = (n: number) => n.toFixed(n < 1 ? 4 : 2);

export function describeOrder(o: BracketOrder): string {
  const entry =
    o.entryType === 'Limit'
      ? `${cents(o.entryPrice)} limit`
      : o.entryType === 'Stop'
        ? `${cents(o.entryPrice)} stop`
        : `${cents(o.entryPrice)} stop, ${cents(o.entryLimitPrice ?? o.entryPrice)} limit`;
  const exits =
    o.targetPrice === null
      ? `${cents(o.stopPrice)} stop`
      : `${cents(o.stopPrice)} stop or ${cents(o.targetPrice)} limit`;
  return `Buy ${o.quantity} ${o.symbol} at ${entry}, ${o.duration === 'Day' ? 'Day' : 'GTC'}; then sell ${o.quantity} at ${exits}, GTC`;
}

const onTick = (p: number) =>
  Math.abs(p * (p < 1 ? 10_000 : 100) - Math.round(p * (p < 1 ? 10_000 : 100))) < 1e-6;

export function orderPriceErrors(o: BracketOrder): FieldError[] {
  const errors: FieldError[] = [];
  for (const [field, p] of [
    ['entryPrice', o.entryPrice],
    ['entryLimitPrice', o.entryLimitPrice],
    ['stopPrice', o.stopPrice],
    ['targetPrice', o.targetPrice],
  ] as const) {
    if (p !== null && !onTick(p)) errors.push({ field, message: `${field} must be in whole cents` });
  }
  if (o.entryType === 'StopLimit' && o.entryLimitPrice === null) {
    errors.push({ field: 'entryLimitPrice', message: 'A stop-limit entry needs its limit price' });
  }
  if (o.entryType === 'StopLimit' && o.entryLimitPrice !== null && o.entryLimitPrice < o.entryPrice) {
    errors.push({ field: 'entryLimitPrice', message: 'The limit must be at or above the stop' });
  }
  return errors;
}
