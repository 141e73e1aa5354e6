import { useState } from 'react';
import { fallbackMessages } from '../../domain/messages.ts';
import type { TradeSetup } from '../../domain/types.ts';
import { validateTradeSetupInput } from '../../domain/validation.ts';
import { Field } from '../ui/Field.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { saveSetup } from './setupMutations.ts';

const TEXT_FIELDS = [
  ['description', 'Description', 2],
  ['entryCriteria', 'Entry Criteria', 3],
  ['exitCriteria', 'Exit Criteria', 3],
  ['notes', 'Notes', 2],
] as const;

interface SetupFormProps {
  setup?: TradeSetup | undefined;
  onSaved: () => void;
  onCancel: () => void;
}

export function SetupForm({ setup, onSaved, onCancel }: SetupFormProps) {
  const [values, setValues] = useState({
    name: setup?.name ?? '',
    description: setup?.description ?? '',
    entryCriteria: setup?.entryCriteria ?? '',
    exitCriteria: setup?.exitCriteria ?? '',
    notes: setup?.notes ?? '',
  });
  const set =
    (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [field]: e.target.value }));

  const { errors, formError, saving, submit } = useFormSubmit({
    validate: () => validateTradeSetupInput(values),
    save: (input) => saveSetup(input, setup),
    onSaved,
    fallback: fallbackMessages.saveSetup,
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormError message={formError} />
      <Field label="Name" error={errors.name}>
        {(p) => <input {...p} value={values.name} onChange={set('name')} autoComplete="off" />}
      </Field>
      {TEXT_FIELDS.map(([field, label, rows]) => (
        <Field key={field} label={label} error={errors[field]}>
          {(p) => <textarea {...p} rows={rows} value={values[field]} onChange={set(field)} />}
        </Field>
      ))}
      <FormActions submitLabel={'Save Setup'} saving={saving} onCancel={onCancel} />
    </form>
  );
}
