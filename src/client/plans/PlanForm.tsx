import { useState } from 'react';
import { fallbackMessages } from '../../domain/appMessages.ts';
import {
  PLAN_NOTES_MAX_LENGTH,
  SCAN_ID_MAX_LENGTH,
  STOCK_SYMBOL_MAX_LENGTH,
} from '../../domain/constants.ts';
import { formatWeight } from '../../domain/format.ts';
import { validateTradePlanCreate, validateTradePlanUpdate } from '../../domain/tradePlans.ts';
import type { TradePlan } from '../../domain/types.ts';
import { db } from '../db/db.ts';
import { Field } from '../ui/Field.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { notesInput, numberInput, toNumber } from '../ui/inputs.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';
import { createPlan, updatePlan } from './planMutations.ts';
import { RiskPreview } from './RiskPreview.tsx';

interface PlanFormProps {
  plan?: TradePlan | undefined;
  onSaved: () => void;
  onCancel: () => void;
}

export function PlanForm({ plan, onSaved, onCancel }: PlanFormProps) {
  const edges = useLiveQuery(() => db.edges.toArray(), []) ?? [];
  const setups = useLiveQuery(() => db.tradeSetups.toArray(), []) ?? [];
  const accounts = useLiveQuery(() => db.accounts.toArray(), []) ?? [];
  const [stock, setStock] = useState(plan?.stock ?? '');
  const [entry, setEntry] = useState(plan ? String(plan.entryPrice) : '');
  const [stop, setStop] = useState(plan ? String(plan.stopLossPrice) : '');
  const [target, setTarget] = useState(plan?.targetPrice?.toString() ?? '');
  const [notes, setNotes] = useState(plan?.notes ?? '');
  const [probability, setProbability] = useState(plan?.probabilityOfSuccess?.toString() ?? '');
  const [scanId, setScanId] = useState(plan?.scanId ?? '');
  const [tradeSetupId, setTradeSetupId] = useState(plan?.tradeSetupId ?? '');
  const [edgeIds, setEdgeIds] = useState<string[]>(plan?.edgeIds ?? []);

  const toggleEdge = (id: string) =>
    setEdgeIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  const body = () => ({
    stock,
    entryPrice: toNumber(entry),
    stopLossPrice: toNumber(stop),
    targetPrice: toNumber(target) ?? null,
    notes,
    probabilityOfSuccess: toNumber(probability) ?? null,
    scanId: scanId.trim() === '' ? null : scanId,
    tradeSetupId: tradeSetupId === '' ? null : tradeSetupId,
    edgeIds,
  });
  const editing = useFormSubmit({
    validate: () => validateTradePlanUpdate(body(), plan),
    save: (update) => updatePlan(plan as TradePlan, update),
    onSaved,
    fallback: fallbackMessages.updatePlan,
    what: 'Trade plan',
  });
  const creating = useFormSubmit({
    validate: () => validateTradePlanCreate(body()),
    save: createPlan,
    onSaved,
    fallback: fallbackMessages.createPlan,
    what: 'Trade plan',
  });
  const { formRef, errors, formError, saving, submit } = plan ? editing : creating;

  const activeEdges = edges.filter((e) => e.isActive || edgeIds.includes(e.id));
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <FormError message={formError} />
      <Field
        label="Stock"
        error={errors.stock}
        limit={{ length: stock.length, max: STOCK_SYMBOL_MAX_LENGTH }}
      >
        {(p) => (
          <input
            {...p}
            maxLength={STOCK_SYMBOL_MAX_LENGTH}
            className="uppercase"
            value={stock.toUpperCase()}
            onChange={(e) => setStock(e.target.value.toUpperCase())}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        )}
      </Field>
      <div className="grid-2">
        <Field label="Entry Price" error={errors.entryPrice}>
          {numberInput(entry, setEntry)}
        </Field>
        <Field label="Stop Loss" error={errors.stopLossPrice}>
          {numberInput(stop, setStop)}
        </Field>
      </div>
      <Field label="Target Price (optional)" error={errors.targetPrice}>
        {numberInput(target, setTarget)}
      </Field>
      <RiskPreview
        entryPrice={Number(entry)}
        stopLossPrice={Number(stop)}
        targetPrice={toNumber(target) ?? null}
        accounts={accounts}
      />
      <div className="grid-2">
        <Field label="Probability of Success (%)" error={errors.probabilityOfSuccess}>
          {(p) => (
            <input
              {...p}
              type="number"
              inputMode="decimal"
              min="0"
              max="100"
              step="0.1"
              value={probability}
              onChange={(e) => setProbability(e.target.value)}
            />
          )}
        </Field>
        <Field label="Scan ID" error={errors.scanId}>
          {(p) => (
            <input
              {...p}
              value={scanId}
              maxLength={SCAN_ID_MAX_LENGTH}
              onChange={(e) => setScanId(e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <Field label="Trade Setup" error={errors.tradeSetupId}>
        {(p) => (
          <select {...p} value={tradeSetupId} onChange={(e) => setTradeSetupId(e.target.value)}>
            <option value="">No setup</option>
            {setups.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Notes" error={errors.notes} limit={{ length: notes.length, max: PLAN_NOTES_MAX_LENGTH }}>
        {notesInput(notes, setNotes)}
      </Field>
      <fieldset>
        <legend>Edges</legend>
        {activeEdges.length === 0 && <small>No edges defined yet.</small>}
        {activeEdges.map((edge) => (
          <label key={edge.id} className="checkbox-row">
            <input type="checkbox" checked={edgeIds.includes(edge.id)} onChange={() => toggleEdge(edge.id)} />
            {edge.name} ({formatWeight(edge.weightFactor)})
          </label>
        ))}
        {errors.edgeIds && <small className="field-error">{errors.edgeIds}</small>}
      </fieldset>
      <FormActions
        submitLabel={plan ? 'Save Trade Plan' : 'Create Trade Plan'}
        saving={saving}
        onCancel={onCancel}
      />
    </form>
  );
}
