import { useState } from 'react';
import { validateAccountSettingsForm } from '../../domain/accounts.ts';
import { fallbackMessages } from '../../domain/appMessages.ts';
import { DEFAULT_HEAT_LIMIT_PERCENT } from '../../domain/constants.ts';
import { messages } from '../../domain/messages.ts';
import type { AccountSettingsInput, LiveAccount, ValidationResult } from '../../domain/types.ts';
import { Field } from '../ui/Field.tsx';
import { FormFrame } from '../ui/FormFrame.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { saveAccountSettings } from './accountMutations.ts';

// The two risk settings are easy to confuse: each says what it limits.
const FIELDS = [
  ['originalBalance', 'Original Balance ($)', '0.01', undefined],
  ['capitalRisk', 'Capital Risk (%)', '0.1', messages.capitalRiskHelp],
  ['maxTradeRisk', 'Max Trade Risk (%)', '0.1', messages.maxTradeRiskHelp],
  ['scaleOutFactor', 'Scale-out Factor (parts, 1–10)', '1', undefined],
  ['heatLimit', 'Heat limit (%)', '0.1', messages.heatLimitHelp],
] as const;

type Values = Record<(typeof FIELDS)[number][0], string>;

/** The form's fields as numbers, an emptied one left out: the domain's form validator refuses it. */
function validate(values: Values): ValidationResult<AccountSettingsInput> {
  return validateAccountSettingsForm(
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? undefined : Number(v)])),
  );
}

// A cache filled before the heat limit existed has none: the server's default stands in.
const initialValues = (account: LiveAccount): Values => ({
  originalBalance: String(account.originalBalance),
  capitalRisk: String(account.capitalRisk),
  maxTradeRisk: String(account.maxTradeRisk),
  scaleOutFactor: String(account.scaleOutFactor),
  heatLimit: String(account.heatLimit ?? DEFAULT_HEAT_LIMIT_PERCENT),
});

export function AccountSettingsDialog({ account, onClose }: { account: LiveAccount; onClose: () => void }) {
  const [values, setValues] = useState(() => initialValues(account));
  const form = useFormSubmit({
    validate: () => validate(values),
    save: (settings) => saveAccountSettings(account, settings),
    onSaved: onClose,
    fallback: fallbackMessages.saveAccountSettings,
    what: 'Account settings',
  });

  return (
    <Modal title={`Account Settings: ${account.accountName}`} onClose={onClose}>
      <FormFrame form={form} submitLabel="Save Settings" onCancel={onClose}>
        {FIELDS.map(([key, label, step, help]) => (
          <Field
            key={key}
            label={label}
            error={form.errors[key]}
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
      </FormFrame>
    </Modal>
  );
}
