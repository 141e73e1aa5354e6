import { type ReactNode, useId } from 'react';
import './form.css';

/** What a Field hands its input: the id its label points at, and the error wiring. */
export type FieldInputProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** A text with a length limit: a counter shows how near (a text input stops at it, `maxLength`, unless told otherwise). */
  limit?: { length: number; max: number };
  children: (props: FieldInputProps) => ReactNode;
}

/** A labelled input with its error message tied to it for screen readers. */
export function Field({ label, error, hint, limit, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  // The error sits outside the label so it does not become part of the input's name.
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && <div id={hintId}>{hint}</div>}
      {limit && (
        <small className="counter">
          {limit.length} / {limit.max}
        </small>
      )}
      {error && (
        <small id={errorId} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

export const errorsByField = (errors: { field: string; message: string }[]): Record<string, string> => {
  const byField: Record<string, string> = {};
  for (const e of errors) byField[e.field.split('.')[0] as string] ??= e.message;
  return byField;
};
