import { useId, useState } from 'react';
import { fallbackMessages } from '../../domain/appMessages.ts';
import {
  SETUP_CRITERIA_MAX_LENGTH,
  SETUP_DESCRIPTION_MAX_LENGTH,
  SETUP_NAME_MAX_LENGTH,
  SETUP_NOTES_MAX_LENGTH,
} from '../../domain/constants.ts';
import { messages } from '../../domain/messages.ts';
import { validateTradeSetupInput } from '../../domain/setups.ts';
import type { TradeSetup } from '../../domain/types.ts';
import { type EditorFormProps, FormFrame } from '../ui/FormFrame.tsx';
import { type TextFieldSpec, TextFields, useTexts } from '../ui/inputs.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { saveSetup } from './setupMutations.ts';

/**
 * The setup's texts: field, label, length limit, and rows for a text area. The criteria, long
 * playbooks often pasted whole, do not stop at their limit: past it they are refused with the
 * message, never cut unseen (issue 40).
 */
const TEXT_FIELDS: readonly TextFieldSpec<
  'name' | 'description' | 'entryCriteria' | 'exitCriteria' | 'notes'
>[] = [
  ['name', 'Name', SETUP_NAME_MAX_LENGTH],
  ['description', 'Description', SETUP_DESCRIPTION_MAX_LENGTH, 2],
  ['entryCriteria', 'Entry Criteria', SETUP_CRITERIA_MAX_LENGTH, 3, false],
  ['exitCriteria', 'Exit Criteria', SETUP_CRITERIA_MAX_LENGTH, 3, false],
  ['notes', 'Notes', SETUP_NOTES_MAX_LENGTH, 2],
];

interface SetupFormProps extends EditorFormProps {
  setup?: TradeSetup | undefined;
}

export function SetupForm({ setup, onSaved, onCancel }: SetupFormProps) {
  const hintId = useId();
  const texts = useTexts(TEXT_FIELDS, setup);
  // A new setup does not require its checklist.
  const [checklistRequired, setChecklistRequired] = useState(setup?.checklistRequired ?? false);
  const form = useFormSubmit({
    validate: () => validateTradeSetupInput({ ...texts.values, checklistRequired }),
    save: (input) => saveSetup(input, setup),
    onSaved,
    fallback: fallbackMessages.saveSetup,
    what: 'Trade setup',
  });

  return (
    <FormFrame form={form} submitLabel="Save Setup" onCancel={onCancel}>
      <TextFields {...texts} errors={form.errors} />
      <div className="field">
        <label className="switch-row">
          <input
            type="checkbox"
            role="switch"
            aria-checked={checklistRequired}
            checked={checklistRequired}
            aria-describedby={hintId}
            onChange={(e) => setChecklistRequired(e.target.checked)}
          />
          {messages.checklistRequiredLabel}
        </label>
        <small id={hintId} className="muted">
          {messages.checklistHint}
        </small>
      </div>
    </FormFrame>
  );
}
