import { checklistOf } from '../../domain/checklist.ts';
import type { TradeSetup } from '../../domain/types.ts';

interface ChecklistProps {
  setup: Pick<TradeSetup, 'entryCriteria' | 'checklistRequired'> | undefined;
  criteriaMet: readonly string[];
  onChange: (criteriaMet: string[]) => void;
}

/**
 * The setup's entry criteria as a checklist the plan ticks (docs/product.md, "Trade plans"): one
 * checkbox a criterion, each row 44 px high (plans.css). Nothing without criteria.
 */
export function ChecklistField({ setup, criteriaMet, onChange }: ChecklistProps) {
  const { criteria, met } = checklistOf(setup, criteriaMet);
  if (criteria.length === 0) return null;
  const toggle = (criterion: string) =>
    onChange(
      criteriaMet.includes(criterion)
        ? criteriaMet.filter((c) => c !== criterion)
        : [...criteriaMet, criterion],
    );
  return (
    <fieldset className="plan-checklist">
      <legend>
        Entry criteria met ({met} of {criteria.length})
      </legend>
      {setup?.checklistRequired && (
        <small className="muted">
          This setup requires every criterion ticked before the plan goes Ready.
        </small>
      )}
      {criteria.map((criterion) => (
        <label key={criterion} className="checkbox-row">
          <input
            type="checkbox"
            checked={criteriaMet.includes(criterion)}
            onChange={() => toggle(criterion)}
          />
          {criterion}
        </label>
      ))}
    </fieldset>
  );
}

/** The checklist in a plan's details: "2 of 3 met" and each criterion ticked or not. */
export function ChecklistSummary({
  setup,
  criteriaMet,
}: {
  setup: Pick<TradeSetup, 'entryCriteria' | 'checklistRequired'> | undefined;
  criteriaMet: readonly string[] | undefined;
}) {
  const { criteria, met } = checklistOf(setup, criteriaMet);
  if (criteria.length === 0) return null;
  const ticked = new Set(criteriaMet ?? []);
  return (
    <>
      <dt>Entry criteria</dt>
      <dd>
        {met} of {criteria.length} met{setup?.checklistRequired ? ' (all required before Ready)' : ''}
        <ul className="plan-checklist-summary">
          {criteria.map((c) => (
            <li key={c}>
              <span aria-hidden="true">{ticked.has(c) ? '✓' : '○'}</span>{' '}
              <span className="visually-hidden">{ticked.has(c) ? 'Met: ' : 'Not met: '}</span>
              {c}
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
