import { useState } from 'react';
import { validateAccountSettingsForm, validateManualSettingsForm } from '../../domain/accounts.ts';
import { fallbackMessages } from '../../domain/appMessages.ts';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  DEFAULT_HEAT_LIMIT_PERCENT,
  LOSS_LIMIT_UNITS,
  type LossLimitUnit,
} from '../../domain/constants.ts';
import { messages } from '../../domain/messages.ts';
import type { AccountSettingsInput, LiveAccount, ValidationResult } from '../../domain/types.ts';
import { Field, type FieldInputProps } from '../ui/Field.tsx';
import { FormFrame } from '../ui/FormFrame.tsx';
import { numberInput, selectInput, textInput } from '../ui/inputs.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { saveAccountSettings } from './accountMutations.ts';
import { DeleteManualAccount } from './DeleteManualAccount.tsx';
import { LastDigitsField } from './LastDigitsField.tsx';
import { OrdersSwitch } from './OrdersSwitch.tsx';

// The two risk settings are easy to confuse: each says what it limits.
const FIELDS = [
  ['originalBalance', 'Original Balance ($)', '0.01', undefined],
  ['capitalRisk', 'Capital Risk (%)', '0.1', messages.capitalRiskHelp],
  ['maxTradeRisk', 'Max Trade Risk (%)', '0.1', messages.maxTradeRiskHelp],
  ['scaleOutFactor', 'Scale-out Factor (parts, 1–10)', '1', undefined],
  ['heatLimit', 'Heat limit (%)', '0.1', messages.heatLimitHelp],
] as const;

/** The risk guard's limits (docs/product.md, "Orders"): empty is no limit. */
const GUARD_FIELDS = [
  ['dailyLossLimit', 'Daily loss limit', '0.01'],
  ['maxNewTradesPerDay', 'Max new trades a day', '1'],
] as const;

const UNIT_TEXT: Readonly<Record<LossLimitUnit, string>> = { Dollars: '$', Percent: '% of balance' };

type Values = Record<(typeof FIELDS)[number][0] | (typeof GUARD_FIELDS)[number][0], string> & {
  dailyLossLimitUnit: LossLimitUnit;
  /** A manual account's own (docs/product.md, "Accounts"); a broker's are the broker's, not sent. */
  accountName?: string;
  lastDigits?: string;
  currentBalance?: string;
};

const TEXTS = new Set(['dailyLossLimitUnit', 'accountName', 'lastDigits']);

const OPTIONAL = new Set<string>(GUARD_FIELDS.map(([key]) => key));

/**
 * The form's fields as numbers: an emptied setting left out (the domain's form validator refuses
 * it), an emptied limit null (no limit).
 */
function validate(values: Values, manual: boolean): ValidationResult<AccountSettingsInput> {
  return (manual ? validateManualSettingsForm : validateAccountSettingsForm)(
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => {
        if (TEXTS.has(k)) return [k, k === 'lastDigits' ? v.trim() : v];
        if (v.trim() === '') return [k, OPTIONAL.has(k) ? null : undefined];
        return [k, Number(v)];
      }),
    ),
  );
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

// A cache filled before the heat limit (or the guard) existed has none: the server's defaults stand in.
const initialValues = (account: LiveAccount): Values => ({
  originalBalance: String(account.originalBalance),
  capitalRisk: String(account.capitalRisk),
  maxTradeRisk: String(account.maxTradeRisk),
  scaleOutFactor: String(account.scaleOutFactor),
  heatLimit: String(account.heatLimit ?? DEFAULT_HEAT_LIMIT_PERCENT),
  dailyLossLimit: text(account.dailyLossLimit),
  dailyLossLimitUnit: account.dailyLossLimitUnit ?? 'Dollars',
  maxNewTradesPerDay: text(account.maxNewTradesPerDay),
  ...(account.source === 'manual'
    ? {
        accountName: account.accountName,
        lastDigits: account.lastDigits ?? '',
        currentBalance: String(account.currentBalance),
      }
    : {}),
});

export function AccountSettingsDialog({ account, onClose }: { account: LiveAccount; onClose: () => void }) {
  const [values, setValues] = useState(() => initialValues(account));
  const manual = account.source === 'manual';
  const form = useFormSubmit({
    validate: () => validate(values, manual),
    save: (settings) => saveAccountSettings(account, settings),
    onSaved: onClose,
    fallback: fallbackMessages.saveAccountSettings,
    what: 'Account settings',
  });
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const numberBox = (key: keyof Values, step: string) => (p: FieldInputProps) => (
    <input
      {...p}
      type="number"
      inputMode="decimal"
      step={step}
      value={values[key]}
      onChange={(e) => set(key)(e.target.value)}
    />
  );

  return (
    <Modal title={`Account Settings: ${account.accountName}`} onClose={onClose}>
      {/* Its own online call, saved at once: never part of the form, never queued. */}
      {manual ? <p className="muted">{messages.ordersNeedBroker}.</p> : <OrdersSwitch account={account} />}
      <FormFrame form={form} submitLabel="Save Settings" onCancel={onClose}>
        {manual && (
          <>
            <Field label="Account name" error={form.errors.accountName}>
              {textInput(values.accountName ?? '', set('accountName'), ACCOUNT_NAME_MAX_LENGTH)}
            </Field>
            <LastDigitsField
              value={values.lastDigits ?? ''}
              onChange={set('lastDigits')}
              error={form.errors.lastDigits}
            />
            <Field
              label="Current Balance ($)"
              error={form.errors.currentBalance}
              hint={<small className="hint">{messages.manualBalanceHelp}</small>}
            >
              {numberInput(values.currentBalance ?? '', set('currentBalance'), 0.01)}
            </Field>
          </>
        )}
        {FIELDS.map(([key, label, step, help]) => (
          <Field
            key={key}
            label={label}
            error={form.errors[key]}
            hint={help && <small className="hint">{help}</small>}
          >
            {numberBox(key, step)}
          </Field>
        ))}
        <fieldset className="risk-guard-fields">
          <legend>Risk guard</legend>
          <small className="hint">{messages.riskGuardHelp}</small>
          <div className="loss-limit">
            <Field label={GUARD_FIELDS[0][1]} error={form.errors.dailyLossLimit}>
              {numberBox('dailyLossLimit', GUARD_FIELDS[0][2])}
            </Field>
            <Field label="In" error={form.errors.dailyLossLimitUnit}>
              {selectInput(
                values.dailyLossLimitUnit,
                set('dailyLossLimitUnit'),
                LOSS_LIMIT_UNITS.map((u) => [u, UNIT_TEXT[u]] as const),
              )}
            </Field>
          </div>
          <Field label={GUARD_FIELDS[1][1]} error={form.errors.maxNewTradesPerDay}>
            {numberBox('maxNewTradesPerDay', GUARD_FIELDS[1][2])}
          </Field>
        </fieldset>
      </FormFrame>
      {manual && <DeleteManualAccount account={account} onDeleted={onClose} />}
    </Modal>
  );
}
