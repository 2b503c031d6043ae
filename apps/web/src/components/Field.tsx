// One form field of the web app: a label, its control, a hint that stays under it and the error
// that belongs to it (docs/decisions/0010: the bad field is marked, its message under it). Every
// form draws its rows with this, so a label, a hint and an error look and read the same on /login
// and on the card replacement. Tiny and free of antd-mobile: /login ships it on first load.
//
// The row is a <div> with <label htmlFor>, not a wrapping <label>: a row may end with a button
// (获取验证码, show the password), and a button inside a label would be the label's target.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import type { FormErrors } from '../lib/formErrors';

export interface FieldProps<F extends string> extends Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'className'> {
  label: ReactNode;
  /** the input (React 19 passes a ref as a prop) */
  ref?: Ref<HTMLInputElement>;
  /** the label for screen readers only (/login's panel shows placeholders alone) */
  quietLabel?: boolean;
  /** the form whose errors this field shows, with `field`: its id, aria and message come from it */
  form?: FormErrors<F>;
  /** the field's name in the form's errors */
  field?: F;
  /** a message under the field for a form that keeps its own (without `form`) */
  error?: ReactNode;
  /** a word under the field that stays (what to type, where to find it) */
  hint?: ReactNode;
  /** what ends the row: 获取验证码, a unit, a show-password button */
  end?: ReactNode;
  /** another control in place of the input (a select): it must carry the field's `id` */
  control?: ReactNode;
}

export function Field<F extends string>({ label, quietLabel, form, field, error, hint, end, control, ...input }: FieldProps<F>) {
  const ownId = useId();
  const f: ReturnType<FormErrors<F>['field']> = form && field ? form.field(field) : { id: input.id ?? ownId };
  const hintId = `${f.id}-hint`;
  return (
    <>
      <div className="app-field">
        <label className={quietLabel ? 'visually-hidden' : 'app-field__label'} htmlFor={f.id}>
          {label}
        </label>
        {control ?? (
          <input
            {...input}
            {...f}
            // the error first, then the hint: both are read with the field
            aria-describedby={hint ? `${f['aria-describedby'] ?? ''} ${hintId}`.trim() : f['aria-describedby']}
            className="app-field__input"
          />
        )}
        {end}
      </div>
      {hint && (
        <p id={hintId} className="app-field-hint">
          {hint}
        </p>
      )}
      {form && field ? form.at(field) : error}
    </>
  );
}
