// /bind_card — bind a card by number (plus its card password when it has one); it becomes the
// current card.
import { Code } from '@portal/contract/codes';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { useBindCard } from '../../features/cards/api/bindCard';
import { switchCard } from '../../features/cards/model/currentCard';
import { ApiError } from '../../lib/api';
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';
import styles from './BindCard.module.css';

function BindCardPage() {
  const navigate = useNavigate();
  const cardLogin = useStored('cardLogin') ?? false;
  const bind = useBindCard();
  const [customNum, setCustomNum] = useState('');
  const [password, setPassword] = useState('');
  const [needsPassword, setNeedsPassword] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const numError = check(customNum, MESSAGE.cardNumEmpty, PATTERN.cardNum, MESSAGE.cardNum);
    if (numError) return toast(numError);
    if (password && !PATTERN.cardPassword.test(password)) return toast(MESSAGE.cardPassword);
    if (needsPassword && !password) return toast(MESSAGE.cardPasswordEmpty);
    try {
      const answer = await bind.mutateAsync({ customNum: customNum.trim(), password });
      switchCard(answer.card.custom_num, local);
      toast(answer.already_bound ? '该卡已在您的账号下，已设为当前卡片' : '绑定成功');
      navigate('/', { replace: true });
    } catch (err) {
      // The message was shown by the API client; a card with a password asks for it.
      if (err instanceof ApiError && err.code === Code.CARD_PASSWORD_REQUIRED) {
        setNeedsPassword(true);
        passwordRef.current?.focus();
      }
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
          <p className={styles.introText}>卡号印在卡片背面或包装上；绑定后可查询余额和流量</p>
        </div>
      </div>

      {cardLogin ? (
        <p className={styles.blocked}>卡号登录不能绑定卡片，请退出后使用手机号或账号登录再绑定。</p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <label className="app-field">
            <span className="app-field__label">卡号</span>
            <input
              className="app-field__input"
              name="custom_num"
              inputMode="numeric"
              maxLength={20}
              placeholder="请输入卡号"
              value={customNum}
              onChange={(e) => setCustomNum(e.target.value)}
            />
          </label>
          <label className="app-field">
            <span className="app-field__label">卡密码</span>
            <input
              ref={passwordRef}
              className="app-field__input"
              name="card_password"
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              placeholder={needsPassword ? '请输入4-6位数字卡密码' : '卡片设有密码时填写'}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.submit}`} disabled={bind.isPending}>
            {bind.isPending ? '绑定中…' : '确认绑定'}
          </button>
        </form>
      )}
    </div>
  );
}

export default withQuery(BindCardPage);
