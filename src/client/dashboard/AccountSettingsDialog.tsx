import { useState } from 'react';
import { fallbackMessages, messages } from '../../domain/messages.ts';
import type { Account } from '../../domain/types.ts';
import { validateAccountSettings } from '../../domain/validation.ts';
import { Field } from '../ui/Field.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { saveAccountSettings } from './accountMutations.ts';

// The two risk settings are easy to confuse: each says what it limits.
const FIELDS = [
  ['originalBalance', 'Original Balance ($)', '0.01', undefined],
  ['capitalRisk', 'Capital Risk (%)', '0.1', messages.capitalRiskHelp],
  ['maxTradeRisk', 'Max Trade Risk (%)', '0.1', messages.maxTradeRiskHelp],
  ['scaleOutFactor', 'Scale-out Factor (parts, 1–10)', '1', undefined],
] as const;

export function AccountSettingsDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(FIELDS.map(([key]) => [key, String(account[key])])),
  );
  const { formRef, errors, formError, saving, submit } = useFormSubmit({
    validate: () =>
      validateAccountSettings(
        Object.fromEntries(
          Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? undefined : Number(v)]),
        ),
      ),
    save: (settings) => saveAccountSettings(account, settings),
    onSaved: onClose,
    fallback: fallbackMessages.saveAccountSettings,
    what: 'Account settings',
  });

  return (
    <Modal title={`Account Settings: ${account.accountName}`} onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <FormError message={formError} />
        {FIELDS.map(([key, label, step, help]) => (
          <Field
            key={key}
            label={label}
            error={errors[key]}
            hint={help && <small className="hint">{help}</small>}
          >
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
