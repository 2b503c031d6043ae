// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { useFormErrors } from '../../../lib/formErrors';
import { SmsCodeFields, type SmsCodeFieldsProps } from './SmsCodeFields';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Field = 'mobile' | 'code';
type Answer = { cooldown_seconds?: number };

/** A form as the pages build it; `withMobile` false is /forgot's block (the code goes to the card's mobile). */
function Form({
  send,
  withMobile = true,
  ...rest
}: Pick<SmsCodeFieldsProps<Field, Answer>, 'send' | 'resendAt' | 'onSent'> & { withMobile?: boolean }) {
  const [v, setV] = useState({ mobile: '13800138000', code: '' });
  const form = useFormErrors<Field>('t');
  return (
    <form>
      <SmsCodeFields
        form={form}
        mobile={
          withMobile ? { field: 'mobile', value: v.mobile, onChange: (e) => setV((f) => ({ ...f, mobile: e.target.value })) } : undefined
        }
        code={{ field: 'code', value: v.code, onChange: (e) => setV((f) => ({ ...f, code: e.target.value })) }}
        send={send}
        {...rest}
      />
    </form>
  );
}

const codeButton = () => screen.getByRole('button', { name: /验证码|重新获取/ }) as HTMLButtonElement;

async function clickSend() {
  await act(async () => {
    fireEvent.click(codeButton());
  });
}

describe('SmsCodeFields', () => {
  // /forgot, /forgot_password, /bind_user, /agent, 账号安全 and the QR-code login pass no onSent.
  it.each([
    ['with a mobile field', true],
    ['without one (the code goes to a bound mobile)', false],
  ])('counts the resend wait down on a form that does not follow it (%s)', async (_, withMobile) => {
    const send = vi.fn(() => Promise.resolve({ cooldown_seconds: 60 }));
    render(<Form send={send} withMobile={withMobile} />);
    expect(codeButton().textContent).toBe('获取验证码');
    await clickSend();
    expect(send).toHaveBeenCalledTimes(1);
    expect(codeButton().textContent).toBe('60s后重新获取');
    expect(codeButton().disabled).toBe(true);
  });

  it('tells a form that follows the wait when it ends, and counts the same', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: 1_000_000 });
    const onSent = vi.fn();
    render(<Form send={() => Promise.resolve({ cooldown_seconds: 90 })} onSent={onSent} />);
    await clickSend();
    expect(onSent).toHaveBeenCalledWith(1_000_000 + 90_000);
    expect(codeButton().textContent).toBe('90s后重新获取');
  });

  it('waits the server default when the answer names no cooldown, and frees the button when the wait ends', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: 1_000_000 });
    render(<Form send={() => Promise.resolve({})} />);
    await clickSend();
    expect(codeButton().textContent).toBe('60s后重新获取');
    act(() => void vi.advanceTimersByTime(59_000));
    expect(codeButton().textContent).toBe('1s后重新获取');
    expect(codeButton().disabled).toBe(true);
    act(() => void vi.advanceTimersByTime(1_000));
    expect(codeButton().textContent).toBe('获取验证码');
    expect(codeButton().disabled).toBe(false);
  });

  it('takes up a wait started before the block was shown', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: 1_000_000 });
    render(<Form send={() => Promise.resolve({})} resendAt={1_000_000 + 42_000} />);
    expect(codeButton().textContent).toBe('42s后重新获取');
    expect(codeButton().disabled).toBe(true);
  });

  it('starts no wait when the send is refused, and says why at the code', async () => {
    render(<Form send={() => Promise.reject(new ApiError('发送过于频繁，请稍后再试', 400, 400))} />);
    await clickSend();
    expect(codeButton().textContent).toBe('获取验证码');
    expect(codeButton().disabled).toBe(false);
    expect(screen.getByText('发送过于频繁，请稍后再试')).toBeTruthy();
  });

  it('sends nothing and starts no wait for a bad mobile', async () => {
    const send = vi.fn(() => Promise.resolve({ cooldown_seconds: 60 }));
    render(<Form send={send} />);
    fireEvent.input(screen.getByLabelText('手机号'), { target: { value: '123' } });
    await clickSend();
    expect(send).not.toHaveBeenCalled();
    expect(codeButton().textContent).toBe('获取验证码');
  });
});
