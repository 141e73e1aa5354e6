import { type ReactNode, useState } from 'react';
import { PLAN_NOTES_MAX_LENGTH, PRICE_INPUT_STEP } from '../../domain/constants.ts';
import { Field, type FieldInputProps } from './Field.tsx';

/** What a number box holds, for a validator: undefined when left empty, else the number typed. */
export const toNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** A number box for a Field: never negative, in cents unless told otherwise (`'any'` for shares). */
export const numberInput =
  (value: string, onChange: (text: string) => void, step: number | 'any' = PRICE_INPUT_STEP) =>
  (p: FieldInputProps) => (
    <input
      {...p}
      type="number"
      inputMode="decimal"
      step={step}
      min="0"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );

/** A one-line text box for a Field that stops at its limit (if any); the browser offers no past entries. */
export const textInput =
  (value: string, onChange: (text: string) => void, max: number | undefined) => (p: FieldInputProps) => (
    <input
      {...p}
      value={value}
      maxLength={max}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="off"
    />
  );

/**
 * A stock symbol box for a Field: capitals as typed, no autocorrect. It does not stop at a symbol's
 * length: a symbol cut short is another symbol, so one too long is kept and refused with its message.
 */
export const symbolInput = (value: string, onChange: (text: string) => void) => (p: FieldInputProps) => (
  <input
    {...p}
    className="uppercase"
    value={value.toUpperCase()}
    onChange={(e) => onChange(e.target.value.toUpperCase())}
    autoComplete="off"
    autoCapitalize="characters"
    spellCheck={false}
  />
);

/**
 * A dropdown for a Field: the options as [value, text], after a first option for "none" (value '')
 * when `none` names it.
 */
export const selectInput =
  (
    value: string,
    onChange: (value: string) => void,
    options: readonly (readonly [string, ReactNode])[],
    none?: string,
  ) =>
  (p: FieldInputProps | { 'aria-label': string }) => (
    <select {...p} value={value} onChange={(e) => onChange(e.target.value)}>
      {none !== undefined && <option value="">{none}</option>}
      {options.map(([key, text]) => (
        <option key={key} value={key}>
          {text}
        </option>
      ))}
    </select>
  );

/** A list's filter beside its search (the plans' status, the trades' account): a select named by its label. */
export const filterSelect = (label: string, ...select: Parameters<typeof selectInput>) =>
  selectInput(...select)({ 'aria-label': label });

interface TextFieldProps {
  label: string;
  error: string | undefined;
  value: string;
  onChange: (text: string) => void;
  /** The text's length limit: a counter shows how near, and the box stops at it unless `stopsAtLimit` is false. */
  max: number;
  /** A text area this many rows high; a one-line box without. */
  rows?: number | undefined;
  /**
   * false: the box keeps what goes past the limit, and the validator refuses it with its message
   * (a long text pasted would otherwise lose its end unseen).
   */
  stopsAtLimit?: boolean | undefined;
}

/** A labelled text with a length limit (a name, a description, notes) and its counter. */
export function TextField({ label, error, value, onChange, max, rows, stopsAtLimit = true }: TextFieldProps) {
  const limit = stopsAtLimit ? max : undefined;
  return (
    <Field label={label} error={error} limit={{ length: value.length, max }}>
      {rows === undefined
        ? textInput(value, onChange, limit)
        : (p) => (
            <textarea
              {...p}
              rows={rows}
              value={value}
              maxLength={limit}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
    </Field>
  );
}

/** A record's texts as a table: field, label, length limit, rows for a text area, and whether the box stops at the limit. */
export type TextFieldSpec<K extends string> = readonly [
  field: K,
  label: string,
  max: number,
  rows?: number,
  stopsAtLimit?: boolean,
];

/** The texts of `fields`, from `record` when one is edited (else empty), as TextFields takes them. */
export function useTexts<K extends string>(
  fields: readonly TextFieldSpec<K>[],
  record: { [F in K]?: string | null } | undefined,
) {
  const [values, setValues] = useState(
    () => Object.fromEntries(fields.map(([field]) => [field, record?.[field] ?? ''])) as Record<K, string>,
  );
  const onChange = (field: K, text: string) => setValues((v) => ({ ...v, [field]: text }));
  return { fields, values, onChange };
}

/** A form's texts, one TextField each, in the table's order. */
export function TextFields<K extends string>(props: {
  fields: readonly TextFieldSpec<K>[];
  values: Record<K, string>;
  errors: Record<string, string>;
  onChange: (field: K, text: string) => void;
}) {
  return props.fields.map(([field, label, max, rows, stopsAtLimit]) => (
    <TextField
      key={field}
      label={label}
      error={props.errors[field]}
      value={props.values[field]}
      onChange={(text) => props.onChange(field, text)}
      max={max}
      rows={rows}
      stopsAtLimit={stopsAtLimit}
    />
  ));
}

/** A plan's or a trade's notes: a text area that stops at the notes' limit. */
export const NotesField = (props: {
  error: string | undefined;
  value: string;
  onChange: (text: string) => void;
}) => <TextField label="Notes" max={PLAN_NOTES_MAX_LENGTH} rows={3} {...props} />;

/** A labelled number box (see numberInput). */
export const NumberField = ({
  label,
  error,
  value,
  onChange,
  step,
}: {
  label: string;
  error: string | undefined;
  value: string;
  onChange: (text: string) => void;
  step?: 'any';
}) => (
  <Field label={label} error={error}>
    {numberInput(value, onChange, step)}
  </Field>
);
