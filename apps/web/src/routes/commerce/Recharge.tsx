// /recharge — top up the card's balance: a preset amount or a whole amount from 1 to 5000.
import type { QuoteRequest } from '@portal/contract';
import { formatYuan, groupCardNumber } from '@portal/domain';
import { useMemo } from 'react';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed } from '../../components/StateBlock';
import { useRechargeOptions } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { Checkout } from '../../features/commerce/components/Checkout';
import { RechargeAmount, RechargeOffer, useRechargeAmount } from '../../features/commerce/components/RechargeAmount';
import { useStored } from '../../lib/useStored';
import { withQuery } from '../../lib/query';

function RechargePage() {
  const customNum = useStored('customNum');
  const options = useRechargeOptions(customNum);
  const recharge = useRechargeAmount(options.data);
  const amount = recharge.amount;
  const request = useMemo<QuoteRequest | null>(
    () => (customNum && amount ? { custom_num: customNum, goods_type: 'recharge', amount } : null),
    [customNum, amount],
  );

  return (
    <div className={styles.page}>
      <PageHeader
        title="余额充值"
        right={
          <Link className={styles.headerLink} to="/recharge_coupon">
            余额明细
          </Link>
        }
      />
      {options.isPending ? (
        <PageLoading />
      ) : options.isError ? (
        <LoadFailed text="充值信息加载失败" onRetry={() => options.refetch()} />
      ) : (
        <>
          <section className={`${styles.section} ${styles.hero}`}>
            <p className={styles.meta}>卡号 {groupCardNumber(customNum ?? '')}</p>
            <p className={styles.balanceLine}>
              <small>当前余额（元）</small>
              <span data-testid="balance">{formatYuan(options.data.balance)}</span>
            </p>
          </section>
          {options.data.pre_store ? (
            <p className={styles.notice} role="note">
              该卡需先预存余额：充值到账后即可订购套餐，套餐可直接用余额支付。
            </p>
          ) : null}
          {options.data.first_recharge ? <RechargeOffer offer={options.data.first_recharge} to="/first_recharge" /> : null}
          <RechargeAmount options={options.data} state={recharge} />
          <Checkout request={request} payLabel="立即充值" pickFirst="请先选择或输入充值金额" />
        </>
      )}
    </div>
  );
}

export default withQuery(RechargePage);
