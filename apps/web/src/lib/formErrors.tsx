// Errors at the field (docs/decisions/0010): a form's bad field is marked (aria-invalid), its message sits
// under it (aria-describedby) and it takes the focus; an error that belongs to no field goes to
// the form's message area. No toast: a toast covers the field being fixed. One error at a time
// (the first problem, in page order). Tiny and free of antd-mobile: /login ships it on first load.
import { useState, type ReactNode } from 'react';

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
  /** a field's message, to put under the field; nothing when it has none */
  at(f: F): ReactNode;
  /** the form's own message area: in the flow of the form, never over it */
  message(): ReactNode;
}

export function useFormErrors<F extends string>(prefix: string): FormErrors<F> {
  const [shown, setShown] = useState<{ f?: F; m: string }>({ m: '' });
  const errorId = (f: F) => `${prefix}-${f}-error`;
  return {
    errors: (shown.f ? { [shown.f]: shown.m } : {}) as Partial<Record<F, string>>,
    formError: shown.f ? '' : shown.m,
    errorId,
    fail(f, m) {
      setShown({ f, m });
      // after the render that marks it, so a screen reader reads the message with the field
      if (f) setTimeout(() => document.getElementById(`${prefix}-${f}`)?.focus());
    },
    clear: (f) => setShown((s) => (!f || s.f === f ? { m: '' } : s)),
    at: (f) =>
      shown.f === f && (
        <p id={errorId(f)} className="app-field-error">
          {shown.m}
        </p>
      ),
    message: () =>
      !shown.f &&
      shown.m && (
        <p role="alert" className="app-form-error">
          {shown.m}
        </p>
      ),
    field: (f) =>
      shown.f === f ? { id: `${prefix}-${f}`, 'aria-invalid': true, 'aria-describedby': errorId(f) } : { id: `${prefix}-${f}` },
  };
}
