// /qr_code_login?custom_num=…&token=… — binding the card by the QR code on a device's box
// (docs/decisions/0020). The code carries the card number and a one-time token from the operator.
// A visitor sees the card first (a used, forged or expired code is refused right here, before any
// login), then logs in with mobile + SMS code — a new customer is registered by that login — and
// the card is bound in the same step. A user already logged in with a mobile or account is bound
// at once. A card-number login is not a user: it is asked to log in with a mobile instead.
import { groupCardNumber } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { StateBlock } from '../../components/StateBlock';
import { logout } from '../../features/auth/api/logout';
import { fetchCardInfo } from '../../features/cards/api/cardInfo';
import { rememberCardInfo, switchCard } from '../../features/cards/model/currentCard';
import { bindByBoxCode, checkBoxCode, loginForBox, sendBoxLoginCode } from '../../features/shop/api/shop';
import styles from '../../features/shop/shop.module.css';
import { SmsCodeFields } from '../../features/auth/components/SmsCodeFields';
import { mobileError } from '../../features/auth/model/smsCode';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { withQuery } from '../../lib/query';
import { clearOnLogout } from '../../lib/session';
import { local } from '../../lib/storage';
import { useStored } from '../../lib/useStored';

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.kind === 'answer' ? err.message : fallback);

type Outcome = { kind: 'bound'; customNum: string; already: boolean } | { kind: 'refused'; message: string };

/** Binds under way or done, by token: the page may mount again (its session changed), never binding twice. */
const binds = new Map<string, Promise<Outcome>>();

/** Bind with the box's code as the logged-in user (once per token in this tab), then make the card the current one. */
function bindOnce(customNum: string, token: string): Promise<Outcome> {
  let p = binds.get(token);
  if (!p) {
    p = bindNow(customNum, token);
    binds.set(token, p);
  }
  return p;
}

async function bindNow(customNum: string, token: string): Promise<Outcome> {
  try {
    const a = await bindByBoxCode(customNum, token);
    switchCard(a.custom_num, local);
    await fetchCardInfo(a.custom_num)
      .then((info) => rememberCardInfo(info, local))
      .catch(() => undefined);
    return { kind: 'bound', customNum: a.custom_num, already: !a.bound };
  } catch (err) {
    return { kind: 'refused', message: messageOf(err, '绑定失败，请检查网络后重试') };
  }
}

/** The mobile login (a new mobile registers); once logged in, the page binds (one place binds, once). */
function LoginAndBind({ mark }: { mark?: string }) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<'mobile' | 'code' | 'agree'>('qr');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const badMobile = mobileError(mobile);
    if (badMobile) return form.fail('mobile', badMobile);
    if (!/^\d{6}$/.test(code.trim())) return form.fail('code', '请输入6位验证码');
    if (!agreed) return form.fail('agree', '请先阅读并同意《用户协议》和《隐私政策》');
    form.clear();
    setBusy(true);
    try {
      const answer = await loginForBox(mobile.trim(), code.trim(), mark);
      local.set('token', answer.token);
      local.set('mobile', answer.mobile);
      local.set('loginModel', 'mobile');
      local.set('cardLogin', false);
    } catch (err) {
      form.fail('code', messageOf(err, '登录失败，请稍后再试'));
      setBusy(false);
    }
  }

  return (
    <Panel title="手机号验证后自动绑定">
      <form onSubmit={submit} noValidate>
        <SmsCodeFields
          form={form}
          mobile={{
            field: 'mobile',
            value: mobile,
            onChange: (e) => {
              form.clear('mobile');
              setMobile(e.target.value);
            },
          }}
          code={{
            field: 'code',
            value: code,
            onChange: (e) => {
              form.clear('code');
              setCode(e.target.value);
            },
          }}
          send={() => sendBoxLoginCode(mobile.trim(), mark)}
          // the code goes to the mobile: a refusal (too many, a bad number) is said at the mobile
          onSendFailed={(err) => form.fail('mobile', messageOf(err, '发送失败，请稍后再试'))}
        />
        <label className={styles.agreeRow}>
          <input
            type="checkbox"
            checked={agreed}
            {...form.field('agree')}
            onChange={(e) => {
              form.clear('agree');
              setAgreed(e.target.checked);
            }}
          />
          <span>
            我已阅读并同意<Link to="/agreement">《用户协议》</Link>和<Link to="/privacy">《隐私政策》</Link>
          </span>
        </label>
        {form.at('agree')}
        {form.message()}
        <p className={styles.hint}>未注册的手机号验证后将自动注册</p>
        <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.next}`} disabled={busy}>
          {busy ? '正在绑定…' : '登录并绑定'}
        </button>
      </form>
    </Panel>
  );
}

function QrCodeLoginPage() {
  const [params] = useSearchParams();
  const customNum = (params.get('custom_num') ?? '').trim();
  const token = (params.get('token') ?? '').trim();
  const mark = params.get('mark') || local.get('mark') || undefined;
  const session = useStored('token');
  const cardLogin = useStored('cardLogin') === true;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const started = useRef(false);
  const userSession = Boolean(session) && !cardLogin;
  const wellFormed = /^\d{6,20}$/.test(customNum) && /^[A-Za-z0-9_-]{32}$/.test(token);

  // A visitor (or a card-number login) learns first whether the code is still good.
  const check = useQuery({
    queryKey: ['qr', 'check', customNum, token],
    queryFn: () => checkBoxCode(customNum, token),
    enabled: wellFormed && !userSession && outcome === null,
    retry: false,
    staleTime: Infinity,
  });

  // A logged-in user is bound at once (once per page view).
  useEffect(() => {
    if (!wellFormed || !userSession || started.current || outcome) return;
    started.current = true;
    void bindOnce(customNum, token).then(setOutcome);
  }, [wellFormed, userSession, outcome, customNum, token]);

  async function switchToMobile() {
    await logout().catch(() => undefined);
    clearOnLogout();
  }

  let body;
  if (!wellFormed)
    body = (
      <StateBlock
        kind="error"
        text="绑定二维码无效，请核对包装盒上的二维码或联系客服"
        action={<Link to="/customer?form=qr_code_login">联系客服</Link>}
      />
    );
  else if (outcome?.kind === 'bound')
    body = (
      <>
        <div className={styles.result} data-testid="qr-bound">
          <h1 className={styles.resultTitle}>{outcome.already ? '该卡已在您的账号下' : '绑定成功'}</h1>
          <p className={styles.cardNum}>{groupCardNumber(outcome.customNum)}</p>
          <p className={styles.resultText}>已设为当前卡片，可查看流量、订购套餐</p>
        </div>
        <div className={styles.actions}>
          <Link className="app-btn app-btn--ghost" to="/card_list">
            卡片管理
          </Link>
          <Link className="app-btn app-btn--primary" to="/">
            进入首页
          </Link>
        </div>
      </>
    );
  else if (outcome?.kind === 'refused')
    body = <StateBlock kind="error" text={outcome.message} action={<Link to="/customer?form=qr_code_login">联系客服</Link>} />;
  else if (userSession) body = <PageLoading />;
  else if (check.isPending) body = <PageLoading />;
  else if (check.isError)
    body = (
      <StateBlock
        kind="error"
        text={messageOf(check.error, '二维码校验失败，请检查网络后重试')}
        action={
          check.error instanceof ApiError && check.error.kind !== 'answer' ? (
            <button type="button" className="app-btn app-btn--ghost" onClick={() => check.refetch()}>
              重试
            </button>
          ) : (
            <Link to="/customer?form=qr_code_login">联系客服</Link>
          )
        }
      />
    );
  else
    body = (
      <>
        <div className={styles.result}>
          <p className={styles.resultText}>扫码绑定卡片</p>
          <p className={styles.cardNum} data-testid="qr-card">
            {groupCardNumber(check.data.custom_num)}
          </p>
          <p className={styles.resultText}>验证手机号后，这张卡将绑定到您的账号</p>
        </div>
        {cardLogin ? (
          <Panel title="当前为卡号登录">
            <p className={styles.hint}>卡号登录不能绑定卡片，请改用手机号登录后绑定。</p>
            <button type="button" className={`app-btn app-btn--primary app-btn--block ${styles.next}`} onClick={switchToMobile}>
              改用手机号登录
            </button>
          </Panel>
        ) : (
          <LoginAndBind mark={mark} />
        )}
      </>
    );

  return (
    <div className={styles.page}>
      <PageHeader title="扫码绑卡" fallback="/" />
      {body}
    </div>
  );
}

export default withQuery(QrCodeLoginPage);
