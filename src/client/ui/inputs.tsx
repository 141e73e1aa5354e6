import { PLAN_NOTES_MAX_LENGTH, PRICE_INPUT_STEP } from '../../domain/constants.ts';
import type { FieldInputProps } from './Field.tsx';

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

/** The notes box of a plan or a trade: it stops at the notes' limit (the Field shows the counter). */
export const notesInput = (value: string, onChange: (text: string) => void) => (p: FieldInputProps) => (
  <textarea
    {...p}
    rows={3}
    maxLength={PLAN_NOTES_MAX_LENGTH}
    value={value}
    onChange={(e) => onChange(e.target.value)}
  />
);
