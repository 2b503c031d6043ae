// /bind_user — 新用户注册 (open without login): mobile proven by an SMS code, a password, an
// optional card to bind at once, and the invite code of the link it came from (shown with the
// inviter). Registered users are logged in: with a card they land on home, without one on /bind_card.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { DEFAULT_AGENT_MARK } from '@portal/contract/enums';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { NewPasswordFields } from '../../features/auth/components/NewPasswordFields';
import { SmsCodeFields } from '../../features/auth/components/SmsCodeFields';
import { markFromQuery } from '../../features/branding/model/mark';
import { registerUser, sendRegisterSmsCode, useInviteCheck } from '../../features/invites/api/invites';
import { inviteFromQuery } from '../../features/invites/model/links';
import { EMPTY_REGISTER_FORM, registerFormError, type RegisterField, type RegisterFields } from '../../features/invites/model/registerForm';
import styles from '../../features/membership/membership.module.css';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';
import { openCard } from './afterLogin';
import { Field } from '../../components/Field';

function BindUserPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const stored = useStored('mark');
  const mark = markFromQuery(search) ?? (stored || DEFAULT_AGENT_MARK);
  const invite = inviteFromQuery(search);
  const inviter = useInviteCheck(invite, mark);
  const [fields, setFields] = useState<RegisterFields>(EMPTY_REGISTER_FORM);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<RegisterField>('register');
  const set = (k: Exclude<RegisterField, 'agreed'>) => (e: { target: { value: string } }) => {
    form.clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };
  const validInvite = inviter.data?.valid ? invite : '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const error = registerFormError(fields);
    if (error) return form.fail(error.field, error.message);
    form.clear();
    setBusy(true);
    try {
      const card = fields.custom_num.trim();
      const answer = await registerUser({
        mark,
        mobile: fields.mobile.trim(),
        code: fields.code.trim(),
        password: fields.password,
        password_again: fields.password_again,
        custom_num: card,
        ...(card && fields.card_password ? { card_password: fields.card_password } : {}),
        invite_code: validInvite,
        agreed: true,
      });
      local.set('token', answer.token);
      local.set('mobile', answer.mobile);
      local.set('loginModel', 'mobile');
      local.set('cardLogin', false);
      if (!answer.custom_num) {
        toast(card ? '注册成功，卡片未能绑定，请重新绑定' : '注册成功，请绑定您的卡片');
        navigate('/bind_card', { replace: true });
        return;
      }
      await openCard(answer.custom_num);
      toast('注册成功');
      navigate('/', { replace: true });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : '注册失败，请稍后再试';
      const field: RegisterField | undefined =
        err instanceof ApiError && /卡密码/.test(message)
          ? 'card_password'
          : err instanceof ApiError && /卡/.test(message)
            ? 'custom_num'
            : err instanceof ApiError && /验证码/.test(message)
              ? 'code'
              : undefined;
      form.fail(field, message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title="新用户注册" fallback="/login" />
      {invite && inviter.data && (
        <section className={`${styles.hero} ${styles.heroInvite}`} aria-label="邀请">
          {inviter.data.valid ? (
            <p className={styles.heroTitle}>您的好友 {inviter.data.inviter} 邀请您注册</p>
          ) : (
            <p className={styles.heroText}>邀请链接无效（{inviter.data.reason}），您仍可直接注册</p>
          )}
        </section>
      )}
      <Panel title="填写注册信息">
        <form onSubmit={submit} noValidate>
          <SmsCodeFields
            form={form}
            mobile={{ field: 'mobile', value: fields.mobile, onChange: set('mobile') }}
            code={{ field: 'code', value: fields.code, onChange: set('code') }}
            send={() => sendRegisterSmsCode(fields.mobile.trim(), mark)}
          />
          <NewPasswordFields
            form={form}
            kind="account"
            label="设置密码"
            password={{ field: 'password', name: 'password', value: fields.password, onChange: set('password') }}
            confirm={{ field: 'password_again', name: 'password_again', value: fields.password_again, onChange: set('password_again') }}
          />
          <p className={styles.optional}>同时绑定卡片（选填）</p>
          <Field
            label="卡号"
            form={form}
            field="custom_num"
            name="custom_num"
            inputMode="numeric"
            maxLength={20}
            placeholder="卡片背面的卡号，可稍后绑定"
            value={fields.custom_num}
            onChange={set('custom_num')}
          />
          {fields.custom_num.trim() && (
            <>
              <Field
                label="卡密码"
                form={form}
                field="card_password"
                type="password"
                name="card_password"
                inputMode="numeric"
                maxLength={6}
                placeholder="绑卡时填写，印在卡托上"
                value={fields.card_password}
                onChange={set('card_password')}
              />
            </>
          )}
          {validInvite && (
            <p className={styles.optional}>
              邀请码：<span data-testid="invite-code">{validInvite}</span>
            </p>
          )}
          <label className={styles.agree}>
            <input
              type="checkbox"
              {...form.field('agreed')}
              checked={fields.agreed}
              onChange={(e) => {
                form.clear('agreed');
                setFields((f) => ({ ...f, agreed: e.target.checked }));
              }}
            />
            <span>
              我已阅读并同意<Link to="/agreement">《用户协议》</Link>和<Link to="/privacy">《隐私政策》</Link>
            </span>
          </label>
          {form.at('agreed')}
          {form.message()}
          <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.submit}`} disabled={busy}>
            {busy ? '注册中…' : '注册'}
          </button>
        </form>
      </Panel>
      <div className={styles.actions}>
        <Link className="app-btn app-btn--ghost app-btn--block" to="/login">
          已有账号，去登录
        </Link>
      </div>
    </div>
  );
}

export default withQuery(BindUserPage);
