import { useState } from 'react';
import { type ManualAccountInput, validateManualAccount } from '../../domain/accounts.ts';
import { fallbackMessages } from '../../domain/appMessages.ts';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  DEFAULT_CAPITAL_RISK_PERCENT,
  DEFAULT_MAX_TRADE_RISK_PERCENT,
} from '../../domain/constants.ts';
import { messages } from '../../domain/messages.ts';
import { Field } from '../ui/Field.tsx';
import { FormFrame } from '../ui/FormFrame.tsx';
import { numberInput, textInput, toNumber } from '../ui/inputs.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { addManualAccount } from './accountMutations.ts';
import { LastDigitsField } from './LastDigitsField.tsx';

/** The figures an account added by hand starts with, in the order the form asks them. */
export const MONEY_FIELDS = [
  ['originalBalance', 'Original Balance ($)', '0.01', messages.manualOriginalBalanceHelp],
  ['currentBalance', 'Current Balance ($)', '0.01', messages.manualBalanceHelp],
  ['capitalRisk', 'Capital Risk (%)', '0.1', messages.capitalRiskHelp],
  ['maxTradeRisk', 'Max Trade Risk (%)', '0.1', messages.maxTradeRiskHelp],
] as const;

type Values = Record<'accountName' | 'lastDigits' | (typeof MONEY_FIELDS)[number][0], string>;

const EMPTY: Values = {
  accountName: '',
  lastDigits: '',
  originalBalance: '',
  currentBalance: '',
  capitalRisk: String(DEFAULT_CAPITAL_RISK_PERCENT),
  maxTradeRisk: String(DEFAULT_MAX_TRADE_RISK_PERCENT),
};

const validate = (v: Values) =>
  validateManualAccount({
    accountName: v.accountName,
    lastDigits: v.lastDigits.trim(),
    ...Object.fromEntries(MONEY_FIELDS.map(([key]) => [key, toNumber(v[key])])),
  });

/**
 * "Add an account": an account whose broker has no connection, added by hand (docs/product.md,
 * "Accounts"). Saved through the outbox like every record, so offline too.
 */
export function AddAccountDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const form = useFormSubmit<ManualAccountInput>({
    validate: () => validate(values),
    save: addManualAccount,
    onSaved: onClose,
    fallback: fallbackMessages.saveAccountSettings,
    what: 'Account',
  });
  return (
    <Modal title="Add an account" onClose={onClose}>
      <p className="muted">{messages.manualAccountHelp}</p>
      <FormFrame form={form} submitLabel="Add Account" onCancel={onClose}>
        <Field label="Account name" error={form.errors.accountName}>
          {textInput(values.accountName, set('accountName'), ACCOUNT_NAME_MAX_LENGTH)}
        </Field>
        <LastDigitsField
          value={values.lastDigits}
          onChange={set('lastDigits')}
          error={form.errors.lastDigits}
        />
        {MONEY_FIELDS.map(([key, label, step, help]) => (
          <Field
            key={key}
            label={label}
            error={form.errors[key]}
            hint={<small className="hint">{help}</small>}
          >
            {numberInput(values[key], set(key), Number(step))}
          </Field>
        ))}
      </FormFrame>
    </Modal>
  );
}
