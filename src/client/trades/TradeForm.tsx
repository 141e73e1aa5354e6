import { useState } from 'react';
import { fallbackMessages } from '../../domain/appMessages.ts';
import { PLAN_NOTES_MAX_LENGTH } from '../../domain/constants.ts';
import { formatPrice } from '../../domain/format.ts';
import { validateTradeUpdate } from '../../domain/trades.ts';
import type { Trade } from '../../domain/types.ts';
import { db } from '../db/db.ts';
import { Field } from '../ui/Field.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { notesInput, numberInput, toNumber } from '../ui/inputs.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';
import { updateTrade } from './tradeMutations.ts';

interface TradeFormProps {
  trade: Trade;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * What the trader attaches to a trade: the plan it came from (any of their plans for the same
 * stock, or none), the stop its risk is measured from, and notes.
 */
export function TradeForm({ trade, onSaved, onCancel }: TradeFormProps) {
  const plans =
    useLiveQuery(() => db.tradePlans.where('stock').equals(trade.symbol).toArray(), [trade.symbol]) ?? [];
  const [planId, setPlanId] = useState(trade.planId ?? '');
  const [stop, setStop] = useState(trade.initialStop?.toString() ?? '');
  const [notes, setNotes] = useState(trade.notes);
  // The trade's own stop and the chosen plan's, when they differ: the trader picks, nothing is replaced.
  const [stops, setStops] = useState<{ own: string; plan: string }>();

  const { formRef, errors, formError, saving, submit } = useFormSubmit({
    validate: () =>
      validateTradeUpdate({
        planId: planId === '' ? null : planId,
        initialStop: toNumber(stop) ?? null,
        notes,
      }),
    save: (update) => updateTrade(trade, update),
    onSaved,
    fallback: fallbackMessages.updateTrade,
    what: `${trade.symbol} trade`,
  });

  function choosePlan(id: string) {
    setPlanId(id);
    const plan = plans.find((p) => p.id === id);
    const own = stops?.own ?? stop;
    if (!plan || toNumber(own) === plan.stopLossPrice) return setStops(undefined);
    // A linked trade's risk is measured from its plan's stop, unless it has a stop of its own:
    // then both are shown and the trader says which.
    if (own.trim() === '') setStop(String(plan.stopLossPrice));
    else setStops({ own, plan: String(plan.stopLossPrice) });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <FormError message={formError} />
      <Field label="Plan" error={errors.planId}>
        {(p) => (
          <select {...p} value={planId} onChange={(e) => choosePlan(e.target.value)}>
            <option value="">Unplanned</option>
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.stock} {plan.status}: entry {formatPrice(plan.entryPrice)}, stop{' '}
                {formatPrice(plan.stopLossPrice)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {stops && (
        <fieldset className="stop-choice">
          <legend>Which stop measures this trade's risk?</legend>
          {(
            [
              [stops.own, "Keep the trade's stop"],
              [stops.plan, "Use the plan's stop"],
            ] as const
          ).map(([value, label]) => (
            <label key={label}>
              <input
                type="radio"
                name="stop-choice"
                checked={stop === value}
                onChange={() => setStop(value)}
              />
              {label} {formatPrice(Number(value))}
            </label>
          ))}
        </fieldset>
      )}
      <Field label="Initial stop (optional)" error={errors.initialStop}>
        {numberInput(stop, setStop)}
      </Field>
      <Field label="Notes" error={errors.notes} limit={{ length: notes.length, max: PLAN_NOTES_MAX_LENGTH }}>
        {notesInput(notes, setNotes)}
      </Field>
      <FormActions submitLabel="Save Trade" saving={saving} onCancel={onCancel} />
    </form>
  );
}
