import { type FormEvent, useState } from 'react';
import type { ValidationResult } from '../../domain/types.ts';
import { errorMessage, fieldErrorsOf } from '../api/http.ts';
import { errorsByField } from './Field.tsx';

interface FormSubmit<T> {
  /** The form's values checked with the domain's validator: the same rules the server applies. */
  validate: () => ValidationResult<T>;
  save: (value: T) => Promise<void>;
  onSaved: () => void;
  /** The spec's message for a failure that carries none of its own. */
  fallback: string;
}

/**
 * The one way a form submits: validate, save, and on a refusal show the server's field messages
 * beside their fields and its message (or the fallback) above the form.
 */
export function useFormSubmit<T>({ validate, save, onSaved, fallback }: FormSubmit<T>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate();
    if (!result.ok) {
      setErrors(errorsByField(result.errors));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await save(result.value);
      onSaved();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFormError(errorMessage(error, fallback));
    } finally {
      setSaving(false);
    }
  }

  return { errors, formError, saving, submit };
}
