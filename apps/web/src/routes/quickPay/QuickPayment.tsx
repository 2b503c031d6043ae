// /quick_payment — pay for a card without logging in: first check the card number. Anyone with
// the number may buy a package for that card or top up its balance (/quick_recharge); the goods
// and the money only ever go to the card.
import type { QuickCardCheck } from '@portal/contract';
import { CARD_STATE_LABEL, CardState } from '@portal/contract/enums';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { quickCardCheck } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';
import { withQuery } from '../../lib/query';
import { typedDigits } from '../../lib/typedDigits';

/** What buying does for a card that is stopped or out of data (the line's read model). */
const NEED_TEXT = {
  refuel: '当前套餐的流量已用完：订购加油包，支付后立即恢复上网',
  package: '订购立即生效的套餐，支付后即可上网',
} as const;

/**
 * A card quick payment cannot sell a package to, with the way on: a cancelled card goes to support
 * (nothing bought could be used); anything else the server names (real-name first …) is done after
 * the card login.
 */
function WayOn({ card }: { card: QuickCardCheck }) {
  const cancelled = card.state === CardState.Cancelled;
  return (
    <div data-testid="quick-way-on">
      <p className={styles.notice} role="alert">
        {card.reason ?? '该卡暂不能购买套餐'}
      </p>
      {cancelled ? (
        <Link className="app-btn app-btn--primary app-btn--block" style={{ marginTop: 14 }} to="/customer?form=quick_payment">
          联系客服
        </Link>
      ) : (
        <Link className="app-btn app-btn--primary app-btn--block" style={{ marginTop: 14 }} to="/login?login_model=customNum&redirect=%2F">
          用卡号登录办理
        </Link>
      )}
    </div>
  );
}

function QuickPaymentPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [customNum, setCustomNum] = useState(params.get('custom_num') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [card, setCard] = useState<QuickCardCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const toRecharge = (c: QuickCardCheck) => navigate(`/quick_recharge?custom_num=${encodeURIComponent(c.custom_num)}`);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = check(customNum, MESSAGE.cardNumEmpty, PATTERN.cardNum, MESSAGE.cardNum);
    setError(problem ?? null);
    setCard(null);
    if (problem) return;
    setBusy(true);
    try {
      setCard(await quickCardCheck(customNum.trim()));
    } catch {
      // the API client showed why (unknown card, too many attempts)
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <PageHeader title="快捷充值" fallback="/login" />
      <section className={`${styles.section} ${styles.hero}`}>
        <h2 className={styles.name}>免登录为流量卡订购套餐、充值余额</h2>
        <p className={styles.meta}>输入卡号即可办理，套餐和充值金额只会充入该卡</p>
      </section>
      <form className={styles.section} onSubmit={submit} noValidate>
        <label className={styles.sectionTitle} htmlFor="quick-card">
          卡号
        </label>
        <input
          id="quick-card"
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          placeholder="请输入卡号"
          value={customNum}
          onChange={(e) => {
            setCustomNum(typedDigits(e.currentTarget));
            setCard(null);
          }}
          aria-invalid={Boolean(error)}
        />
        {error ? (
          <p className={styles.fieldError} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="app-btn app-btn--primary app-btn--block" style={{ marginTop: 14 }} disabled={busy}>
          {busy ? '查询中…' : '查询卡片'}
        </button>
      </form>
      {card ? (
        <section className={styles.section} aria-label="卡片信息" data-testid="quick-card">
          {[
            ['卡号', card.custom_num],
            ['ICCID', card.masked_iccid],
            ['卡状态', CARD_STATE_LABEL[card.state] ?? '-'],
            ['归属', card.agent_name || '-'],
          ].map(([k, v]) => (
            <p key={k} className={styles.sum}>
              <span>{k}</span>
              <span className={styles.sumValue}>{v}</span>
            </p>
          ))}
          {card.problem_title ? (
            <p className={styles.sum} data-testid="quick-problem">
              <span>当前问题</span>
              <span className={styles.sumValue}>{card.problem_title}</span>
            </p>
          ) : null}
          {card.can_buy && card.needs === 'recharge' ? (
            // in arrears: a top-up puts the line back in service (the line's read model says so)
            <>
              <p className={styles.notice} role="alert">
                该卡欠费停机：充值余额后即可恢复
              </p>
              <button
                type="button"
                className="app-btn app-btn--primary app-btn--block"
                style={{ marginTop: 14 }}
                onClick={() => toRecharge(card)}
              >
                充值余额
              </button>
            </>
          ) : card.can_buy ? (
            <>
              {card.needs && card.needs !== 'recharge' ? <p className={styles.reason}>{NEED_TEXT[card.needs]}</p> : null}
              <button
                type="button"
                className="app-btn app-btn--primary app-btn--block"
                style={{ marginTop: 14 }}
                onClick={() => navigate(`/quick_select_package?custom_num=${encodeURIComponent(card.custom_num)}`)}
              >
                {card.needs === 'refuel' ? '选择加油包' : '选择套餐'}
              </button>
              <button
                type="button"
                className="app-btn app-btn--ghost app-btn--block"
                style={{ marginTop: 10 }}
                onClick={() => toRecharge(card)}
              >
                充值余额
              </button>
            </>
          ) : (
            <WayOn card={card} />
          )}
        </section>
      ) : null}
      <p className={styles.cardLine} style={{ textAlign: 'center' }}>
        已有账号？<Link to="/login">登录</Link>后可使用余额和优惠券包
      </p>
    </div>
  );
}

export default withQuery(QuickPaymentPage);
