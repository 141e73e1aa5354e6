import { type FormEvent, useEffect, useRef, useState } from 'react';
import { notices } from '../../domain/appMessages.ts';
import type { ValidationResult } from '../../domain/types.ts';
import { errorMessage, fieldErrorsOf } from '../api/http.ts';
import type { SaveOutcome } from '../sync/outbox.ts';
import { errorsByField } from './Field.tsx';
import { announce } from './notices.ts';

interface FormSubmit<T> {
  /** The form's values checked with the domain's validator: the same rules the server applies. */
  validate: () => ValidationResult<T>;
  save: (value: T) => Promise<SaveOutcome>;
  onSaved: () => void;
  /** The spec's message for a failure that carries none of its own. */
  fallback: string;
  /** What was saved, for the confirmation: "Edge" → "Edge saved"; none for a step that saves nothing (an order's preview). */
  what?: string;
}

/**
 * The one way a form submits: validate, save, confirm; on a refusal the server's field messages
 * show beside their fields and its message (or the fallback) above the form. After a first try,
 * the fields are checked as they change, so an error goes as soon as its field is fixed; the
 * first error is scrolled into view and focused.
 */
export function useFormSubmit<T>({ validate, save, onSaved, fallback, what }: FormSubmit<T>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [failures, setFailures] = useState(0);

  const live = attempted ? validate() : undefined;
  const errors = { ...serverErrors, ...(live && !live.ok ? errorsByField(live.errors) : {}) };

  useEffect(() => {
    if (failures === 0) return;
    const form = formRef.current;
    const first =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('.form-error');
    first?.scrollIntoView({ block: 'center' });
    first?.focus();
  }, [failures]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setServerErrors({});
    setFormError(undefined);
    const result = validate();
    if (!result.ok) {
      setFailures((n) => n + 1);
      return;
    }
    setSaving(true);
    try {
      const outcome = await save(result.value);
      if (what !== undefined)
        announce(outcome === 'queued' ? notices.savedOnDevice(what) : notices.saved(what));
      onSaved();
    } catch (error) {
      setServerErrors(fieldErrorsOf(error));
      setFormError(errorMessage(error, fallback));
      setFailures((n) => n + 1);
    } finally {
      setSaving(false);
    }
  }

  return { formRef, errors, formError, saving, submit };
}
