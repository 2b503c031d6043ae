// /login — three login models as tabs (docs/spec/portal-spec.md §1 and 2). Deliberately free of antd-mobile
// and TanStack Query: it is the first page most visitors load (docs/decisions/0025-first-load.md). Its
// markup is also rendered at build time (apps/web/build/prerender.ts): it must render the same
// without a browser (no storage or window read during render beyond what lib/storage guards).
import type { LoginModel } from '@portal/contract';
import { LOGIN_MODELS } from '@portal/contract/enums';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { login } from '../../features/auth/api/login';
import { sendLoginSmsCode } from '../../features/auth/api/sendSmsCode';
import { SmsCodeFields } from '../../features/auth/components/SmsCodeFields';
import { dropDraft, readDraft, saveDraft } from '../../features/auth/model/loginDraft';
import {
  buildLoginRequest,
  EMPTY_LOGIN_FIELDS,
  LOGIN_TABS,
  loginErrorField,
  type LoginField,
  type LoginFields,
} from '../../features/auth/model/loginForm';
import { useBrand } from '../../features/branding/model/brandingStore';
import { markFromQuery } from '../../features/branding/model/mark';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import styles from './Login.module.css';
import { Field } from '../../components/Field';

/** Ways on for a visitor who has no login yet, or came for something else (plain links: no code of theirs here). */
const MORE = [
  ['/bind_user', '新用户注册'],
  ['/quick_payment', '快捷充值'],
  ['/card_check', '智能检测'],
] as const;

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const brand = useBrand();
  const mark = markFromQuery(params.toString()) ?? local.get('mark');
  // what was typed before reading 用户协议 or 隐私政策 (features/auth/model/loginDraft.ts)
  const [draft] = useState(() => readDraft(mark ?? '', Date.now()));
  const queryModel = LOGIN_MODELS.find((m) => m === params.get('login_model'));
  const [model, setModel] = useState<LoginModel>(queryModel ?? draft?.model ?? local.get('loginModel') ?? 'mobile');
  const [fields, setFields] = useState<LoginFields>(draft?.fields ?? EMPTY_LOGIN_FIELDS);
  const [agreed, setAgreed] = useState(draft?.agreed ?? false);
  const [resendAt, setResendAt] = useState(draft?.resendAt ?? 0);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<LoginField>('login');

  const tabs = LOGIN_TABS.filter((t) => t.model !== 'customNum' || brand.cardLogin);
  const activeModel = tabs.some((t) => t.model === model) ? model : 'mobile';
  useEffect(() => saveDraft({ model, fields, agreed, resendAt }, mark ?? '', Date.now()), [model, fields, agreed, resendAt, mark]);
  const set = (k: keyof LoginFields) => (e: { target: { value: string } }) => {
    form.clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };
  // A refusal stays on the page: under the field it concerns, else in the form's message area.
  const refused = (err: unknown) =>
    form.fail(
      err instanceof ApiError ? loginErrorField(activeModel, err.code) : undefined,
      err instanceof ApiError ? err.message : '登录失败，请稍后再试',
    );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const built = buildLoginRequest(activeModel, fields, mark);
    if (!built.ok) return form.fail(built.field, built.error);
    if (!agreed) return form.fail('agree', '请先阅读并同意《用户协议》和《隐私政策》');
    form.clear();
    setBusy(true);
    // what a successful login needs next, fetched beside the request (not on the first load)
    const afterLogin = import('./afterLogin');
    try {
      const answer = await login(built.request);
      dropDraft();
      local.set('token', answer.token);
      local.set('mobile', answer.mobile);
      local.set('loginModel', activeModel);
      local.set('cardLogin', activeModel === 'customNum');
      const { currentCardAfterLogin, landingAfterLogin, openCard } = await afterLogin;
      const card = await currentCardAfterLogin(answer.custom_num);
      if (!card) {
        navigate('/bind_card', { replace: true });
        return;
      }
      await openCard(card);
      toast('登录成功');
      navigate(landingAfterLogin(params.get('redirect')), { replace: true });
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <div className={styles.logo} aria-hidden="true">
          {/* the agent's own logo when it has one (its mark's branding); else the portal's SIM mark, drawn
              by the stylesheet (Login.module.css: bytes of CSS, not of the first load's script). Its box
              has a fixed size: no layout shift, and no bytes spent on attributes */}
          {brand.logo && <img src={brand.logo} alt="" />}
        </div>
        <h1 className={styles.title}>{brand.appName}</h1>
        <p className={styles.subtitle}>流量查询 · 卡片管理 · 在线客服</p>
      </header>

      <section className={styles.panel}>
        <div className={styles.tabs} role="tablist" aria-label="登录方式">
          {tabs.map((t) => (
            <button
              key={t.model}
              type="button"
              role="tab"
              aria-selected={activeModel === t.model}
              className={activeModel === t.model ? `${styles.tab} ${styles.tabActive}` : styles.tab}
              onClick={() => {
                form.clear();
                setModel(t.model);
              }}
            >
              {t.label}登录
            </button>
          ))}
        </div>

        <form className={styles.form} onSubmit={submit} noValidate>
          {activeModel === 'mobile' && (
            <SmsCodeFields
              form={form}
              quietLabels
              mobile={{ field: 'mobile', value: fields.mobile, onChange: set('mobile') }}
              code={{ field: 'code', value: fields.code, onChange: set('code') }}
              send={() => sendLoginSmsCode(fields.mobile.trim(), mark)}
              onSendFailed={refused}
              resendAt={resendAt}
              onSent={setResendAt}
            />
          )}
          {activeModel === 'account' && (
            <>
              <Field
                label="账号"
                quietLabel
                form={form}
                field="account"
                name="account"
                autoComplete="username"
                autoCapitalize="off"
                maxLength={64}
                placeholder="请输入账号"
                value={fields.account}
                onChange={set('account')}
              />
              <Field
                label="密码"
                quietLabel
                form={form}
                field="password"
                name="password"
                type="password"
                autoComplete="current-password"
                maxLength={128}
                placeholder="请输入密码"
                value={fields.password}
                onChange={set('password')}
              />
            </>
          )}
          {activeModel === 'customNum' && (
            <>
              <Field
                label="卡号"
                quietLabel
                form={form}
                field="customNum"
                name="custom_num"
                inputMode="numeric"
                autoComplete="username"
                maxLength={20}
                placeholder="请输入卡号"
                value={fields.customNum}
                onChange={set('customNum')}
              />
              <Field
                label="卡密码"
                quietLabel
                form={form}
                field="cardPassword"
                name="card_password"
                type="password"
                inputMode="numeric"
                autoComplete="current-password"
                maxLength={6}
                placeholder="请输入4-6位数字卡密码"
                value={fields.cardPassword}
                onChange={set('cardPassword')}
              />
            </>
          )}
          {activeModel !== 'mobile' && (
            <div className={styles.row}>
              <Link to={activeModel === 'account' ? '/forgot_password' : '/forgot'} className={styles.link}>
                {activeModel === 'account' ? '忘记密码？' : '忘记卡密码？'}
              </Link>
            </div>
          )}

          {form.message()}
          <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.submit}`} disabled={busy}>
            {busy ? '登录中…' : '登录'}
          </button>

          <label className={styles.agree}>
            <input
              type="checkbox"
              className={styles.check}
              checked={agreed}
              {...form.field('agree')}
              onChange={(e) => {
                form.clear('agree');
                setAgreed(e.target.checked);
              }}
            />
            <span>
              我已阅读并同意
              <Link to="/agreement">《用户协议》</Link>和<Link to="/privacy">《隐私政策》</Link>
            </span>
          </label>
          {form.at('agree')}
        </form>
      </section>

      <nav className={styles.more} aria-label="更多服务">
        {MORE.map(([to, label]) => (
          <Link key={to} to={to}>
            {label}
          </Link>
        ))}
      </nav>

      {brand.company && <footer className={styles.footer}>{brand.company}</footer>}
    </div>
  );
}
