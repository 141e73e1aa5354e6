import { useEffect, useRef } from 'react';
import { formatAsOf } from '../../domain/format.ts';
import { orderStatusTexts } from '../../domain/messages.ts';
import { describeOrder, type OrderStatus } from '../../domain/orders.ts';
import type { CachedOrder } from '../db/db.ts';
import { Badge } from '../ui/Badge.tsx';
import { OrderLog } from './OrderLog.tsx';

const STATUS_COLORS: Readonly<Record<OrderStatus, 'gray' | 'blue' | 'green' | 'yellow' | 'red'>> = {
  Sending: 'gray',
  Working: 'blue',
  PartiallyFilled: 'yellow',
  Filled: 'green',
  Cancelled: 'gray',
  Rejected: 'red',
};

/** One order of the plan: its status, its words, its fills, Cancel while it works, and its log. */
export function OrderCard({
  order,
  offline,
  focus,
  onFocused,
  onCancel,
}: {
  order: CachedOrder;
  offline: boolean;
  focus: boolean;
  onFocused: () => void;
  onCancel: () => void;
}) {
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Asked again at each render until it holds: behind a dialog still open the card cannot take it.
  useEffect(() => {
    if (!focus) return;
    statusRef.current?.focus();
    if (document.activeElement === statusRef.current) onFocused();
  });
  const cancellable = order.status === 'Working' || order.status === 'PartiallyFilled';
  const now = new Date();
  return (
    <div className="order-card" data-status={order.status}>
      <p className="order-status" tabIndex={-1} ref={statusRef}>
        <Badge color={STATUS_COLORS[order.status]}>{orderStatusTexts[order.status]}</Badge>{' '}
        <span className="order-words">{describeOrder(order.order)}</span>
      </p>
      {order.filledQuantity > 0 && (
        <p>
          Filled {order.filledQuantity} of {order.order.quantity} shares
        </p>
      )}
      {order.reason && (
        <p className={order.status === 'Rejected' ? 'order-reason form-error' : 'order-reason'}>
          {order.status === 'Rejected' ? 'Rejected by the broker: ' : 'The broker says: '}
          {order.reason}
        </p>
      )}
      <p className="muted">
        <small>
          Placed {formatAsOf(order.createdAt, now)}
          {order.updatedAt !== order.createdAt && ` · updated ${formatAsOf(order.updatedAt, now)}`}
        </small>
      </p>
      {cancellable && (
        <button type="button" className="secondary" disabled={offline} onClick={onCancel}>
          Cancel order
        </button>
      )}
      <OrderLog orderId={order.id} updatedAt={order.updatedAt} offline={offline} />
    </div>
  );
}
