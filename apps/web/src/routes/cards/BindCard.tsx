// /bind_card — bind a card by number, typed or scanned off the card's holder; it becomes the
// current card. Binding proves holding the card with its card password (decision 0028: every
// card has one, printed on its carrier); the bind check names the proof, and only a card already
// the user's needs none.
import { Code } from '@portal/contract/codes';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { Field } from '../../components/Field';
import { useBindCard } from '../../features/cards/api/bindCard';
import { checkBind } from '../../features/cards/api/bindCheck';
import { CardScanner, ScanButton } from '../../features/cards/components/CardScanner';
import { bindErrorField, bindFormError, bindNumberError, type BindField, type PasswordNeed } from '../../features/cards/model/bindCardForm';
import { forgotPathAfter } from '../../features/cards/model/cardPasswordForm';
import { switchCard } from '../../features/cards/model/currentCard';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';
import styles from './BindCard.module.css';

/** the bind check's answer; 'refused' when the server refused the number (the field says why);
 *  undefined when there was no answer (the password stays optional, the bind will tell) */
type CheckResult = Checked | 'refused' | undefined;

interface Checked {
  /** the number as typed or scanned */
  asked: string;
  need: PasswordNeed;
  alreadyBound: boolean;
  /** what the server says about the proof it asks for */
  hint?: string;
  /** the card number an ICCID resolved to */
  resolved?: string;
}

function BindCardPage() {
  const navigate = useNavigate();
  const cardLogin = useStored('cardLogin') ?? false;
  const bind = useBindCard();
  const form = useFormErrors<BindField>('bind');
  const [customNum, setCustomNum] = useState('');
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState<Checked>();
  const [scanning, setScanning] = useState(false);
  // after a lock: the holder's way past it, the code to the card's mobile (docs/decisions/0058)
  const [forgot, setForgot] = useState<string>();
  const pending = useRef<{ asked: string; run: Promise<CheckResult> }>(undefined);
  const num = customNum.trim();
  const known = checked && (checked.asked === num || checked.resolved === num) ? checked : undefined;
  // every card asks for its password unless the check said it is the user's already
  const need: PasswordNeed = known?.need ?? 'needed';

  const refused = (err: unknown) => {
    setForgot(err instanceof ApiError ? forgotPathAfter(err.code, customNum) : undefined);
    form.fail(
      err instanceof ApiError ? bindErrorField(err.code) : undefined,
      err instanceof ApiError ? err.message : '绑定失败，请稍后再试',
    );
  };

  /** Asks the server about the number (once per number); marks the field when it refuses. */
  function check(value: string): Promise<CheckResult> {
    const v = value.trim();
    if (bindNumberError(v)) return Promise.resolve(undefined);
    if (known && known.asked === v) return Promise.resolve(known);
    if (pending.current?.asked === v) return pending.current.run;
    const run: Promise<CheckResult> = checkBind(v).then(
      (a) => {
        const result: Checked = {
          asked: v,
          need: a.already_bound || !a.needs_password ? 'none' : 'needed',
          alreadyBound: a.already_bound,
          hint: a.hint,
          resolved: a.custom_num !== v ? a.custom_num : undefined,
        };
        setChecked(result);
        // an ICCID names the card: show the card number that will be bound
        if (result.resolved) setCustomNum(result.resolved);
        return result;
      },
      (err: unknown) => {
        // a refusal belongs to the number; no answer at all leaves the password optional
        if (err instanceof ApiError && err.kind === 'answer') {
          refused(err);
          return 'refused';
        }
        return undefined;
      },
    );
    pending.current = { asked: v, run };
    return run;
  }

  function scanned(value: string) {
    setScanning(false);
    form.clear();
    setCustomNum(value);
    setPassword('');
    void check(value);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (bind.isPending) return;
    const numError = bindNumberError(customNum);
    if (numError) return form.fail('customNum', numError);
    const result = known ?? (await check(customNum));
    if (result === 'refused') return;
    const answer = result;
    const error = bindFormError(customNum, password, answer?.need ?? 'unknown');
    if (error) return form.fail(error.field, error.message);
    form.clear();
    try {
      const bound = await bind.mutateAsync({ customNum: answer?.resolved ?? num, password: answer?.need === 'none' ? '' : password });
      switchCard(bound.card.custom_num, local);
      toast(bound.already_bound ? '该卡已在您的账号下，已设为当前卡片' : '绑定成功');
      navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === Code.CARD_PASSWORD_REQUIRED)
        setChecked({ asked: num, need: 'needed', alreadyBound: false });
      refused(err);
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title="绑定卡片" />
      <div className={styles.intro}>
        <svg viewBox="0 0 64 64" aria-hidden="true" className={styles.art}>
          <rect x="14" y="6" width="36" height="52" rx="7" fill="#fff" />
          <rect x="21" y="28" width="22" height="18" rx="3.5" fill="#127EFF" />
          <path d="M28 28v18M36 28v18M21 37h22" stroke="#fff" strokeWidth="1.6" />
          <path d="M21 16h14" stroke="#b9d6ff" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <div>
          <p className={styles.introTitle}>添加一张流量卡</p>
          <p className={styles.introText}>卡号印在卡片背面或卡托上，也可点“扫码”扫描卡托上的条码或二维码</p>
        </div>
      </div>

      {cardLogin ? (
        <p className={styles.blocked}>卡号登录不能绑定卡片，请退出后使用手机号或账号登录再绑定。</p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <Field
            label="卡号"
            form={form}
            field="customNum"
            end={<ScanButton onClick={() => setScanning(true)} />}
            name="custom_num"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            placeholder="请输入卡号或ICCID"
            value={customNum}
            onChange={(e) => {
              form.clear('customNum');
              setCustomNum(e.target.value);
            }}
            onBlur={() => void check(customNum)}
          />

          {need === 'none' ? (
            <p className={styles.note} data-testid="password-note">
              {known?.alreadyBound ? '该卡已在您的账号下，确认后将设为当前卡片' : '该卡无需填写卡密码'}
            </p>
          ) : (
            <>
              <Field
                label="卡密码"
                form={form}
                field="password"
                name="card_password"
                aria-required={need === 'needed'}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={6}
                placeholder="4-6位数字卡密码"
                value={password}
                onChange={(e) => {
                  form.clear('password');
                  setPassword(e.target.value);
                }}
              />
              {forgot && form.errors.password && (
                <Link to={forgot} className={styles.forgot} data-testid="forgot-card-password">
                  忘记卡密码？用该卡手机号收到的验证码重设
                </Link>
              )}
              {!form.errors.password && (
                <p className={styles.note} data-testid="password-note">
                  {known?.hint || '请输入卡密码（6位数字，印在卡片包装或卡托上；遗失请联系客服）'}
                </p>
              )}
            </>
          )}

          {form.message()}
          <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.submit}`} disabled={bind.isPending}>
            {bind.isPending ? '绑定中…' : '确认绑定'}
          </button>
        </form>
      )}
      {scanning && <CardScanner onResult={scanned} onClose={() => setScanning(false)} />}
    </div>
  );
}

export default withQuery(BindCardPage);
