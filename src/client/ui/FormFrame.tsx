import type { ReactNode } from 'react';
import { FormActions } from './FormActions.tsx';
import { FormError } from './FormError.tsx';
import type { useFormSubmit } from './useFormSubmit.ts';

/** What every editor's form is handed: what to do once it saved, and on Cancel. */
export interface EditorFormProps {
  onSaved: () => void;
  onCancel: () => void;
}

interface FormFrameProps {
  /** What useFormSubmit hands the form: its ref, submit, own message and whether it saves. */
  form: Pick<ReturnType<typeof useFormSubmit>, 'formRef' | 'submit' | 'formError' | 'saving'>;
  /** A heading above the form's message (the edge form's "Define Edge"). */
  heading?: ReactNode;
  submitLabel: string;
  /** Absent for a form on a page, not in a dialog (the trader's settings): no Cancel. */
  onCancel?: () => void;
  children: ReactNode;
}

/** The frame every editor's form shares: its own message on top, its fields, Cancel and submit. */
export function FormFrame({ form, heading, submitLabel, onCancel, children }: FormFrameProps) {
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate>
      {heading}
      <FormError message={form.formError} />
      {children}
      <FormActions submitLabel={submitLabel} saving={form.saving} onCancel={onCancel} />
    </form>
  );
}
