import { useState } from 'react';
import type { Account } from '../../domain/types.ts';
import { validateAccountSettings } from '../../domain/validation.ts';
import { errorMessage, fieldErrorsOf } from '../api/http.ts';
import { errorsByField, Field } from '../ui/Field.tsx';
import { Modal } from '../ui/Modal.tsx';
import { saveAccountSettings } from './accountMutations.ts';

const FIELDS = [
  ['originalBalance', 'Original Balance ($)', '0.01'],
  ['capitalRisk', 'Capital Risk (%)', '0.1'],
  ['maxTradeRisk', 'Max Trade Risk (%)', '0.1'],
  ['scaleOutFactor', 'Scale-out Factor (parts, 1–10)', '1'],
] as const;

export function AccountSettingsDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(FIELDS.map(([key]) => [key, String(account[key])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? undefined : Number(v)]),
    );
    const result = validateAccountSettings(body);
    if (!result.ok) return setErrors(errorsByField(result.errors));
    setErrors({});
    setSaving(true);
    try {
      await saveAccountSettings(account, result.value);
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFormError(errorMessage(error, 'Failed to save account settings'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={`Account Settings: ${account.accountName}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {formError && (
          <p role="alert" className="form-error">
            {formError}
          </p>
        )}
        {FIELDS.map(([key, label, step]) => (
          <Field key={key} label={label} error={errors[key]}>
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="decimal"
                step={step}
                value={values[key]}
                onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
              />
            )}
          </Field>
        ))}
        <footer className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" aria-busy={saving} disabled={saving}>
            Save Settings
          </button>
        </footer>
      </form>
    </Modal>
  );
}
