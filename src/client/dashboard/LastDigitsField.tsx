import { messages } from '../../domain/messages.ts';
import { Field } from '../ui/Field.tsx';

/** A manual account's last digits: up to 4, a numeric keypad on a phone; empty for none. */
export function LastDigitsField(props: { value: string; onChange: (text: string) => void; error?: string }) {
  return (
    <Field
      label="Last digits of its number"
      error={props.error}
      hint={<small className="hint">{messages.lastDigitsHelp}</small>}
    >
      {(p) => (
        <input
          {...p}
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
