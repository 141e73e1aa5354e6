import { useState } from 'react';
import { fallbackMessages } from '../../domain/appMessages.ts';
import {
  SETUP_CRITERIA_MAX_LENGTH,
  SETUP_DESCRIPTION_MAX_LENGTH,
  SETUP_NAME_MAX_LENGTH,
  SETUP_NOTES_MAX_LENGTH,
} from '../../domain/constants.ts';
import { validateTradeSetupInput } from '../../domain/setups.ts';
import type { TradeSetup } from '../../domain/types.ts';
import { Field } from '../ui/Field.tsx';
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { saveSetup } from './setupMutations.ts';

/** The setup's texts: field, label, rows, and the length limit where there is one. */
const TEXT_FIELDS = [
  ['description', 'Description', 2, SETUP_DESCRIPTION_MAX_LENGTH],
  ['entryCriteria', 'Entry Criteria', 3, SETUP_CRITERIA_MAX_LENGTH],
  ['exitCriteria', 'Exit Criteria', 3, SETUP_CRITERIA_MAX_LENGTH],
  ['notes', 'Notes', 2, SETUP_NOTES_MAX_LENGTH],
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

  const { formRef, errors, formError, saving, submit } = useFormSubmit({
    validate: () => validateTradeSetupInput(values),
    save: (input) => saveSetup(input, setup),
    onSaved,
    fallback: fallbackMessages.saveSetup,
    what: 'Trade setup',
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <FormError message={formError} />
      <Field
        label="Name"
        error={errors.name}
        limit={{ length: values.name.length, max: SETUP_NAME_MAX_LENGTH }}
      >
        {(p) => (
          <input
            {...p}
            value={values.name}
            maxLength={SETUP_NAME_MAX_LENGTH}
            onChange={set('name')}
            autoComplete="off"
          />
        )}
      </Field>
      {TEXT_FIELDS.map(([field, label, rows, max]) => (
        <Field
          key={field}
          label={label}
          error={errors[field]}
          {...(max ? { limit: { length: values[field].length, max } } : {})}
        >
          {(p) => (
            <textarea
              {...p}
              rows={rows}
              value={values[field]}
              {...(max ? { maxLength: max } : {})}
              onChange={set(field)}
            />
          )}
        </Field>
      ))}
      <FormActions submitLabel={'Save Setup'} saving={saving} onCancel={onCancel} />
    </form>
  );
}
