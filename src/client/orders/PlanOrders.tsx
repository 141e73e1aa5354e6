import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { formatAsOf } from '../../domain/format.ts';
import { orderStatusTexts, orderTexts } from '../../domain/messages.ts';
import {
  describeOrder,
  hasFills,
  isOpenOrderStatus,
  type OrderDto,
  type OrderStatus,
} from '../../domain/orders.ts';
import { planPositionFigures } from '../../domain/positionSize.ts';
import { isActivePlan } from '../../domain/tradePlans.ts';
import type { LiveAccount, TradePlan } from '../../domain/types.ts';
import { errorMessage } from '../api/http.ts';
import type { CachedOrder } from '../db/db.ts';
import { isNetworkError, isOffline, onConnectivityChange } from '../sync/connectivity.ts';
import { Badge } from '../ui/Badge.tsx';
import { FormError } from '../ui/FormError.tsx';
import { Modal } from '../ui/Modal.tsx';
import { announce } from '../ui/notices.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';
import { useOffline } from '../ui/useOffline.ts';
import { OrderDialog } from './OrderDialog.tsx';
import {
  type BrokerExchange,
  cachedPlanOrders,
  cancelOrder,
  hasOpenOrder,
  orderLog,
  refreshPlanOrders,
} from './orderCalls.ts';
import './orders.css';

/** How often the plan's orders are read while one is open, the plan shown, the app visible and online. */
export const ORDER_POLL_MS = 5000;

const STATUS_COLORS: Readonly<Record<OrderStatus, 'gray' | 'blue' | 'green' | 'yellow' | 'red'>> = {
  Sending: 'gray',
  Working: 'blue',
  PartiallyFilled: 'yellow',
  Filled: 'green',
  Cancelled: 'gray',
  Rejected: 'red',
};

/**
 * Reads the plan's orders when shown, then every ORDER_POLL_MS while one is open, the page visible
 * and the app online; never in the background. Answers the last failure's message, if any.
 */
function useFollowOrders(planId: string, anyOpen: boolean): string | undefined {
  const [error, setError] = useState<string>();
  useEffect(() => {
    let stopped = false;
    let running = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async (): Promise<void> => {
      clearTimeout(timer);
      if (stopped || running || document.visibilityState !== 'visible' || isOffline()) return;
      running = true;
      let open = anyOpen;
      try {
        const orders = await refreshPlanOrders(planId);
        if (orders) open = hasOpenOrder(orders);
        if (!stopped) setError(undefined);
      } catch (e) {
        // Unreachable: the offline bar says so, and the last known orders stay with their time.
        if (!stopped && !isNetworkError(e)) setError(errorMessage(e, orderTexts.loadFailed));
      } finally {
        running = false;
      }
      if (!stopped && open) timer = setTimeout(() => void tick(), ORDER_POLL_MS);
    };
    void tick();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void tick();
      else clearTimeout(timer);
    };
    document.addEventListener('visibilitychange', onVisible);
    const stopListening = onConnectivityChange(() => void tick());
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      stopListening();
    };
  }, [planId, anyOpen]);
  return error;
}

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
  const orders = useLiveQuery(() => cachedPlanOrders(plan.id), [plan.id]);
  const error = useFollowOrders(plan.id, hasOpenOrder(orders ?? []));
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

/** Place order, or the button disabled with why: offline, or orders not allowed for the account. */
function PlaceOrder({
  account,
  shares,
  offline,
  onPlace,
}: {
  account: LiveAccount;
  shares: number;
  offline: boolean;
  onPlace: () => void;
}) {
  const reasonId = useId();
  // A cache filled before the opt-in existed has none: off.
  const allowed = account.ordersAllowed === true;
  const unavailable = offline || !allowed;
  return (
    <div className="order-place">
      <button
        type="button"
        disabled={unavailable}
        aria-describedby={unavailable ? reasonId : undefined}
        onClick={onPlace}
      >
        Place order<span className="visually-hidden"> in {account.accountName}</span>: {shares} shares
      </button>
      {unavailable && (
        <p id={reasonId} className="order-unavailable">
          {offline && <span>{orderTexts.onlyOnline}. </span>}
          {!allowed && (
            <span>
              {orderTexts.notAllowed} <Link href="/dashboard">{orderTexts.turnOnLink}</Link>
            </span>
          )}
        </p>
      )}
    </div>
  );
}

function OrderCard({
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

const logTime = (at: string) =>
  new Date(at).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit', second: '2-digit' });

const bodyText = (body: unknown): string => (typeof body === 'string' ? body : JSON.stringify(body, null, 2));

/** The order's requests to the broker and its answers, read when the disclosure opens (online only). */
function OrderLog({ orderId, updatedAt, offline }: { orderId: string; updatedAt: string; offline: boolean }) {
  const [open, setOpen] = useState(false);
  const [log, setLog] = useState<{ exchanges?: BrokerExchange[]; error?: string }>({});
  useEffect(() => {
    // Read again when the order changes: a newer state may have brought more of its log.
    if (!open || offline || updatedAt === '') return;
    let live = true;
    orderLog(orderId).then(
      (exchanges) => live && setLog({ exchanges }),
      (e: unknown) => live && setLog({ error: errorMessage(e, orderTexts.logFailed) }),
    );
    return () => {
      live = false;
    };
  }, [open, offline, orderId, updatedAt]);
  return (
    <details className="order-log" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Order log</summary>
      {offline ? (
        <p className="muted">{orderTexts.logOffline}</p>
      ) : log.error ? (
        <p className="form-error">{log.error}</p>
      ) : log.exchanges === undefined ? (
        <p aria-busy="true" />
      ) : log.exchanges.length === 0 ? (
        <p className="muted">{orderTexts.logEmpty}</p>
      ) : (
        <ol>
          {log.exchanges.map((x, i) => (
            // The log only grows, in order: a position is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={i}>
              <p>
                <strong>
                  {x.method} {x.path}
                </strong>{' '}
                → {x.status ?? 'no answer'} <small className="muted">{logTime(x.at)}</small>
              </p>
              {x.requestBody !== null && x.requestBody !== undefined && (
                <>
                  <p className="log-label">Sent</p>
                  <pre>{bodyText(x.requestBody)}</pre>
                </>
              )}
              {x.responseBody !== null && x.responseBody !== undefined && (
                <>
                  <p className="log-label">Answer</p>
                  <pre>{bodyText(x.responseBody)}</pre>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

/** Cancel order, asked first; the answer (the order now) is kept and shown. */
function CancelDialog({
  order,
  onClose,
  onCancelled,
}: {
  order: CachedOrder;
  onClose: () => void;
  onCancelled: (order: OrderDto) => void;
}) {
  const offline = useOffline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const inFlight = useRef(false);
  async function confirm() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    try {
      onCancelled(await cancelOrder(order.id));
    } catch (e) {
      setError(errorMessage(e, orderTexts.cancelFailed));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }
  return (
    <Modal title="Cancel order" onClose={onClose}>
      <FormError message={error} />
      <p>{orderTexts.cancelQuestion(describeOrder(order.order))}</p>
      {offline && <p className="order-unavailable">{orderTexts.onlyOnline}</p>}
      <footer className="dialog-actions">
        <button type="button" className="secondary" onClick={onClose}>
          Keep order
        </button>
        <button
          type="button"
          className="danger"
          aria-busy={busy}
          disabled={busy || offline}
          onClick={() => void confirm()}
        >
          Cancel order
        </button>
      </footer>
    </Modal>
  );
}
