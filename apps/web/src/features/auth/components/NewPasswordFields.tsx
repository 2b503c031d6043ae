// A new password typed twice: /forgot (a card's login password, 4-6 digits), /forgot_password and
// /bind_user (an account's password, 8-32 characters with letters and digits). One piece so the
// pages say the same thing about the same password; each form still checks the pair by its own rule
// (features/cards/model/cardPasswordForm, model/accountForms) and shows a problem at its field.
import type { ChangeEvent } from 'react';
import type { FormErrors } from '../../../lib/formErrors';
import { Field } from '../../../components/Field';

interface Field<F extends string> {
  /** the field's name in the form's errors */
  field: F;
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement>): void;
  /** the input's name attribute */
  name: string;
}

/** What each kind of password looks like to the person typing it. */
const KIND = {
  card: { maxLength: 6, inputMode: 'numeric', placeholder: '4-6位数字' },
  account: { maxLength: 32, inputMode: undefined, placeholder: '8-32位，含字母和数字' },
} as const;

export interface NewPasswordFieldsProps<F extends string> {
  form: FormErrors<F>;
  kind: keyof typeof KIND;
  password: Field<F>;
  confirm: Field<F>;
  /** the first field's label: 新密码 where one is replaced, 设置密码 where the first is set */
  label?: string;
}

export function NewPasswordFields<F extends string>({ form, kind, password, confirm, label = '新密码' }: NewPasswordFieldsProps<F>) {
  const { maxLength, inputMode, placeholder } = KIND[kind];
  const input = (f: Field<F>, text: string, hint: string) => (
    <>
      <Field
        label={text}
        form={form}
        field={f.field}
        name={f.name}
        type="password"
        inputMode={inputMode}
        autoComplete="new-password"
        maxLength={maxLength}
        placeholder={hint}
        value={f.value}
        onChange={f.onChange}
      />
    </>
  );
  return (
    <>
      {input(password, label, placeholder)}
      {input(confirm, '确认密码', label === '新密码' ? '请再次输入新密码' : '请再次输入密码')}
    </>
  );
}
