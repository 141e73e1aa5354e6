import { useId, useState } from 'react';
import { formatAsOf } from '../../domain/format.ts';
import { orderStatusTexts, orderTexts } from '../../domain/messages.ts';
import { hasFills, isOpenOrderStatus, type OrderDto } from '../../domain/orders.ts';
import { planPositionFigures } from '../../domain/positionSize.ts';
import { isActivePlan } from '../../domain/tradePlans.ts';
import type { LiveAccount, TradePlan } from '../../domain/types.ts';
import { useRiskGuards } from '../dashboard/useRiskGuards.ts';
import type { CachedOrder } from '../db/db.ts';
import { hasOpenOrder } from '../serverData/orders.ts';
import { useFollowOrders } from '../serverData/useFollowOrders.ts';
import { usePlanOrders } from '../serverData/useOrders.ts';
import { FormError } from '../ui/FormError.tsx';
import { announce } from '../ui/notices.ts';
import { useOffline } from '../ui/useOffline.ts';
import { CancelDialog } from './CancelDialog.tsx';
import { OrderCard } from './OrderCard.tsx';
import { OrderDialog } from './OrderDialog.tsx';
import { PlaceOrder } from './PlaceOrder.tsx';
import './orders.css';

interface PlanOrdersProps {
  plan: TradePlan;
  /** The cached accounts, as the details' table sizes them. */
  accounts: readonly LiveAccount[];
}

/**
 * A plan's orders per account (docs/product.md, "Orders"): Place order on a Ready plan that is not
 * done, or why it is unavailable; an open order instead of it, with Cancel; the earlier orders; and
 * each order's log. Offline: the last known orders with their time, read-only.
 */
export default function PlanOrders({ plan, accounts }: PlanOrdersProps) {
  const headingId = useId();
  const offline = useOffline();
  const orders = usePlanOrders(plan.id);
  const error = useFollowOrders(plan.id, hasOpenOrder(orders ?? []));
  const guards = useRiskGuards(accounts);
  const [placing, setPlacing] = useState<{ account: LiveAccount; shares: number }>();
  const [cancelling, setCancelling] = useState<CachedOrder>();
  // The order the keyboard's focus goes to once it shows (after a confirm or a cancel).
  const [focusId, setFocusId] = useState<string>();
  const canPlace = plan.status === 'Ready' && isActivePlan(plan);
  const figures = planPositionFigures(accounts, plan);
  const newestRead = (orders ?? []).reduce<string | undefined>(
    (latest, o) => (latest === undefined || o.readAt > latest ? o.readAt : latest),
    undefined,
  );

  const placed = (order: OrderDto) => {
    setPlacing(undefined);
    setFocusId(order.id);
    announce(orderTexts.placed(orderStatusTexts[order.status]));
  };

  return (
    <section
      className="plan-orders"
      aria-labelledby={headingId}
      aria-busy={orders === undefined || undefined}
    >
      <h3 id={headingId}>Orders</h3>
      {offline && newestRead !== undefined && (
        <p className="muted">
          <small>{orderTexts.lastKnown(formatAsOf(newestRead, new Date()))}</small>
        </p>
      )}
      <FormError message={error} />
      {orders !== undefined &&
        figures.map((f) => {
          const account = accounts.find((a) => a.id === f.accountId) as LiveAccount;
          const mine = orders.filter((o) => o.accountId === f.accountId);
          // One position per plan and account: an open order, or one that filled, takes no other.
          const open = mine.some((o) => isOpenOrderStatus(o.status) || hasFills(o));
          if (mine.length === 0 && !(canPlace && f.shares > 0)) return null;
          return (
            <div className="order-account" key={f.accountId}>
              <h4>{f.accountName}</h4>
              {!open && canPlace && f.shares > 0 && (
                <PlaceOrder
                  account={account}
                  shares={f.shares}
                  offline={offline}
                  guard={guards?.get(f.accountId)}
                  onPlace={() => setPlacing({ account, shares: f.shares })}
                />
              )}
              {/* One list, newest first, keyed by order: a card keeps its element (and the
                  keyboard's focus) when its order closes. */}
              {mine.map((o) => (
                <OrderCard
                  key={o.id}
                  order={o}
                  offline={offline}
                  focus={focusId === o.id}
                  onFocused={() => setFocusId(undefined)}
                  onCancel={() => setCancelling(o)}
                />
              ))}
            </div>
          );
        })}
      {placing && (
        <OrderDialog
          plan={plan}
          account={placing.account}
          maxShares={placing.shares}
          onClose={() => setPlacing(undefined)}
          onPlaced={placed}
        />
      )}
      {cancelling && (
        <CancelDialog
          order={cancelling}
          onClose={() => setCancelling(undefined)}
          onCancelled={(order) => {
            setCancelling(undefined);
            setFocusId(order.id);
            announce(
              order.status === 'Cancelled'
                ? orderTexts.cancelled
                : orderTexts.orderIs(orderStatusTexts[order.status]),
            );
          }}
        />
      )}
    </section>
  );
}
