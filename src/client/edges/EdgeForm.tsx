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
import { FormActions } from '../ui/FormActions.tsx';
import { FormError } from '../ui/FormError.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import { saveEdge } from './edgeMutations.ts';

interface EdgeFormProps {
  edge?: Edge | undefined;
  onSaved: () => void;
  onCancel: () => void;
}

export function EdgeForm({ edge, onSaved, onCancel }: EdgeFormProps) {
  const [name, setName] = useState(edge?.name ?? '');
  const [description, setDescription] = useState(edge?.description ?? '');
  const [identificationNotes, setIdentificationNotes] = useState(edge?.identificationNotes ?? '');
  const [weightFactor, setWeightFactor] = useState(edge?.weightFactor ?? WEIGHT_FACTOR_DEFAULT);
  const { formRef, errors, formError, saving, submit } = useFormSubmit({
    validate: () => validateEdgeInput({ name, description, identificationNotes, weightFactor }),
    save: (input) => saveEdge(input, edge),
    onSaved,
    fallback: fallbackMessages.saveEdge,
    what: 'Edge',
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <h3>Define Edge</h3>
      <FormError message={formError} />
      <Field label="Name" error={errors.name} limit={{ length: name.length, max: EDGE_NAME_MAX_LENGTH }}>
        {(p) => (
          <input
            {...p}
            value={name}
            maxLength={EDGE_NAME_MAX_LENGTH}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
        )}
      </Field>
      <Field
        label="Description"
        error={errors.description}
        limit={{ length: description.length, max: EDGE_TEXT_MAX_LENGTH }}
      >
        {(p) => (
          <textarea
            {...p}
            rows={2}
            value={description}
            maxLength={EDGE_TEXT_MAX_LENGTH}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Identification Notes"
        error={errors.identificationNotes}
        limit={{ length: identificationNotes.length, max: EDGE_TEXT_MAX_LENGTH }}
      >
        {(p) => (
          <textarea
            {...p}
            rows={3}
            value={identificationNotes}
            maxLength={EDGE_TEXT_MAX_LENGTH}
            onChange={(e) => setIdentificationNotes(e.target.value)}
          />
        )}
      </Field>
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
      <FormActions submitLabel={'Save Edge'} saving={saving} onCancel={onCancel} />
    </form>
  );
}
