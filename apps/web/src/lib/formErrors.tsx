// Errors at the field (issue 16): a form's bad field is marked (aria-invalid), its message sits
// under it (aria-describedby) and it takes the focus; an error that belongs to no field goes to
// the form's message area. No toast: a toast covers the field being fixed. Tiny and free of
// antd-mobile because /login ships it on the first load.
import { useState } from 'react';
import './formErrors.css';

export interface FormErrors<F extends string> {
  /** the message of each field that has one */
  errors: Partial<Record<F, string>>;
  /** the message of the form as a whole (network, lock-outs, a refusal of no one field) */
  formError: string;
  /** shows a message at a field (and focuses it), or, with no field, in the form's area */
  fail(field: F | undefined, message: string): void;
  /** clears one field's message (it is being edited), or everything */
  clear(field?: F): void;
  /** id, aria-invalid and aria-describedby of a field's control */
  field(f: F): { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** the id of the element carrying a field's message */
  errorId(f: F): string;
}

export function useFormErrors<F extends string>(prefix: string): FormErrors<F> {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [formError, setFormError] = useState('');
  const id = (f: F) => `${prefix}-${f}`;
  const errorId = (f: F) => `${id(f)}-error`;
  return {
    errors,
    formError,
    errorId,
    fail(f, message) {
      setErrors(f ? ({ [f]: message } as Partial<Record<F, string>>) : {});
      setFormError(f ? '' : message);
      // after the render that marks it, so a screen reader reads the message with the field
      if (f) setTimeout(() => document.getElementById(id(f))?.focus());
    },
    clear(f) {
      if (!f) setFormError('');
      setErrors((e) => (f ? (e[f] ? { ...e, [f]: undefined } : e) : {}));
    },
    field: (f) => (errors[f] ? { id: id(f), 'aria-invalid': true, 'aria-describedby': errorId(f) } : { id: id(f) }),
  };
}

/** A field's message, under the field; nothing when it has none. */
export function FieldError<F extends string>({ form, name }: { form: FormErrors<F>; name: F }) {
  const message = form.errors[name];
  return message ? (
    <p id={form.errorId(name)} className="app-field-error">
      {message}
    </p>
  ) : null;
}

/** The form's own message area: in the flow of the form, never over it. */
export function FormError({ message }: { message: string }) {
  return message ? (
    <p role="alert" className="app-form-error">
      {message}
    </p>
  ) : null;
}
