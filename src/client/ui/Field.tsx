import { type ReactNode, useId } from 'react';

/** What a Field hands its input: the id its label points at, and the error wiring. */
export type FieldInputProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: FieldInputProps) => ReactNode;
}

/** A labelled input with its error message tied to it for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  // The error sits outside the label so it does not become part of the input's name.
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(error ? { id, 'aria-invalid': true, 'aria-describedby': errorId } : { id })}
      {hint}
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
