import { useState } from 'react';
import { fallbackMessages } from '../../domain/messages.ts';
import type { TradeSetup } from '../../domain/types.ts';
import { validateTradeSetupInput } from '../../domain/validation.ts';
import { errorMessage, fieldErrorsOf } from '../api/http.ts';
import { errorsByField, Field } from '../ui/Field.tsx';
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const set =
    (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const result = validateTradeSetupInput(values);
    if (!result.ok) {
      setErrors(errorsByField(result.errors));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveSetup(result.value, setup?.id);
      onSaved();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFormError(errorMessage(error, fallbackMessages.saveSetup));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      {formError && (
        <p role="alert" className="form-error">
          {formError}
        </p>
      )}
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
