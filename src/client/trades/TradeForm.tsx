import { useState } from 'react';
import { fallbackMessages } from '../../domain/appMessages.ts';
import { formatPrice } from '../../domain/format.ts';
import { validateTradeUpdate } from '../../domain/tradeAnnotation.ts';
import { COMMON_MISTAKES } from '../../domain/tradeTags.ts';
import type { Trade } from '../../domain/types.ts';
import { useLabelSuggestions, useLinkablePlans } from '../ui/cacheReads.ts';
import { Field } from '../ui/Field.tsx';
import { type EditorFormProps, FormFrame } from '../ui/FormFrame.tsx';
import { NotesField, NumberField, selectInput, toNumber } from '../ui/inputs.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { LabelInput, useLabels } from './LabelInput.tsx';
import { updateTrade } from './tradeMutations.ts';

interface TradeFormProps extends EditorFormProps {
  trade: Trade;
}

/**
 * What the trader attaches to a trade: the plan it came from (any of their plans for the same
 * stock and direction, or none), the stop its risk is measured from or the dollars the trader
 * says it put at risk, tags, mistakes and notes.
 */
export function TradeForm({ trade, onSaved, onCancel }: TradeFormProps) {
  const plans = useLinkablePlans(trade) ?? [];
  const [planId, setPlanId] = useState(trade.planId ?? '');
  const [stop, setStop] = useState(trade.initialStop?.toString() ?? '');
  const [ownRisk, setOwnRisk] = useState(trade.ownInitialRisk?.toString() ?? '');
  const [notes, setNotes] = useState(trade.notes);
  const tags = useLabels(trade.tags);
  const mistakes = useLabels(trade.mistakes);
  const suggested = useLabelSuggestions();
  // The trade's own stop and the chosen plan's, when they differ: the trader picks, nothing is replaced.
  const [stops, setStops] = useState<{ own: string; plan: string }>();

  const form = useFormSubmit({
    validate: () =>
      validateTradeUpdate({
        planId: planId === '' ? null : planId,
        initialStop: toNumber(stop) ?? null,
        notes,
        tags: tags.saved(),
        mistakes: mistakes.saved(),
        ownInitialRisk: toNumber(ownRisk) ?? null,
      }),
    save: (update) => updateTrade(trade, update),
    onSaved,
    fallback: fallbackMessages.updateTrade,
    what: `${trade.symbol} trade`,
  });
  const { errors } = form;

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
    <FormFrame form={form} submitLabel="Save Trade" onCancel={onCancel}>
      <Field label="Plan" error={errors.planId}>
        {selectInput(
          planId,
          choosePlan,
          plans.map((plan) => [
            plan.id,
            <>
              {plan.stock} {plan.status}: entry {formatPrice(plan.entryPrice)}, stop{' '}
              {formatPrice(plan.stopLossPrice)}
            </>,
          ]),
          'Unplanned',
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
      <NumberField
        label="Initial stop (optional)"
        error={errors.initialStop}
        value={stop}
        onChange={setStop}
      />
      <NumberField
        label="Your initial risk in $ (optional)"
        error={errors.ownInitialRisk}
        value={ownRisk}
        onChange={setOwnRisk}
      />
      <LabelInput
        label="Tags"
        noun="tag"
        {...tags.chips}
        suggestions={suggested?.tags ?? []}
        error={errors.tags}
      />
      <LabelInput
        label="Mistakes"
        noun="mistake"
        {...mistakes.chips}
        suggestions={suggested?.mistakes ?? COMMON_MISTAKES}
        error={errors.mistakes}
      />
      <NotesField error={errors.notes} value={notes} onChange={setNotes} />
    </FormFrame>
  );
}
