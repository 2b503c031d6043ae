// One package ordered for one card: what it is, what it does to this card (starts now, queues
// after the current package, stacks — the server's effect, decided by the rule that fulfils the
// order), a voucher, how to pay. The price to pay is the server's quote for this choice. A package
// that cannot be bought for the card says why and offers no payment. The body of /combo_detail
// (the current card) and /cpe_combo_detail (the current device's card).
import type { QuoteRequest } from '@portal/contract';
import { formatYuan, groupCardNumber } from '@portal/domain';
import { useMemo, useState } from 'react';
import { Link } from '../../../lib/router';
import { PageLoading } from '../../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../../components/StateBlock';
import { isRetryable } from '../../../lib/api';
import { usePackage, useUsableVouchers } from '../api/commerce';
import styles from '../commerce.module.css';
import ownStyles from './PackageOrder.module.css';
import type { PurchaseOrigin } from '../model/handoff';
import { flowLabel, PACKAGE_TYPE_LABEL, periodLabel } from '../model/labels';
import { recommendedAlone } from '../model/packages';
import { Checkout } from './Checkout';
import { EffectNote, WithWholeDates } from './PackageSummary';
import { VoucherPicker } from './VoucherPicker';

interface Props {
  customNum: string | undefined;
  packageId: number;
  /** the package list of this card, for 查看基础套餐 */
  listPath: string;
  /** where the purchase started, for the way back from its result pages (unset: the portal) */
  origin?: PurchaseOrigin;
  /** runs before 去充值 leaves for /recharge (which recharges the current card) */
  beforeTopUp?: () => Promise<void> | void;
}

export function PackageOrder({ customNum, packageId, listPath, origin, beforeTopUp }: Props) {
  const pkg = usePackage(customNum, packageId);
  // the server's word on this package for this card (what it does to it, or why it cannot be bought)
  const effect = pkg.data?.effect;
  const buyable = Boolean(pkg.data) && effect?.kind !== 'refused';
  const vouchers = useUsableVouchers(pkg.data?.voucher_allowed && buyable ? customNum : undefined, packageId);
  // undefined: the best voucher (the list comes best first); null: none
  const [voucherChoice, setVoucherChoice] = useState<number | null | undefined>(undefined);
  const voucherId = voucherChoice === undefined ? (vouchers.data?.list[0]?.id ?? null) : voucherChoice;
  const vouchersSettled = !pkg.data?.voucher_allowed || !vouchers.isPending;

  const request = useMemo<QuoteRequest | null>(
    () =>
      customNum && pkg.data && buyable && vouchersSettled
        ? { custom_num: customNum, goods_type: 'package', package_id: pkg.data.id, voucher_id: voucherId }
        : null,
    [customNum, pkg.data, buyable, vouchersSettled, voucherId],
  );

  if (pkg.isPending) return <PageLoading />;
  if (pkg.isError) {
    return isRetryable(pkg.error) ? (
      <LoadFailed text="套餐加载失败" onRetry={() => pkg.refetch()} />
    ) : (
      <StateBlock
        kind="error"
        text="该套餐不存在或当前卡片不可订购"
        action={
          <Link className="app-btn app-btn--primary" to={listPath} replace>
            查看可订购的套餐
          </Link>
        }
      />
    );
  }
  return (
    <>
      <section className={`${styles.section} ${styles.hero}`}>
        <div className={styles.row}>
          <span className={styles.name}>{pkg.data.name}</span>
          {recommendedAlone(pkg.data) ? <span className={styles.tag}>推荐</span> : null}
        </div>
        <div className={ownStyles.facts}>
          <Fact label="流量" value={flowLabel(pkg.data.flow_mb)} />
          <Fact label="有效期" value={periodLabel(pkg.data.period, pkg.data.period_count)} />
          <Fact label="类型" value={PACKAGE_TYPE_LABEL[pkg.data.package_type] ?? '套餐'} />
        </div>
        {pkg.data.description ? <p className={styles.meta}>{pkg.data.description}</p> : null}
      </section>
      {!buyable ? (
        <section className={styles.section} aria-label="无法订购">
          <p className={styles.sum}>
            <span>订购卡号</span>
            <span>{groupCardNumber(customNum ?? '')}</span>
          </p>
          {effect ? (
            <p className={`${styles.effect} ${styles.effectRefused}`} role="alert" data-testid="package-effect">
              <WithWholeDates text={effect.text} />
            </p>
          ) : null}
          <Link className={`app-btn app-btn--primary app-btn--block ${ownStyles.effectLink}`} to={`${listPath}?type=base`} replace>
            查看基础套餐
          </Link>
        </section>
      ) : (
        <Checkout request={request} origin={origin} beforeTopUp={beforeTopUp}>
          <section className={styles.section} aria-label="订单信息">
            <p className={styles.sum}>
              <span>订购卡号</span>
              <span>{groupCardNumber(customNum ?? '')}</span>
            </p>
            {pkg.data.effect ? (
              <div className={styles.sumBlock}>
                <span className={styles.sumLabel}>生效方式</span>
                <EffectNote effect={pkg.data.effect} />
              </div>
            ) : null}
            <p className={styles.sum}>
              <span>套餐价格</span>
              <span>
                {pkg.data.original_price > pkg.data.price ? (
                  <span className={styles.original}>¥{formatYuan(pkg.data.original_price)}</span>
                ) : null}{' '}
                ¥{formatYuan(pkg.data.price)}
              </span>
            </p>
            {pkg.data.voucher_allowed ? (
              <VoucherPicker
                vouchers={vouchers.data?.list ?? []}
                loading={vouchers.isPending}
                value={voucherId}
                onChange={setVoucherChoice}
              />
            ) : (
              <p className={styles.sum}>
                <span>优惠券</span>
                <span className={styles.reason}>该套餐不可使用优惠券</span>
              </p>
            )}
          </section>
        </Checkout>
      )}
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={ownStyles.fact}>
      <strong>{value}</strong>
      <span>{label}</span>
    </div>
  );
}
