import { useState } from 'react';
import { fallbackMessages } from '../../domain/appMessages.ts';
import { STOCK_SYMBOL_MAX_LENGTH } from '../../domain/constants.ts';
import { validateExecutionInput } from '../../domain/executions.ts';
import { EXECUTION_SIDES, type ExecutionSide } from '../../domain/types.ts';
import { db } from '../db/db.ts';
import { Field } from '../ui/Field.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { numberInput, toNumber } from '../ui/inputs.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { useLiveQuery } from '../ui/useLiveQuery.ts';
import { recordFill } from './executionMutations.ts';

interface RecordFillFormProps {
  onSaved: () => void;
  onCancel: () => void;
}

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
export function RecordFillForm({ onSaved, onCancel }: RecordFillFormProps) {
  const accounts = useLiveQuery(() => db.accounts.toArray(), []) ?? [];
  const [chosenAccount, setAccountId] = useState('');
  const [symbol, setSymbol] = useState('');
  const [side, setSide] = useState<ExecutionSide>('Buy');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [fees, setFees] = useState('');
  const [executedAt, setExecutedAt] = useState(() => localMinute(new Date()));
  // Most traders have one account: it is chosen for them.
  const accountId = chosenAccount || (accounts[0]?.id ?? '');

  const { formRef, errors, formError, saving, submit } = useFormSubmit({
    validate: () =>
      validateExecutionInput(
        {
          accountId,
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

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <FormError message={formError} />
      <Field label="Account" error={errors.accountId}>
        {(p) => (
          <select {...p} value={accountId} onChange={(e) => setAccountId(e.target.value)}>
            {accounts.length === 0 && <option value="">No accounts</option>}
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.accountName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="grid-2">
        <Field label="Symbol" error={errors.symbol}>
          {(p) => (
            <input
              {...p}
              maxLength={STOCK_SYMBOL_MAX_LENGTH}
              className="uppercase"
              value={symbol}
              onChange={(e) => setSymbol(e.target.value.toUpperCase())}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label="Side" error={errors.side}>
          {(p) => (
            <select {...p} value={side} onChange={(e) => setSide(e.target.value as ExecutionSide)}>
              {EXECUTION_SIDES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="grid-2">
        <Field label="Quantity" error={errors.quantity}>
          {numberInput(quantity, setQuantity, 'any')}
        </Field>
        <Field label="Price" error={errors.price}>
          {numberInput(price, setPrice)}
        </Field>
      </div>
      <div className="grid-2">
        <Field label="Fees (optional)" error={errors.fees}>
          {numberInput(fees, setFees)}
        </Field>
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
      <FormActions submitLabel="Record Fill" saving={saving} onCancel={onCancel} />
    </form>
  );
}
