// /recharge — top up the card's balance: a preset amount or a whole amount from 1 to 5000.
import type { QuoteRequest } from '@portal/contract';
import { formatYuan, groupCardNumber } from '@portal/domain';
import { useMemo, useState } from 'react';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed } from '../../components/StateBlock';
import { useRechargeOptions } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { Checkout } from '../../features/commerce/components/Checkout';
import { checkRechargeAmount } from '../../features/commerce/model/rechargeAmount';
import { useStored } from '../../lib/useStored';
import { withQuery } from '../../lib/query';

function RechargePage() {
  const customNum = useStored('customNum');
  const options = useRechargeOptions(customNum);
  // a preset is chosen from the start, as carriers' apps do, so the price and the ways to pay show
  // at once: the first-recharge offer's amount when it is one of them, else the first
  const [picked, setPreset] = useState<number | null>(null);
  const offerAmount = options.data?.first_recharge?.amount;
  const preset =
    picked ?? (offerAmount !== undefined && options.data?.presets.includes(offerAmount) ? offerAmount : (options.data?.presets[0] ?? null));
  const [custom, setCustom] = useState('');
  const customCheck = custom ? checkRechargeAmount(custom) : null;
  const amount = customCheck ? (customCheck.ok ? customCheck.amount : null) : preset;
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
          {options.data.first_recharge ? (
            <Link className={styles.offer} to="/first_recharge">
              <strong>{options.data.first_recharge.title}</strong>
              <span>{options.data.first_recharge.description}</span>
              <span className={styles.chevron}>›</span>
            </Link>
          ) : null}
          <section className={styles.section} aria-label="充值金额">
            <h2 className={styles.sectionTitle}>充值金额</h2>
            <div className={styles.amounts}>
              {options.data.presets.map((p) => (
                <button
                  key={p}
                  type="button"
                  className={styles.amount}
                  aria-pressed={!custom && preset === p}
                  onClick={() => {
                    setPreset(p);
                    setCustom('');
                  }}
                >
                  {p}元
                </button>
              ))}
            </div>
            <input
              className={styles.input}
              inputMode="numeric"
              placeholder={`其他金额：请输入 ${options.data.min} 到 ${options.data.max} 的整数`}
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
              aria-label="其他金额"
            />
            {customCheck && !customCheck.ok ? (
              <p className={styles.fieldError} role="alert">
                {customCheck.error}
              </p>
            ) : null}
          </section>
          <Checkout request={request} payLabel="立即充值" pickFirst="请先选择或输入充值金额" />
        </>
      )}
    </div>
  );
}

export default withQuery(RechargePage);
