import { useState } from 'react';
import { fallbackMessages } from '../../domain/appMessages.ts';
import { NEAR_ENTRY_R_MAX, NEAR_ENTRY_R_MIN } from '../../domain/constants.ts';
import { validateTraderSettingsInput } from '../../domain/traderSettings.ts';
import type { TraderSettings } from '../../domain/types.ts';
import { Field } from '../ui/Field.tsx';
import { FormFrame } from '../ui/FormFrame.tsx';
import { numberInput } from '../ui/inputs.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { saveSettings } from './settingsMutations.ts';
import { useStoredSettings } from './useTraderSettings.ts';

/** Each setting's box: its label, its step and what it does. A new setting is one more row. */
const FIELDS = [
  [
    'nearEntryR',
    'Near entry within (R)',
    0.05,
    `A plan shows Near entry this close to its entry (${NEAR_ENTRY_R_MIN}R to ${NEAR_ENTRY_R_MAX}R).`,
  ],
] as const;

type Values = Record<(typeof FIELDS)[number][0], string>;

const valuesOf = (settings: TraderSettings): Values =>
  Object.fromEntries(FIELDS.map(([key]) => [key, String(settings[key])])) as Values;

/**
 * The trader's settings (docs/product.md, "Settings"), saved like every record: at once online,
 * on this device offline and sent later.
 */
export default function SettingsForm() {
  const stored = useStoredSettings();
  // Saved here or brought by a sync, new settings show anew.
  return (
    <div className="trader-settings">
      {stored && <SettingsFields key={`${stored.id}|${stored.updatedAt}`} stored={stored} />}
    </div>
  );
}

function SettingsFields({ stored }: { stored: TraderSettings }) {
  const [values, setValues] = useState(() => valuesOf(stored));
  const form = useFormSubmit({
    // An emptied box reads as 0: the rule's own message says what the setting takes.
    validate: () =>
      validateTraderSettingsInput(Object.fromEntries(FIELDS.map(([key]) => [key, Number(values[key])]))),
    save: (input) => saveSettings(stored, input),
    onSaved: () => undefined,
    fallback: fallbackMessages.saveSettings,
    what: 'Settings',
  });
  return (
    <FormFrame form={form} submitLabel="Save">
      {FIELDS.map(([key, label, step, hint]) => (
        <Field key={key} label={label} error={form.errors[key]} hint={<small className="hint">{hint}</small>}>
          {numberInput(values[key], (text) => setValues((was) => ({ ...was, [key]: text })), step)}
        </Field>
      ))}
    </FormFrame>
  );
}
