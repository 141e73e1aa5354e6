import { useState } from 'react';
import { fallbackMessages } from '../../domain/appMessages.ts';
import { validateExecutionInput } from '../../domain/executions.ts';
import { EXECUTION_SIDES, type ExecutionSide } from '../../domain/types.ts';
import { Field } from '../ui/Field.tsx';
import { type EditorFormProps, FormFrame } from '../ui/FormFrame.tsx';
import { NumberField, selectInput, symbolInput, toNumber } from '../ui/inputs.tsx';
import { useAccountChoice } from '../ui/useAccountChoice.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { recordFill } from './executionMutations.ts';

/** A datetime-local value ("2026-11-20T09:30") in the trader's own time zone. */
function localMinute(at: Date): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The moment the trader typed (local time), as the API takes it; left as typed when not a time. */
function toInstant(text: string): string {
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? text : at.toISOString();
}

/** "+ Record Fill": a fill made by hand, checked with the server's own rules before it is sent. */
export function RecordFillForm({ onSaved, onCancel }: EditorFormProps) {
  const account = useAccountChoice();
  const [symbol, setSymbol] = useState('');
  const [side, setSide] = useState<ExecutionSide>('Buy');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [fees, setFees] = useState('');
  const [executedAt, setExecutedAt] = useState(() => localMinute(new Date()));

  const form = useFormSubmit({
    validate: () =>
      validateExecutionInput(
        {
          accountId: account.accountId,
          symbol,
          side,
          quantity: toNumber(quantity),
          price: toNumber(price),
          ...(fees.trim() === '' ? {} : { fees: toNumber(fees) }),
          executedAt: toInstant(executedAt),
        },
        new Date(),
      ),
    save: recordFill,
    onSaved,
    fallback: fallbackMessages.recordFill,
    what: 'Fill',
  });
  const { errors } = form;

  return (
    <FormFrame form={form} submitLabel="Record Fill" onCancel={onCancel}>
      <Field label="Account" error={errors.accountId}>
        {account.input}
      </Field>
      <div className="grid-2">
        <Field label="Symbol" error={errors.symbol}>
          {symbolInput(symbol, setSymbol)}
        </Field>
        <Field label="Side" error={errors.side}>
          {selectInput(
            side,
            (s) => setSide(s as ExecutionSide),
            EXECUTION_SIDES.map((s) => [s, s]),
          )}
        </Field>
      </div>
      <div className="grid-2">
        <NumberField
          label="Quantity"
          error={errors.quantity}
          value={quantity}
          onChange={setQuantity}
          step="any"
        />
        <NumberField label="Price" error={errors.price} value={price} onChange={setPrice} />
      </div>
      <div className="grid-2">
        <NumberField label="Fees (optional)" error={errors.fees} value={fees} onChange={setFees} />
        <Field label="Executed at" error={errors.executedAt}>
          {(p) => (
            <input
              {...p}
              type="datetime-local"
              value={executedAt}
              onChange={(e) => setExecutedAt(e.target.value)}
            />
          )}
        </Field>
      </div>
    </FormFrame>
  );
}
