import { useState } from 'react';
import { fallbackMessages } from '../../domain/messages.ts';
import type { TradeSetup } from '../../domain/types.ts';
import { validateTradeSetupInput } from '../../domain/validation.ts';
import { Field } from '../ui/Field.tsx';
import { FormError } from '../ui/FormError.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { saveSetup } from './setupMutations.ts';

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
      <Field label="Description" error={errors.description}>
        {(p) => <textarea {...p} rows={2} value={values.description} onChange={set('description')} />}
      </Field>
      <Field label="Entry Criteria" error={errors.entryCriteria}>
        {(p) => <textarea {...p} rows={3} value={values.entryCriteria} onChange={set('entryCriteria')} />}
      </Field>
      <Field label="Exit Criteria" error={errors.exitCriteria}>
        {(p) => <textarea {...p} rows={3} value={values.exitCriteria} onChange={set('exitCriteria')} />}
      </Field>
      <Field label="Notes" error={errors.notes}>
        {(p) => <textarea {...p} rows={2} value={values.notes} onChange={set('notes')} />}
      </Field>
      <footer className="dialog-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" aria-busy={saving} disabled={saving}>
          Save Setup
        </button>
      </footer>
    </form>
  );
}
