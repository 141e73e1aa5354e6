import { useState } from 'react';
import { fallbackMessages } from '../../domain/appMessages.ts';
import { checklistOf } from '../../domain/checklist.ts';
import { SCAN_ID_MAX_LENGTH, STOCK_SYMBOL_MAX_LENGTH } from '../../domain/constants.ts';
import { formatWeight } from '../../domain/format.ts';
import {
  PLAN_DIRECTIONS,
  type PlanDirection,
  validateTradePlanCreate,
  validateTradePlanUpdate,
} from '../../domain/tradePlans.ts';
import type { TradePlan } from '../../domain/types.ts';
import { useAccounts, useEdges, useSetups } from '../ui/cacheReads.ts';
import { Field } from '../ui/Field.tsx';
import { type EditorFormProps, FormFrame } from '../ui/FormFrame.tsx';
import { NotesField, NumberField, selectInput, symbolInput, textInput, toNumber } from '../ui/inputs.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { ChecklistField } from './PlanChecklist.tsx';
import { createPlan, updatePlan } from './planMutations.ts';
import { RiskPreview } from './RiskPreview.tsx';

interface PlanFormProps extends EditorFormProps {
  plan?: TradePlan | undefined;
}

export function PlanForm({ plan, onSaved, onCancel }: PlanFormProps) {
  const edges = useEdges() ?? [];
  const setups = useSetups() ?? [];
  const accounts = useAccounts() ?? [];
  const [stock, setStock] = useState(plan?.stock ?? '');
  // Long for a new plan.
  const [direction, setDirection] = useState<PlanDirection>(plan?.direction ?? 'Long');
  const [entry, setEntry] = useState(plan ? String(plan.entryPrice) : '');
  const [stop, setStop] = useState(plan ? String(plan.stopLossPrice) : '');
  const [target, setTarget] = useState(plan?.targetPrice?.toString() ?? '');
  const [notes, setNotes] = useState(plan?.notes ?? '');
  const [probability, setProbability] = useState(plan?.probabilityOfSuccess?.toString() ?? '');
  const [scanId, setScanId] = useState(plan?.scanId ?? '');
  const [tradeSetupId, setTradeSetupId] = useState(plan?.tradeSetupId ?? '');
  const [edgeIds, setEdgeIds] = useState<string[]>(plan?.edgeIds ?? []);
  // A new plan's alerts are on, and it ticks nothing.
  const [alertsOn, setAlertsOn] = useState(plan?.alertsOn ?? true);
  const [criteriaMet, setCriteriaMet] = useState<string[]>(plan?.criteriaMet ?? []);
  const setup = setups.find((s) => s.id === tradeSetupId);

  const toggleEdge = (id: string) =>
    setEdgeIds((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  const body = () => ({
    stock,
    direction,
    entryPrice: toNumber(entry),
    stopLossPrice: toNumber(stop),
    targetPrice: toNumber(target) ?? null,
    notes,
    probabilityOfSuccess: toNumber(probability) ?? null,
    scanId: scanId.trim() === '' ? null : scanId,
    tradeSetupId: tradeSetupId === '' ? null : tradeSetupId,
    edgeIds,
    alertsOn,
    // Only the ticks of the chosen setup's current criteria are kept (none without a setup).
    criteriaMet:
      tradeSetupId === ''
        ? []
        : setup
          ? criteriaMet.filter((c) => checklistOf(setup, [c]).met === 1)
          : criteriaMet,
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
  const form = plan ? editing : creating;
  const { errors } = form;

  const activeEdges = edges.filter((e) => e.isActive || edgeIds.includes(e.id));
  return (
    <FormFrame form={form} submitLabel={plan ? 'Save Trade Plan' : 'Create Trade Plan'} onCancel={onCancel}>
      <Field
        label="Stock"
        error={errors.stock}
        limit={{ length: stock.length, max: STOCK_SYMBOL_MAX_LENGTH }}
      >
        {symbolInput(stock, setStock)}
      </Field>
      <fieldset className="direction-choice">
        <legend>Direction</legend>
        {PLAN_DIRECTIONS.map((d) => (
          <label key={d}>
            <input
              type="radio"
              name="plan-direction"
              value={d}
              checked={direction === d}
              onChange={() => setDirection(d)}
            />
            {d === 'Long' ? 'Long (buy)' : 'Short (sell short)'}
          </label>
        ))}
        {errors.direction && <small className="field-error">{errors.direction}</small>}
      </fieldset>
      <div className="grid-2">
        <NumberField label="Entry Price" error={errors.entryPrice} value={entry} onChange={setEntry} />
        <NumberField label="Stop Loss" error={errors.stopLossPrice} value={stop} onChange={setStop} />
      </div>
      <NumberField
        label="Target Price (optional)"
        error={errors.targetPrice}
        value={target}
        onChange={setTarget}
      />
      <RiskPreview
        entryPrice={Number(entry)}
        stopLossPrice={Number(stop)}
        targetPrice={toNumber(target) ?? null}
        direction={direction}
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
          {textInput(scanId, setScanId, SCAN_ID_MAX_LENGTH)}
        </Field>
      </div>
      <Field label="Trade Setup" error={errors.tradeSetupId}>
        {selectInput(
          tradeSetupId,
          setTradeSetupId,
          setups.map((s) => [s.id, s.name]),
          'No setup',
        )}
      </Field>
      <ChecklistField setup={setup} criteriaMet={criteriaMet} onChange={setCriteriaMet} />
      {errors.criteriaMet && <small className="field-error">{errors.criteriaMet}</small>}
      <NotesField error={errors.notes} value={notes} onChange={setNotes} />
      <label className="checkbox-row">
        <input type="checkbox" checked={alertsOn} onChange={(e) => setAlertsOn(e.target.checked)} />
        Alert me when this plan reaches its entry, stop or target
      </label>
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
    </FormFrame>
  );
}
