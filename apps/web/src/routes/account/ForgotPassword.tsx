// /forgot_password — 忘记密码 on /login's account tab: the account's mobile gets a code (purpose
// user_password) and a new password is set by the registration's rule; every login of the account
// ends, and the holder logs in again with it (docs/decisions/0044-holder-account.md).
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { resetUserPassword, sendPasswordResetCode } from '../../features/auth/api/account';
import { NewPasswordFields } from '../../features/auth/components/NewPasswordFields';
import { SmsCodeFields } from '../../features/auth/components/SmsCodeFields';
import { resetFormError, type ResetField, type ResetFields } from '../../features/auth/model/accountForms';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { loginUrl } from '../../lib/navigation';
import { clearOnLogout } from '../../lib/session';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import styles from './Forgot.module.css';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [fields, setFields] = useState<ResetFields>({ mobile: '', code: '', password: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<ResetField>('forgot-password');
  const set = (k: ResetField) => (e: { target: { value: string } }) => {
    form.clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };
  const refused = (err: unknown) =>
    form.fail(
      err instanceof ApiError && /验证码/.test(err.message) ? 'code' : undefined,
      err instanceof ApiError ? err.message : '操作失败，请稍后再试',
    );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = resetFormError(fields);
    if (problem) return form.fail(problem.field, problem.message);
    form.clear();
    setBusy(true);
    try {
      await resetUserPassword({ mobile: fields.mobile.trim(), code: fields.code.trim(), new_password: fields.password });
      toast('密码已重置，请使用新密码登录');
      // this browser's login of the account (if any) ended with the others
      if (local.get('token') && !local.get('cardLogin')) clearOnLogout();
      navigate(loginUrl({ mark: local.get('mark'), loginModel: 'account' }), { replace: true });
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title="忘记密码" fallback="/login?login_model=account" />
      <p className={styles.intro}>验证码将发送至账号绑定的手机号，验证后设置新的登录密码。</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <SmsCodeFields
          form={form}
          mobile={{ field: 'mobile', value: fields.mobile, onChange: set('mobile'), placeholder: '请输入账号绑定的手机号' }}
          code={{ field: 'code', value: fields.code, onChange: set('code') }}
          send={() => sendPasswordResetCode(fields.mobile.trim(), local.get('mark'))}
          onSendFailed={refused}
        />
        <NewPasswordFields
          form={form}
          kind="account"
          password={{ field: 'password', name: 'password', value: fields.password, onChange: set('password') }}
          confirm={{ field: 'confirm', name: 'confirm_password', value: fields.confirm, onChange: set('confirm') }}
        />
        {form.message()}
        <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.submit}`} disabled={busy}>
          {busy ? '提交中…' : '重置密码'}
        </button>
      </form>
    </div>
  );
}
