// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFormErrors } from '../lib/formErrors';
import { Field } from './Field';

afterEach(cleanup);

function Form({ hint }: { hint?: string }) {
  const form = useFormErrors<'mobile'>('t');
  return (
    <form>
      <Field label="手机号" form={form} field="mobile" name="mobile" hint={hint} end={<button type="button">获取验证码</button>} />
      <button type="button" onClick={() => form.fail('mobile', '请输入手机号')}>
        检查
      </button>
    </form>
  );
}

describe('Field', () => {
  it('labels its input, ends its row with what it is given and says nothing under it while all is well', () => {
    render(<Form />);
    const input = screen.getByLabelText('手机号') as HTMLInputElement;
    expect(input.name).toBe('mobile');
    expect(input.className).toBe('app-field__input');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.closest('.app-field')?.querySelector('button')?.textContent).toBe('获取验证码');
    expect(document.querySelector('.app-field-error')).toBeNull();
  });

  it("marks the field and shows the form's message under it, read with the field beside its hint", () => {
    render(<Form hint="用于接收验证码" />);
    fireEvent.click(screen.getByText('检查'));
    const input = screen.getByLabelText('手机号');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('请输入手机号').className).toBe('app-field-error');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual(['请输入手机号', '用于接收验证码']);
  });

  it('labels a control given in place of the input (a select) by its id, and a quiet label for screen readers only', () => {
    render(
      <>
        <Field label="相关订单" id="order" control={<select id="order" />} />
        <Field label="账号" quietLabel />
      </>,
    );
    expect(screen.getByLabelText('相关订单').tagName).toBe('SELECT');
    expect(screen.getByText('账号').className).toBe('visually-hidden');
    expect(screen.getByLabelText('账号').tagName).toBe('INPUT');
  });
});
