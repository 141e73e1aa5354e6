import { type KeyboardEvent, useId, useState } from 'react';
import { TAG_MAX_LENGTH } from '../../domain/constants.ts';
import { Field } from '../ui/Field.tsx';

interface LabelInputProps {
  /** "Tags" or "Mistakes": the field's label; one chip's remove button says "Remove tag X". */
  label: string;
  noun: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** What is typed and not yet added: the form adds it on save too. */
  draft: string;
  onDraft: (text: string) => void;
  /** Offered as the trader types (a datalist): the labels already used, most used first. */
  suggestions: readonly string[];
  error?: string | undefined;
}

/** The chips with what is typed and not yet added, as the form saves them. */
const withDraft = (values: readonly string[], draft: string): string[] =>
  draft.trim() === '' ? [...values] : [...values, draft];

/** A form's state for one LabelInput: its chips and its draft, and what the form saves. */
export function useLabels(initial: readonly string[]) {
  const [values, onChange] = useState<string[]>([...initial]);
  const [draft, onDraft] = useState('');
  return { chips: { values, onChange, draft, onDraft }, saved: () => withDraft(values, draft) };
}

/**
 * A trade's tags or mistakes: the chosen ones as chips (each removable), and a box offering the
 * labels already used; Enter or Add adds what is typed. Targets are 44 px high (trades.css).
 */
export function LabelInput({
  label,
  noun,
  values,
  onChange,
  draft,
  onDraft,
  suggestions,
  error,
}: LabelInputProps) {
  const listId = useId();
  const chosen = new Set(values.map((v) => v.toLowerCase()));
  const add = () => {
    if (draft.trim() === '') return;
    // The same label in another case is the one already chosen (the server merges them too).
    if (!chosen.has(draft.trim().toLowerCase())) onChange([...values, draft.trim()]);
    onDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the label; it does not save the whole form.
    event.preventDefault();
    add();
  };
  return (
    <Field label={label} error={error}>
      {(props) => (
        <div className="label-input">
          {values.length > 0 && (
            <ul className="label-chips" aria-label={`${label} chosen`}>
              {values.map((value) => (
                <li key={value}>
                  <button
                    type="button"
                    className="label-chip"
                    aria-label={`Remove ${noun} ${value}`}
                    onClick={() => onChange(values.filter((v) => v !== value))}
                  >
                    {value} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="label-add">
            <input
              {...props}
              type="text"
              list={listId}
              value={draft}
              maxLength={TAG_MAX_LENGTH}
              autoComplete="off"
              onChange={(e) => onDraft(e.target.value)}
              onKeyDown={onKeyDown}
            />
            <button
              type="button"
              className="secondary label-add-button"
              onClick={add}
              aria-label={`Add ${noun}`}
            >
              Add
            </button>
          </div>
          <datalist id={listId}>
            {suggestions
              .filter((s) => !chosen.has(s.toLowerCase()))
              .map((s) => (
                <option key={s} value={s} />
              ))}
          </datalist>
        </div>
      )}
    </Field>
  );
}

/** A trade's tags and mistakes, small, where the trade is listed. */
export function TradeLabels({ tags, mistakes }: { tags?: readonly string[]; mistakes?: readonly string[] }) {
  if (!tags?.length && !mistakes?.length) return null;
  return (
    <small className="trade-labels">
      {(tags ?? []).map((t) => (
        <span key={`t-${t}`} className="trade-tag">
          {t}
        </span>
      ))}
      {(mistakes ?? []).map((m) => (
        <span key={`m-${m}`} className="trade-mistake" title="Mistake">
          <span className="visually-hidden">Mistake: </span>
          {m}
        </span>
      ))}
    </small>
  );
}
