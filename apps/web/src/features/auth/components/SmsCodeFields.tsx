// The mobile + SMS code block of every form that proves a mobile number by a code (/login's 手机号
// tab, /bind_user, /agent and its lookup, /forgot, where the code goes to the card's bound mobile
// and the block has no mobile field). Errors sit at their field (docs/decisions/0010): a bad
// mobile before sending marks the mobile, a refused send marks the code unless the form says
// otherwise. Free of antd-mobile: /login ships it on first load.
import { useState, type ChangeEvent } from 'react';
import { Field } from '../../../components/Field';
import { ApiError } from '../../../lib/api';
import type { FormErrors } from '../../../lib/formErrors';
import { toast } from '../../../lib/toast';
import { useCountdown } from '../../../lib/useCountdown';
import { cooldownOf, mobileError, sendCodeLabel } from '../model/smsCode';

interface Field<F extends string> {
  /** the field's name in the form's errors */
  field: F;
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement>): void;
}

export interface SmsCodeFieldsProps<F extends string, A extends { cooldown_seconds?: number }> {
  form: FormErrors<F>;
  /** the mobile the code goes to, when the form asks for one */
  mobile?: Field<F> & { placeholder?: string };
  code: Field<F>;
  /** labels for screen readers only (the login panel shows placeholders alone) */
  quietLabels?: boolean;
  /** asks for a code (a mobile field has been checked); nothing when the form refuses and has said why */
  send(): Promise<A> | undefined;
  /** the toast once sent */
  sentText?(answer: A): string;
  /** says a refused send; by default under the code field */
  onSendFailed?(err: unknown): void;
  /** a resend wait started before the block was shown (ms since the epoch), to take up */
  resendAt?: number;
  /** a code was sent: when its resend wait ends (ms since the epoch) */
  onSent?(resendAt: number): void;
}

export function SmsCodeFields<F extends string, A extends { cooldown_seconds?: number }>({
  form,
  mobile,
  code,
  quietLabels,
  send,
  sentText,
  onSendFailed,
  resendAt,
  onSent,
}: SmsCodeFieldsProps<F, A>) {
  const [sending, setSending] = useState(false);
  const [cooldown, startCooldown] = useCountdown(resendAt);

  async function sendCode() {
    const bad = mobile && mobileError(mobile.value);
    if (mobile && bad) return form.fail(mobile.field, bad);
    const sent = send();
    if (!sent) return;
    setSending(true);
    try {
      const answer = await sent;
      // Started on its own line: in `onSent?.(startCooldown(…))` an absent onSent skips the whole
      // call, arguments included, and the button of every form but /login never counted down.
      const resendAt = startCooldown(cooldownOf(answer));
      onSent?.(resendAt);
      toast(sentText ? sentText(answer) : '验证码已发送');
    } catch (err) {
      if (onSendFailed) onSendFailed(err);
      else form.fail(code.field, err instanceof ApiError ? err.message : '发送失败，请稍后再试');
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      {mobile && (
        <Field
          label="手机号"
          quietLabel={quietLabels}
          form={form}
          field={mobile.field}
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder={mobile.placeholder ?? '请输入手机号'}
          value={mobile.value}
          onChange={mobile.onChange}
        />
      )}
      <Field
        label="验证码"
        quietLabel={quietLabels}
        form={form}
        field={code.field}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="请输入验证码"
        value={code.value}
        onChange={code.onChange}
        end={
          <button type="button" className="app-field__action" disabled={cooldown > 0 || sending} onClick={sendCode}>
            {sendCodeLabel(cooldown)}
          </button>
        }
      />
    </>
  );
}
