import { useState } from 'react';
import { fallbackMessages } from '../../domain/messages.ts';
import type { Account } from '../../domain/types.ts';
import { validateAccountSettings } from '../../domain/validation.ts';
import { Field } from '../ui/Field.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
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
  const { errors, formError, saving, submit } = useFormSubmit({
    validate: () =>
      validateAccountSettings(
        Object.fromEntries(
          Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? undefined : Number(v)]),
        ),
      ),
    save: (settings) => saveAccountSettings(account, settings),
    onSaved: onClose,
    fallback: fallbackMessages.saveAccountSettings,
  });

  return (
    <Modal title={`Account Settings: ${account.accountName}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <FormError message={formError} />
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
        <FormActions submitLabel="Save Settings" saving={saving} onCancel={onClose} />
      </form>
    </Modal>
  );
}
