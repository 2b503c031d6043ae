// /forgot — reset a card's login password by SMS to the card's bound mobile; with set=true it is
// "设置卡登录密码" for the current card (docs/spec/portal-spec.md §4, "After loading card info").
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { NewPasswordFields } from '../../features/auth/components/NewPasswordFields';
import { SmsCodeFields } from '../../features/auth/components/SmsCodeFields';
import { resetCardPassword, sendCardPasswordSms } from '../../features/cards/api/cardPassword';
import {
  cardNumError,
  cardPasswordErrorField,
  cardPasswordFormError,
  type CardPasswordField,
  type CardPasswordFields,
} from '../../features/cards/model/cardPasswordForm';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { loginUrl } from '../../lib/navigation';
import { clearOnLogout } from '../../lib/session';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import styles from './Forgot.module.css';
import { Field } from '../../components/Field';

export default function ForgotPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setMode = params.get('set') === 'true';
  const storedCard = local.get('customNum');
  const lockedCard = setMode && Boolean(storedCard);
  const [fields, setFields] = useState<CardPasswordFields>({
    customNum: (setMode && storedCard) || params.get('custom_num') || '',
    code: '',
    password: '',
    confirm: '',
  });
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<CardPasswordField>('forgot');
  const set = (k: CardPasswordField) => (e: { target: { value: string } }) => {
    form.clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };
  // A refusal stays on the page: under the field it concerns, else in the form's message area.
  const refused = (err: unknown) =>
    form.fail(
      err instanceof ApiError ? cardPasswordErrorField(err.code) : undefined,
      err instanceof ApiError ? err.message : '操作失败，请稍后再试',
    );
  const title = setMode ? '设置卡登录密码' : '忘记卡密码';

  // The code goes to the card's bound mobile: the card number is checked first.
  function sendCode() {
    const error = cardNumError(fields.customNum);
    if (error) return void form.fail('customNum', error);
    return sendCardPasswordSms(fields.customNum.trim()).then((answer) => {
      setSentTo(answer.mobile);
      return answer;
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const error = cardPasswordFormError(fields);
    if (error) return form.fail(error.field, error.message);
    form.clear();
    setBusy(true);
    try {
      await resetCardPassword({
        custom_num: fields.customNum.trim(),
        code: fields.code.trim(),
        password: fields.password,
        confirm_password: fields.confirm,
      });
      toast(setMode ? '卡登录密码设置成功' : '卡密码已重置，请重新登录');
      if (setMode && local.get('token') && !local.get('cardLogin')) {
        navigate('/', { replace: true });
        return;
      }
      // A new card password signs out the card's card-number logins, this one included.
      if (local.get('cardLogin')) clearOnLogout();
      navigate(loginUrl({ mark: local.get('mark'), loginModel: 'customNum' }), { replace: true });
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title={title} fallback={setMode ? '/' : '/login?login_model=customNum'} />
      <p className={styles.intro}>
        {setMode ? '设置后可使用卡号和卡登录密码直接登录。' : ''}验证码将发送至该卡绑定的手机号{sentTo ? `（${sentTo}）` : ''}。
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field
          label="卡号"
          form={form}
          field="customNum"
          name="custom_num"
          inputMode="numeric"
          maxLength={20}
          placeholder="请输入卡号"
          value={fields.customNum}
          readOnly={lockedCard}
          onChange={set('customNum')}
        />
        <SmsCodeFields
          form={form}
          code={{ field: 'code', value: fields.code, onChange: set('code') }}
          send={sendCode}
          sentText={(answer) => `验证码已发送至 ${answer.mobile}`}
          onSendFailed={refused}
        />
        <NewPasswordFields
          form={form}
          kind="card"
          password={{ field: 'password', name: 'password', value: fields.password, onChange: set('password') }}
          confirm={{ field: 'confirm', name: 'confirm_password', value: fields.confirm, onChange: set('confirm') }}
        />
        {form.message()}
        <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.submit}`} disabled={busy}>
          {busy ? '提交中…' : setMode ? '确认设置' : '确认重置'}
        </button>
      </form>
    </div>
  );
}
