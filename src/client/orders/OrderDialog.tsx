import { useEffect, useRef, useState } from 'react';
import { formatMoney, formatPercent } from '../../domain/format.ts';
import { orderStatusTexts, orderTexts } from '../../domain/messages.ts';
import { defaultEntryType, limitFillsAtOnceNote } from '../../domain/orderDecisions.ts';
import {
  type OrderDto,
  type OrderDuration,
  type OrderEntryType,
  type OrderPreview,
  type OrderRequestFields,
  orderPriceText,
  validateOrderRequest,
} from '../../domain/orders.ts';
import type { LiveAccount, TradePlan, ValidationResult } from '../../domain/types.ts';
import { statusOf } from '../api/http.ts';
import { placeOrder, previewOrder, refreshPlanOrders } from '../serverData/orders.ts';
import { cachedPlanOrders } from '../serverData/useOrders.ts';
import { useQuotes } from '../serverData/useQuotes.ts';
import { Field } from '../ui/Field.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { FormFrame } from '../ui/FormFrame.tsx';
import { selectInput, toNumber } from '../ui/inputs.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { useOffline } from '../ui/useOffline.ts';
import { useOnceAtATime } from '../ui/useOnceAtATime.ts';

/** How often the order is looked for while the placement's answer is not known. */
const UNKNOWN_POLL_MS = 3000;

interface Values {
  quantity: string;
  entryType: OrderEntryType;
  entryLimitPrice: string;
  duration: OrderDuration;
}

/**
 * The form's request, checked with the domain's validator (the API's), and never above the plan's
 * size for the account: the trader may lower the quantity, not raise it.
 */
export function orderRequestOf(
  values: Values,
  planId: string,
  accountId: string,
  maxShares: number,
): ValidationResult<OrderRequestFields> {
  const result = validateOrderRequest({
    planId,
    accountId,
    quantity: toNumber(values.quantity),
    entryType: values.entryType,
    entryLimitPrice: values.entryType === 'StopLimit' ? toNumber(values.entryLimitPrice) : null,
    duration: values.duration,
  });
  const quantity = toNumber(values.quantity);
  const overSize = quantity !== undefined && quantity > maxShares;
  if (!overSize) return result;
  const errors = result.ok ? [] : result.errors.filter((e) => e.field !== 'quantity');
  return {
    ok: false,
    errors: [{ field: 'quantity', message: orderTexts.quantityOverSize(maxShares) }, ...errors],
  };
}

type Step =
  | { kind: 'form' }
  | { kind: 'preview'; request: OrderRequestFields; preview: OrderPreview; key: string }
  | { kind: 'unknown'; before: ReadonlySet<string> };

interface OrderDialogProps {
  plan: TradePlan;
  account: LiveAccount;
  /** The plan's size for the account: the quantity's start and its most. */
  maxShares: number;
  onClose: () => void;
  /** The order the server answered: the dialog is done. */
  onPlaced: (order: OrderDto) => void;
}

/** The broker's own rejections or warnings of the previewed order, under a title; nothing when none. */
function BrokerNotes({
  title,
  children,
  ...box
}: {
  title: string;
  children: readonly string[];
  role?: 'alert';
  className: string;
}) {
  if (children.length === 0) return null;
  return (
    <div {...box}>
      <p>{title}:</p>
      <ul>
        {children.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Place order (docs/product.md, "Orders"): the form filled from the plan, then its preview, then
 * Confirm. Each preview gets one idempotency key: a confirm sent again after a lost answer carries
 * it, so the server answers the same order; the button is disabled while it sends, so a double tap
 * sends once. Offline nothing is sent.
 */
export function OrderDialog({ plan, account, maxShares, onClose, onPlaced }: OrderDialogProps) {
  const offline = useOffline();
  const { direction } = plan;
  const last = useQuotes()?.get(plan.stock)?.last ?? null;
  const [values, setValues] = useState<Values>({
    quantity: String(maxShares),
    entryType: defaultEntryType({ direction, entryPrice: plan.entryPrice }, last),
    entryLimitPrice: orderPriceText(plan.entryPrice),
    duration: 'Day',
  });
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const entryChosen = useRef(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    if (key === 'entryType') entryChosen.current = true;
    setValues((v) => ({ ...v, [key]: value }));
  };
  // The last price is read after the first render: the entry follows it until the trader picks one.
  useEffect(() => {
    if (entryChosen.current) return;
    const entryType = defaultEntryType({ direction, entryPrice: plan.entryPrice }, last);
    setValues((v) => (v.entryType === entryType ? v : { ...v, entryType }));
  }, [direction, plan.entryPrice, last]);

  const form = useFormSubmit({
    validate: () => orderRequestOf(values, plan.id, account.id, maxShares),
    save: async (request) => {
      const preview = await previewOrder(request);
      // One key per preview: every send of this confirm carries it.
      setStep({ kind: 'preview', request, preview, key: crypto.randomUUID() });
      return 'saved';
    },
    onSaved: () => {},
    fallback: orderTexts.previewFailed,
  });

  const entry = orderPriceText(plan.entryPrice);
  const short = direction === 'Short';
  return (
    <Modal title={`Order ${plan.stock} · ${account.accountName}`} onClose={onClose}>
      {step.kind === 'form' && (
        <FormFrame form={form} submitLabel="Preview" onCancel={onClose}>
          {offline && <p className="order-unavailable">{orderTexts.onlyOnline}</p>}
          <Field
            label="Quantity (shares)"
            error={form.errors.quantity}
            hint={<small className="hint">{orderTexts.sizeHint(maxShares)}</small>}
          >
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="numeric"
                step={1}
                min={1}
                max={maxShares}
                value={values.quantity}
                onChange={(e) => set('quantity', e.target.value)}
              />
            )}
          </Field>
          <Field
            label="Entry"
            error={form.errors.entryType}
            hint={<small className="hint">{short ? orderTexts.entryHintShort : orderTexts.entryHint}</small>}
          >
            {selectInput(values.entryType, (v) => set('entryType', v as OrderEntryType), [
              ['Limit', `Limit at ${entry}`],
              ['Stop', `Stop at ${entry} (${short ? 'breakdown' : 'breakout'})`],
              ['StopLimit', `Stop-limit: stop at ${entry}, then a limit`],
            ])}
          </Field>
          {values.entryType === 'StopLimit' && (
            <Field label="Limit price ($)" error={form.errors.entryLimitPrice}>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min={0}
                  value={values.entryLimitPrice}
                  onChange={(e) => set('entryLimitPrice', e.target.value)}
                />
              )}
            </Field>
          )}
          <Field label="Duration" error={form.errors.duration}>
            {selectInput(values.duration, (v) => set('duration', v as OrderDuration), [
              ['Day', 'Day'],
              ['GoodTillCancel', 'Good till cancelled'],
            ])}
          </Field>
        </FormFrame>
      )}
      {step.kind === 'preview' && (
        <PreviewStep
          step={step}
          last={last}
          offline={offline}
          onBack={() => setStep({ kind: 'form' })}
          onPlaced={onPlaced}
          onUnknown={(before) => setStep({ kind: 'unknown', before })}
        />
      )}
      {step.kind === 'unknown' && (
        <UnknownStep
          planId={plan.id}
          accountId={account.id}
          before={step.before}
          onClose={onClose}
          onPlaced={onPlaced}
        />
      )}
    </Modal>
  );
}

function PreviewStep({
  step,
  last,
  offline,
  onBack,
  onPlaced,
  onUnknown,
}: {
  step: Extract<Step, { kind: 'preview' }>;
  /** The last price known here: a limit on the far side of it fills at once, and the preview says so. */
  last: number | null;
  offline: boolean;
  onBack: () => void;
  onPlaced: (order: OrderDto) => void;
  /** With the ids of the account's orders the cache held before the confirm. */
  onUnknown: (before: ReadonlySet<string>) => void;
}) {
  const { preview, request, key } = step;
  const { busy: sending, error, run } = useOnceAtATime(orderTexts.placeFailed);
  const confirm = () =>
    run(
      async () => {
        const before = new Set((await cachedPlanOrders(request.planId)).map((o) => o.id));
        // The order the preview showed goes with the confirm: a plan edited since is refused, not placed.
        const result = await placeOrder({ ...request, previewed: preview.order }, key);
        if (result.kind === 'placed') onPlaced(result.order);
        else onUnknown(before);
      },
      // An open order of the plan and account (another tab's, say): the plan shows it behind.
      (e) => {
        if (statusOf(e) === 409) void refreshPlanOrders(request.planId).catch(() => {});
      },
    );

  const broker = preview.broker;
  const fillsAtOnce = limitFillsAtOnceNote(preview.order, last);
  return (
    <div className="order-preview">
      <FormError message={error} />
      <p className="order-words">
        <strong>{preview.words}</strong>
      </p>
      {fillsAtOnce && (
        <p className="order-fills-at-once" role="note">
          {fillsAtOnce}
        </p>
      )}
      <dl className="plan-details">
        <dt>Cost</dt>
        <dd>{formatMoney(preview.cost)}</dd>
        <dt>At risk</dt>
        <dd>
          {formatMoney(preview.dollarsAtRisk)} ({formatPercent(preview.riskPercentOfAccount)} of the account)
        </dd>
      </dl>
      {broker === null ? (
        <p className="muted">
          <small>{orderTexts.noBrokerPreview}</small>
        </p>
      ) : (
        <>
          <BrokerNotes role="alert" className="order-rejections" title={orderTexts.brokerRejections}>
            {broker.rejections}
          </BrokerNotes>
          <BrokerNotes className="order-warnings" title={orderTexts.brokerWarnings}>
            {broker.warnings}
          </BrokerNotes>
        </>
      )}
      {offline && <p className="order-unavailable">{orderTexts.onlyOnline}</p>}
      <FormActions
        cancelLabel="Change"
        onCancel={onBack}
        cancelDisabled={sending}
        submitLabel="Confirm order"
        saving={sending}
        disabled={offline}
        onSubmit={() => void confirm()}
      />
    </div>
  );
}

/**
 * The placement's answer was lost: the order is looked for among the plan's orders until it shows
 * (an order of this account the cache did not hold before), then its status is said.
 */
function UnknownStep({
  planId,
  accountId,
  before,
  onClose,
  onPlaced,
}: {
  planId: string;
  accountId: string;
  before: ReadonlySet<string>;
  onClose: () => void;
  onPlaced: (order: OrderDto) => void;
}) {
  const [found, setFound] = useState<OrderDto>();
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      try {
        const orders = await refreshPlanOrders(planId, undefined, { probe: true });
        const order = orders?.find((o) => o.accountId === accountId && !before.has(o.id));
        if (order && !stopped) {
          setFound(order);
          return;
        }
      } catch {
        // Still not readable: asked again below.
      }
      if (!stopped) timer = setTimeout(() => void look(), UNKNOWN_POLL_MS);
    };
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [planId, accountId, before]);

  return (
    <div className="order-unknown">
      <p role="alert">{orderTexts.unknown}</p>
      <p aria-live="polite">
        {found ? (
          <>
            Status: <strong>{orderStatusTexts[found.status]}</strong>
          </>
        ) : (
          <span aria-busy="true">{orderTexts.checking}</span>
        )}
      </p>
      <footer className="dialog-actions">
        {found ? (
          <button type="button" onClick={() => onPlaced(found)}>
            Done
          </button>
        ) : (
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
        )}
      </footer>
    </div>
  );
}
