// /account_security — 我的 → 账号安全 (docs/decisions/0044-holder-account.md): change the account's
// password (the old one when it has one; the registration's rule), and its mobile, proven by a code
// to the old number and one to the new. Both end the account's logins on other devices; this one
// stays. A card-number login is no account: it is told why, with the way to an account login.
import { maskMobile } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed } from '../../components/StateBlock';
import { changeMobile, changeUserPassword, sendMobileChangeCode } from '../../features/auth/api/account';
import { sessionKey, useSession } from '../../features/auth/api/session';
import { AccountOnly } from '../../features/auth/components/AccountOnly';
import { SmsCodeFields } from '../../features/auth/components/SmsCodeFields';
import {
  mobileChangeError,
  newMobileError,
  passwordChangeError,
  type MobileChangeField,
  type MobileChangeFields,
  type PasswordChangeField,
  type PasswordChangeFields,
} from '../../features/auth/model/accountForms';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';
import styles from './AccountSecurity.module.css';
import { Field } from '../../components/Field';

const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : '操作失败，请稍后再试');
const signedOut = (n: number) => (n > 0 ? `，其他设备上的${n}处登录已退出` : '');

function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const qc = useQueryClient();
  const [fields, setFields] = useState<PasswordChangeFields>({ old: '', password: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<PasswordChangeField>('security-password');
  const set = (k: PasswordChangeField) => (e: { target: { value: string } }) => {
    form.clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = passwordChangeError(fields, hasPassword);
    if (problem) return form.fail(problem.field, problem.message);
    form.clear();
    setBusy(true);
    try {
      const done = await changeUserPassword({ ...(hasPassword ? { old_password: fields.old } : {}), new_password: fields.password });
      setFields({ old: '', password: '', confirm: '' });
      toast(`密码已修改${signedOut(done.revoked_sessions)}`);
      void qc.invalidateQueries({ queryKey: sessionKey });
    } catch (err) {
      form.fail(err instanceof ApiError && /原密码/.test(err.message) ? 'old' : undefined, messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  const input = (k: PasswordChangeField, label: string, placeholder: string, autoComplete: string) => (
    <>
      <Field
        label={label}
        form={form}
        field={k}
        name={k}
        type="password"
        autoComplete={autoComplete}
        maxLength={32}
        placeholder={placeholder}
        value={fields[k]}
        onChange={set(k)}
      />
    </>
  );

  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-labelledby="security-password-title">
      <h2 className={styles.title} id="security-password-title">
        {hasPassword ? '修改登录密码' : '设置登录密码'}
      </h2>
      {!hasPassword && <p className={styles.note}>您通过手机验证码注册，设置密码后也可使用账号密码登录。</p>}
      {hasPassword && input('old', '原密码', '请输入原密码', 'current-password')}
      {input('password', '新密码', '8-32位，含字母和数字', 'new-password')}
      {input('confirm', '确认密码', '请再次输入新密码', 'new-password')}
      {form.message()}
      <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.submit}`} disabled={busy}>
        {busy ? '提交中…' : hasPassword ? '修改密码' : '设置密码'}
      </button>
    </form>
  );
}

function MobileForm({ current }: { current: string }) {
  const qc = useQueryClient();
  const [fields, setFields] = useState<MobileChangeFields>({ oldCode: '', mobile: '', newCode: '' });
  const [busy, setBusy] = useState(false);
  /** a new round after each change: the code blocks start afresh, their resend waits gone (decision 0070) */
  const [round, setRound] = useState(0);
  const form = useFormErrors<MobileChangeField>('security-mobile');
  const set = (k: MobileChangeField) => (e: { target: { value: string } }) => {
    form.clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };

  function sendNew() {
    const bad = newMobileError(fields.mobile, current);
    if (bad) return void form.fail('mobile', bad);
    return sendMobileChangeCode({ target: 'new', mobile: fields.mobile.trim() });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = mobileChangeError(fields, current);
    if (problem) return form.fail(problem.field, problem.message);
    form.clear();
    setBusy(true);
    try {
      const done = await changeMobile({
        old_code: fields.oldCode.trim(),
        new_mobile: fields.mobile.trim(),
        new_code: fields.newCode.trim(),
      });
      // the mobile this browser shows (我的, /login's draft) follows the account
      local.set('mobile', done.mobile);
      setFields({ oldCode: '', mobile: '', newCode: '' });
      setRound((r) => r + 1);
      toast(`手机号已更换为 ${maskMobile(done.mobile)}${signedOut(done.revoked_sessions)}`);
      void qc.invalidateQueries({ queryKey: sessionKey });
    } catch (err) {
      const msg = messageOf(err);
      form.fail(
        /^原手机号/.test(msg) ? 'oldCode' : /^新手机号验证码/.test(msg) ? 'newCode' : /手机号/.test(msg) ? 'mobile' : undefined,
        msg,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-labelledby="security-mobile-title">
      <h2 className={styles.title} id="security-mobile-title">
        更换手机号
      </h2>
      <p className={styles.note}>需分别验证原手机号和新手机号，更换后请使用新手机号登录。</p>
      <p className={styles.step}>第一步：验证原手机号 {maskMobile(current)}</p>
      <SmsCodeFields
        key={`old-${round}`}
        form={form}
        code={{ field: 'oldCode', value: fields.oldCode, onChange: set('oldCode') }}
        send={() => sendMobileChangeCode({ target: 'old' })}
        sentText={(a) => `验证码已发送至原手机号 ${a.mobile}`}
      />
      <p className={styles.step}>第二步：验证新手机号</p>
      <SmsCodeFields
        key={`new-${round}`}
        form={form}
        mobile={{ field: 'mobile', value: fields.mobile, onChange: set('mobile'), placeholder: '请输入新手机号' }}
        code={{ field: 'newCode', value: fields.newCode, onChange: set('newCode') }}
        send={sendNew}
        sentText={(a) => `验证码已发送至新手机号 ${a.mobile}`}
      />
      {form.message()}
      <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.submit}`} disabled={busy}>
        {busy ? '提交中…' : '确认更换'}
      </button>
    </form>
  );
}

function AccountSecurityPage() {
  const cardLogin = useStored('cardLogin') ?? false;
  const session = useSession(!cardLogin);
  const s = session.data;
  return (
    <div className={styles.page}>
      <PageHeader title="账号安全" fallback="/mine" />
      {cardLogin ? (
        <AccountOnly text="当前为卡号登录：登录密码和手机号属于账号，请使用手机号或账号登录后修改" redirect="/account_security" />
      ) : session.isPending ? (
        <PageLoading />
      ) : session.isError ? (
        <LoadFailed text="账号信息加载失败" onRetry={() => session.refetch()} />
      ) : (
        <>
          <div className={styles.who}>
            <p>
              <span className={styles.label}>账号</span>
              {s!.account || '未设置（可使用手机号登录）'}
            </p>
            <p>
              <span className={styles.label}>手机号</span>
              {s!.mobile ? maskMobile(s!.mobile) : '未绑定'}
            </p>
          </div>
          <PasswordForm hasPassword={s!.has_password} />
          {s!.mobile ? <MobileForm current={s!.mobile} /> : <p className={styles.note}>该账号尚未绑定手机号，如需绑定请联系客服。</p>}
        </>
      )}
    </div>
  );
}

export default withQuery(AccountSecurityPage);
