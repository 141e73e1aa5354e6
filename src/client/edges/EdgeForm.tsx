import { useState } from 'react';
import { fallbackMessages } from '../../domain/appMessages.ts';
import {
  EDGE_NAME_MAX_LENGTH,
  EDGE_TEXT_MAX_LENGTH,
  WEIGHT_FACTOR_DEFAULT,
  WEIGHT_FACTOR_MARKS,
  WEIGHT_FACTOR_MAX,
  WEIGHT_FACTOR_MIN,
  WEIGHT_FACTOR_STEP,
} from '../../domain/constants.ts';
import { validateEdgeInput } from '../../domain/edges.ts';
import { formatWeight } from '../../domain/format.ts';
import type { Edge } from '../../domain/types.ts';
import { Field } from '../ui/Field.tsx';
import { type EditorFormProps, FormFrame } from '../ui/FormFrame.tsx';
import { type TextFieldSpec, TextFields, useTexts } from '../ui/inputs.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { saveEdge } from './edgeMutations.ts';

interface EdgeFormProps extends EditorFormProps {
  edge?: Edge | undefined;
}

/** The edge's texts: field, label, length limit, and rows for a text area. */
const TEXT_FIELDS: readonly TextFieldSpec<'name' | 'description' | 'identificationNotes'>[] = [
  ['name', 'Name', EDGE_NAME_MAX_LENGTH],
  ['description', 'Description', EDGE_TEXT_MAX_LENGTH, 2],
  ['identificationNotes', 'Identification Notes', EDGE_TEXT_MAX_LENGTH, 3],
];

export function EdgeForm({ edge, onSaved, onCancel }: EdgeFormProps) {
  const texts = useTexts(TEXT_FIELDS, edge);
  const [weightFactor, setWeightFactor] = useState(edge?.weightFactor ?? WEIGHT_FACTOR_DEFAULT);
  const form = useFormSubmit({
    validate: () => validateEdgeInput({ ...texts.values, weightFactor }),
    save: (input) => saveEdge(input, edge),
    onSaved,
    fallback: fallbackMessages.saveEdge,
    what: 'Edge',
  });
  const { errors } = form;

  return (
    <FormFrame form={form} heading={<h3>Define Edge</h3>} submitLabel="Save Edge" onCancel={onCancel}>
      <TextFields {...texts} errors={errors} />
      <Field
        label={`Weight: ${formatWeight(weightFactor)}`}
        error={errors.weightFactor}
        hint={
          <span className="slider-marks" aria-hidden="true">
            {WEIGHT_FACTOR_MARKS.map((m) => (
              <span key={m}>{m}</span>
            ))}
          </span>
        }
      >
        {(p) => (
          <input
            {...p}
            type="range"
            min={WEIGHT_FACTOR_MIN}
            max={WEIGHT_FACTOR_MAX}
            step={WEIGHT_FACTOR_STEP}
            list="weight-marks"
            value={weightFactor}
            onChange={(e) => setWeightFactor(Math.round(Number(e.target.value) * 10) / 10)}
          />
        )}
      </Field>
      <datalist id="weight-marks">
        {WEIGHT_FACTOR_MARKS.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
    </FormFrame>
  );
}
