// /first_recharge — the agent's first-recharge offer, while the card has never recharged.
import type { QuoteRequest } from '@portal/contract';
import { formatYuan, groupCardNumber } from '@portal/domain';
import { useMemo } from 'react';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useRechargeOptions } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import ownStyles from './FirstRecharge.module.css';
import { Checkout } from '../../features/commerce/components/Checkout';
import { flowLabel, periodLabel } from '../../features/commerce/model/labels';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function FirstRechargePage() {
  const customNum = useStored('customNum');
  const options = useRechargeOptions(customNum);
  const offer = options.data?.first_recharge ?? null;
  const request = useMemo<QuoteRequest | null>(
    () => (customNum && offer ? { custom_num: customNum, goods_type: 'recharge', amount: offer.amount } : null),
    [customNum, offer],
  );

  return (
    <div className={styles.page}>
      <PageHeader title="首充优惠" fallback="/recharge" />
      {options.isPending ? (
        <PageLoading />
      ) : options.isError ? (
        <LoadFailed text="首充信息加载失败" onRetry={() => options.refetch()} />
      ) : !offer ? (
        <StateBlock
          kind="empty"
          text="该卡已参加过首充优惠，或暂无首充活动"
          action={
            <Link className="app-btn app-btn--primary" to="/recharge" replace>
              去充值
            </Link>
          }
        />
      ) : (
        <>
          <section className={`${styles.section} ${styles.offerHero}`}>
            <p className={ownStyles.offerBadge}>首充专享</p>
            <h2 className={ownStyles.offerTitle}>{offer.title}</h2>
            <p className={ownStyles.offerAmount}>
              充 <strong>¥{formatYuan(offer.amount)}</strong>
              {offer.bonus_amount ? (
                <>
                  {' '}
                  送 <strong>¥{formatYuan(offer.bonus_amount)}</strong>
                </>
              ) : null}
            </p>
            <p className={styles.meta}>{offer.description}</p>
            {offer.package ? (
              <p className={styles.meta}>
                赠送套餐：{offer.package.name}（{flowLabel(offer.package.flow_mb)} ·{' '}
                {periodLabel(offer.package.period, offer.package.period_count)}）
              </p>
            ) : null}
            <p className={styles.meta}>
              卡号 {groupCardNumber(customNum ?? '')} · 当前余额 ¥{formatYuan(options.data.balance)}
            </p>
          </section>
          <Checkout request={request} payLabel="立即充值" />
        </>
      )}
    </div>
  );
}

export default withQuery(FirstRechargePage);
