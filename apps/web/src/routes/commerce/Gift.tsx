// /gift — 礼品查询: what the current card has been given (bonus balance from the first recharge or
// the agent, vouchers from promotions and coupon packages), its state and where it came from.
import { useState } from 'react';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useGifts } from '../../features/gifts/api/gifts';
import { GIFT_STATE_LABEL, GIFT_TABS, giftDate, giftsOfTab, giftValue, type GiftTab } from '../../features/gifts/model/giftView';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';
import styles from '../../features/gifts/gifts.module.css';

function GiftPage() {
  const customNum = useStored('customNum');
  const gifts = useGifts(customNum);
  const [tab, setTab] = useState<GiftTab>('all');
  const list = gifts.data ? giftsOfTab(gifts.data.list, tab) : [];

  return (
    <div className={styles.page}>
      <PageHeader title="礼品查询" fallback="/mine" />
      {gifts.isPending ? (
        <PageLoading />
      ) : gifts.isError ? (
        <LoadFailed text="礼品加载失败" onRetry={() => gifts.refetch()} />
      ) : gifts.data.list.length === 0 ? (
        <StateBlock
          kind="empty"
          text="该卡暂未收到礼品。首次余额充值可获赠送余额，参与活动或购买券包可获得优惠券。"
          action={
            <div className={styles.links} style={{ justifyContent: 'center' }}>
              <Link className={`${styles.link} ${styles.linkPrimary}`} to="/first_recharge">
                首充优惠
              </Link>
              <Link className={styles.link} to="/coupon_package">
                购买券包
              </Link>
            </div>
          }
        />
      ) : (
        <>
          <div className={styles.tabs} role="tablist" aria-label="礼品状态">
            {GIFT_TABS.map((t) => (
              <button
                key={t.key}
                type="button"
                role="tab"
                aria-selected={tab === t.key}
                className={styles.tab}
                onClick={() => setTab(t.key)}
              >
                {t.label}
              </button>
            ))}
          </div>
          {list.length === 0 ? (
            <p className={styles.muted} style={{ margin: 'calc(24 * var(--px)) 0', textAlign: 'center' }}>
              暂无{GIFT_TABS.find((t) => t.key === tab)?.label}的礼品
            </p>
          ) : (
            <ul className={styles.gifts} aria-label="礼品列表">
              {list.map((g) => (
                <li key={g.key} className={styles.gift} data-state={g.state}>
                  <div className={styles.giftValue}>
                    <strong>{giftValue(g)}</strong>
                    <span>{g.kind === 'balance' ? '余额' : '优惠券'}</span>
                  </div>
                  <div className={styles.giftBody}>
                    <div className={styles.giftHead}>
                      <span className={styles.giftTitle}>{g.title}</span>
                      <span className={styles.state} data-state={g.state}>
                        {GIFT_STATE_LABEL[g.state]}
                      </span>
                    </div>
                    <p className={styles.giftLine}>来源：{g.source}</p>
                    {g.detail && <p className={styles.giftLine}>{g.detail}</p>}
                    <p className={styles.giftLine}>
                      {g.state === 'pending' ? '下单' : '发放'}时间：{giftDate(g.at)}
                      {g.expires_at && ` · 有效期至 ${giftDate(g.expires_at)}`}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className={styles.actions}>
            <Link className="app-btn app-btn--ghost app-btn--block" to="/coupons">
              我的优惠券
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

export default withQuery(GiftPage);
