// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFormErrors } from '../../../lib/formErrors';
import { NewPasswordFields, type NewPasswordFieldsProps } from './NewPasswordFields';

afterEach(cleanup);

type Field = 'password' | 'confirm';

function Form({ kind, label }: Pick<NewPasswordFieldsProps<Field>, 'kind' | 'label'>) {
  const [v, setV] = useState({ password: '', confirm: '' });
  const form = useFormErrors<Field>('t');
  const set = (k: Field) => (e: { target: { value: string } }) => {
    form.clear(k);
    setV((f) => ({ ...f, [k]: e.target.value }));
  };
  return (
    <form>
      <NewPasswordFields
        form={form}
        kind={kind}
        label={label}
        password={{ field: 'password', name: 'password', value: v.password, onChange: set('password') }}
        confirm={{ field: 'confirm', name: 'confirm_password', value: v.confirm, onChange: set('confirm') }}
      />
      <button type="button" onClick={() => form.fail('confirm', '两次输入的密码不一致')}>
        检查
      </button>
      <output data-testid="value">{`${v.password}|${v.confirm}`}</output>
    </form>
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('NewPasswordFields', () => {
  it('asks a card password as 4-6 digits on the number pad', () => {
    render(<Form kind="card" />);
    expect(input('新密码').placeholder).toBe('4-6位数字');
    expect(input('新密码').maxLength).toBe(6);
    expect(input('新密码').inputMode).toBe('numeric');
    expect(input('确认密码').placeholder).toBe('请再次输入新密码');
    expect(input('确认密码').name).toBe('confirm_password');
  });

  it('asks an account password as 8-32 characters on the full keyboard, and names the first one as the page says', () => {
    render(<Form kind="account" label="设置密码" />);
    expect(input('设置密码').placeholder).toBe('8-32位，含字母和数字');
    expect(input('设置密码').maxLength).toBe(32);
    expect(input('设置密码').getAttribute('inputmode')).toBeNull();
    expect(input('确认密码').placeholder).toBe('请再次输入密码');
  });

  it('keeps both typed passwords hidden, hands them to the form, and shows a problem at its field until it is edited', () => {
    render(<Form kind="account" />);
    expect(input('新密码').type).toBe('password');
    expect(input('确认密码').autocomplete).toBe('new-password');
    fireEvent.input(input('新密码'), { target: { value: 'abc12345' } });
    fireEvent.input(input('确认密码'), { target: { value: 'abc1234' } });
    expect(screen.getByTestId('value').textContent).toBe('abc12345|abc1234');
    fireEvent.click(screen.getByRole('button', { name: '检查' }));
    expect(input('确认密码').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    fireEvent.input(input('确认密码'), { target: { value: 'abc12345' } });
    expect(screen.queryByText('两次输入的密码不一致')).toBeNull();
  });
});
